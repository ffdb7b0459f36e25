import { describe, expect, it } from "vitest";
import { detectImageType, readImageSize } from "./image-type";

describe("detectImageType", () => {
  it("knows JPEG, PNG and WebP by their first bytes", () => {
    expect(detectImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0]))).toBe("image/jpeg");
    expect(detectImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("image/png");
    expect(detectImageType(new TextEncoder().encode("RIFF\u0000\u0000\u0000\u0000WEBPVP8 "))).toBe("image/webp");
  });
  it("refuses everything else, whatever it is called", () => {
    expect(detectImageType(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(detectImageType(new TextEncoder().encode("GIF89a"))).toBeNull();
    expect(detectImageType(new Uint8Array([]))).toBeNull();
  });
});

describe("readImageSize", () => {
  const png = (width: number, height: number) => {
    // A 1-row PNG built by the same rules the browser checks: signature, IHDR, IDAT, IEND with checksums.
    const chunk = (type: string, body: number[]) => {
      const typed = [...new TextEncoder().encode(type), ...body];
      const crc = crcOf(Uint8Array.from(typed));
      return [...be32(body.length), ...typed, ...be32(crc)];
    };
    const ihdr = [...be32(width), ...be32(height), 8, 2, 0, 0, 0];
    return Uint8Array.from([
      0x89,
      0x50,
      0x4e,
      0x47,
      0x0d,
      0x0a,
      0x1a,
      0x0a,
      ...chunk("IHDR", ihdr),
      ...chunk("IDAT", [1, 2, 3]),
      ...chunk("IEND", []),
    ]);
  };
  const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  const crcOf = (bytes: Uint8Array) => {
    let crc = 0xffffffff;
    for (const byte of bytes) {
      crc ^= byte;
      for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
    }
    return (crc ^ 0xffffffff) >>> 0;
  };

  it("reads the size of a well-formed PNG", () => {
    expect(readImageSize(png(3, 2), "image/png")).toEqual({ width: 3, height: 2 });
  });

  it("refuses a PNG signature alone, a broken checksum and a zero size", () => {
    expect(readImageSize(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), "image/png")).toBeNull();
    const broken = png(3, 2);
    broken[20] ^= 1;
    expect(readImageSize(broken, "image/png")).toBeNull();
    expect(readImageSize(png(0, 2), "image/png")).toBeNull();
  });

  it("reads a JPEG frame header and refuses a JPEG that stops before its scan", () => {
    const sof = [0xff, 0xc0, 0, 11, 8, 0, 20, 0, 30, 1, 1, 0x11, 0];
    const sos = [0xff, 0xda, 0, 8, 1, 1, 0, 0, 0x3f, 0];
    expect(readImageSize(Uint8Array.from([0xff, 0xd8, ...sof, ...sos, 1, 2, 0xff, 0xd9]), "image/jpeg")).toEqual({
      width: 30,
      height: 20,
    });
    expect(readImageSize(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]), "image/jpeg")).toBeNull();
  });
});
