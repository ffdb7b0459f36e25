import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLocalFileStore } from "./local.server";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "files-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("local FileStore", () => {
  it("stores, replaces, reads and deletes bytes with their content type", async () => {
    const files = createLocalFileStore(dir);
    await files.put("avatars/u1/1", new Uint8Array([1, 2, 3]), "image/png");
    await files.put("avatars/u1/1", new Uint8Array([4, 5]), "image/webp");
    expect(await files.get("avatars/u1/1")).toEqual({ bytes: new Uint8Array([4, 5]), contentType: "image/webp" });
    expect(readdirSync(path.join(dir, "avatars", "u1")).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    await files.delete("avatars/u1/1");
    expect(await files.get("avatars/u1/1")).toBeNull();
    await files.delete("avatars/u1/1");
  });
  it("refuses keys that could leave its folder", async () => {
    const files = createLocalFileStore(dir);
    await expect(files.put("../etc/passwd", new Uint8Array([1]), "text/plain")).rejects.toThrow(/Invalid file key/);
    await expect(files.get("a/../../b")).rejects.toThrow(/Invalid file key/);
  });
});

describe("local FileStore streams", () => {
  it("writes chunks as they come and reads them back as a stream with the size", async () => {
    const files = createLocalFileStore(dir);
    async function* chunks() {
      yield new Uint8Array([1, 2]);
      yield new Uint8Array([3]);
    }
    expect(await files.putStream("exports/u1/a.zip", chunks(), "application/zip")).toEqual({ size: 3 });
    const read = await files.getStream("exports/u1/a.zip");
    expect(read).toMatchObject({ size: 3, contentType: "application/zip" });
    expect(new Uint8Array(await new Response(read!.stream).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect(await files.getStream("exports/u1/none.zip")).toBeNull();
  });

  it("leaves no file, not even a part or its type, when the source fails", async () => {
    const files = createLocalFileStore(dir);
    async function* failing() {
      yield new Uint8Array([1]);
      throw new Error("the store went away");
    }
    await expect(files.putStream("exports/u1/b.zip", failing(), "application/zip")).rejects.toThrow(/went away/);
    expect(await files.getStream("exports/u1/b.zip")).toBeNull();
    expect(readdirSync(path.join(dir, "exports", "u1"))).toEqual([]);
  });
});
