import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PICTURE_SIZES } from "./picture";
import { renderPicture, UnreadablePicture } from "./picture.server";

/** A 300×200 JPEG, left half red and right half blue, carrying what a phone writes into a photo. */
async function phoneJpeg(orientation = 1): Promise<Buffer> {
  const half = { width: 150, height: 200, channels: 3 as const };
  const red = await sharp({ create: { ...half, background: "#ff0000" } })
    .png()
    .toBuffer();
  const blue = await sharp({ create: { ...half, background: "#0000ff" } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 300, height: 200, channels: 3, background: "#000" } })
    .composite([
      { input: red, left: 0, top: 0 },
      { input: blue, left: 150, top: 0 },
    ])
    .jpeg()
    .withMetadata({ orientation })
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 15", Copyright: "Where I live" },
      IFD2: { BodySerialNumber: "SN-1234567", DateTimeOriginal: "2026:11:01 08:30:00" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "51/1 30/1 2644/100",
        GPSLongitudeRef: "W",
        GPSLongitude: "0/1 7/1 3981/100",
      },
    })
    .toBuffer();
}

const colourAt = async (webp: Uint8Array, x: number, y: number) => {
  const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at], data[at + 1], data[at + 2]];
};

describe("renderPicture", () => {
  it("the test photo carries Exif with a GPS position, as a phone's does", async () => {
    const meta = await sharp(await phoneJpeg()).metadata();
    expect(meta.exif?.toString("latin1")).toContain("Phone 15");
    expect(meta.exif?.toString("latin1")).toContain("SN-1234567");
  });

  it("writes every size as a square WebP without any metadata block", async () => {
    const sizes = await renderPicture(new Uint8Array(await phoneJpeg()));
    expect(sizes.map((s) => s.size)).toEqual([...PICTURE_SIZES]);
    for (const { size, bytes } of sizes) {
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: "webp", width: size, height: size });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      const text = Buffer.from(bytes).toString("latin1");
      for (const leak of ["Exif", "EXIF", "XMP ", "ICCP", "Phone 15", "SN-1234567", "Where I live"])
        expect(text, `${size}: ${leak}`).not.toContain(leak);
    }
  });

  it("turns the picture upright by its orientation tag first", async () => {
    // Orientation 6: the camera was turned; shown upright, the left (red) half is on top.
    const [upright] = await renderPicture(new Uint8Array(await phoneJpeg(6)));
    const top = await colourAt(upright!.bytes, 32, 4);
    const bottom = await colourAt(upright!.bytes, 32, 60);
    expect(top[0]).toBeGreaterThan(200);
    expect(top[2]).toBeLessThan(60);
    expect(bottom[2]).toBeGreaterThan(200);
    expect(bottom[0]).toBeLessThan(60);
  });

  it("reads an upload from the file it was streamed to", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "picture-"));
    try {
      const file = path.join(dir, "upload");
      writeFileSync(
        file,
        await sharp({ create: { width: 40, height: 30, channels: 4, background: "#0f08" } })
          .png()
          .toBuffer(),
      );
      const sizes = await renderPicture({ file });
      expect((await sharp(sizes[3]!.bytes).metadata()).width).toBe(512);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses what is not a JPEG, PNG or WebP picture, before and after its first bytes", async () => {
    const svg = Buffer.from("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/>");
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
      .gif()
      .toBuffer();
    const fakePng = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const textAsJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from("not a picture at all")]);
    for (const input of [svg, gif, fakePng, textAsJpeg, Buffer.alloc(0)])
      await expect(renderPicture(new Uint8Array(input))).rejects.toBeInstanceOf(UnreadablePicture);
  });
});
