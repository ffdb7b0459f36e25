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
