/** Decision 027's one-off conversion, on the real embedded store and file store. */
import path from "node:path";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { migrationPath } from "~/documents/migrations";
import { DEFAULT_AVATAR } from "~/documents/users";
import { createLocalFileStore } from "~/engine/files/local.server";
import type { FileStore } from "~/engine/files/types";
import { useTempStore } from "../../../tests/support/temp-store";
import { legacyPictureKey, pictureKey, uploadAvatar } from "./avatar.server";
import { PICTURE_SIZES } from "./picture";
import { convertStoredPictures, PICTURES_TO_WEBP } from "./picture-migration.server";

const NOW = Date.UTC(2026, 10, 26, 12, 0);
const { store, dir } = useTempStore("picture-migration-");
let files: FileStore;

beforeEach(() => {
  files = createLocalFileStore(path.join(dir(), "files"));
});

/** A picture stored the way uploads were before decision 027: the file as it came, Exif and all. */
async function legacyPicture(uid: string, version: string, bytes: Uint8Array, type = "image/jpeg") {
  await files.put(legacyPictureKey(uid, version), bytes, type);
  await store.set(`users/${uid}`, { fullName: uid, profilePicture: `/avatars/${uid}/${version}` });
}

const gpsJpeg = () =>
  sharp({ create: { width: 120, height: 90, channels: 3, background: "#3a6" } })
    .jpeg()
    .withExif({ IFD0: { Model: "Phone 15" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 26/1" } })
    .toBuffer();

const pictureOf = async (uid: string) => (await store.get(`users/${uid}`))?.data.profilePicture as string;

describe("convertStoredPictures", () => {
  it("re-encodes every stored picture under a new URL, removes the original, and runs once", async () => {
    await legacyPicture("ana", "old1", new Uint8Array(await gpsJpeg()));
    await legacyPicture("bea", "old2", new Uint8Array(Buffer.from("these bytes never were a picture")));
    await store.set("users/cem", { fullName: "Cem", profilePicture: DEFAULT_AVATAR });

    expect(await convertStoredPictures(store, files, NOW)).toBe(2);

    const ana = await pictureOf("ana");
    expect(ana).toMatch(/^\/avatars\/ana\/[0-9a-z]+$/);
    expect(ana).not.toBe("/avatars/ana/old1");
    const version = ana.split("/").pop()!;
    for (const size of PICTURE_SIZES) {
      const file = await files.get(pictureKey("ana", version, size));
      expect(file?.contentType).toBe("image/webp");
      const meta = await sharp(file!.bytes).metadata();
      expect(meta).toMatchObject({ format: "webp", width: size });
      expect(meta.exif).toBeUndefined();
      expect(Buffer.from(file!.bytes).toString("latin1")).not.toContain("Phone 15");
    }
    expect(await files.get(legacyPictureKey("ana", "old1"))).toBeNull();
    // What cannot be decoded is not kept public: removed, and the default picture shown.
    expect(await pictureOf("bea")).toBe(DEFAULT_AVATAR);
    expect(await files.get(legacyPictureKey("bea", "old2"))).toBeNull();
    expect(await pictureOf("cem")).toBe(DEFAULT_AVATAR);
    expect((await store.get(migrationPath(PICTURES_TO_WEBP)))?.data).toEqual({ doneAt: NOW, changed: 2 });

    // Done is done: a picture stored the old way afterwards (none can be) is left alone.
    await legacyPicture("dan", "old3", new Uint8Array(await gpsJpeg()));
    expect(await convertStoredPictures(store, files, NOW + 1)).toBe(0);
    expect(await pictureOf("dan")).toBe("/avatars/dan/old3");
  });

  it("keeps a picture the member uploaded while the conversion ran", async () => {
    await legacyPicture("eva", "old4", new Uint8Array(await gpsJpeg()));
    const fresh = await uploadAvatar(store, files, "eva", new Uint8Array(await gpsJpeg()), NOW - 1);
    // The conversion read the old URL before the upload: it replaces only what is still shown.
    expect(await uploadAvatar(store, files, "eva", new Uint8Array(await gpsJpeg()), NOW, "/avatars/eva/old4")).toBe(
      fresh,
    );
    expect(await pictureOf("eva")).toBe(fresh);
    expect(await files.get(pictureKey("eva", NOW.toString(36), 64))).toBeNull();
    expect(await files.get(pictureKey("eva", fresh.split("/").pop()!, 64))).not.toBeNull();
  });
});
