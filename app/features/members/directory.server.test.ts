import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openSqliteStore } from "~/engine/store/sqlite.server";
import type { DocStore } from "~/engine/store/types";
import { readDirectoryQuery, searchDirectory } from "./directory";
import { loadDirectory } from "./directory.server";

// A store of its own per test, not the shared temp-store stand-in: the read cache is kept per store
// object, and this test is about what it keeps.
let dir: string;
let store: DocStore;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "directory-"));
  store = openSqliteStore(path.join(dir, "test.sqlite"));
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const member = (fullName: string, createdAt: number) => ({
  fullName,
  createdAt,
  skillsOffered: [{ tag: "guitar", label: "Guitar", level: "expert" }],
});

/** The cards a viewer's directory shows, sorted by name. */
async function listed(viewerUid: string) {
  const sortedByName = readDirectoryQuery(new URLSearchParams("sort=name"));
  const { entries } = searchDirectory(await loadDirectory(store, viewerUid), sortedByName);
  return entries.map((e) => ({ uid: e.uid, fullName: e.fullName, rates: e.rates, online: e.online }));
}

describe("loadDirectory: members kept between requests, never older than the store", () => {
  it("shows a renamed member, a new rate, a new member and a member coming online at the next read", async () => {
    await store.set("users/ana", member("Ana", 1));
    await store.set("users/ben", member("Ben", 2));
    expect(await listed("ben")).toEqual([{ uid: "ana", fullName: "Ana", rates: {}, online: false }]);

    await store.set("teaching/ana", { weekly: [], exceptions: [], rates: { guitar: 12 } });
    expect((await listed("ben"))[0].rates).toEqual({ guitar: 12 });

    await store.update("users/ana", { fullName: "Ana María" });
    await store.set("users/cy", member("Cy", 3));
    await store.set("status/ana", { state: "online", last_changed: Date.now(), lease_ms: 0 });
    expect(await listed("ben")).toEqual([
      { uid: "ana", fullName: "Ana María", rates: { guitar: 12 }, online: true },
      { uid: "cy", fullName: "Cy", rates: {}, online: false },
    ]);
    // Each viewer is left out of their own directory, whoever asked first.
    expect((await listed("ana")).map((m) => m.uid)).toEqual(["ben", "cy"]);
  });

  it("keeps the members in name order: a new member and a renamed one take their places at the next read (decision 124)", async () => {
    await store.set("users/ana", member("Ana", 1));
    await store.set("users/cy", member("Cy", 2));
    await store.set("users/viewer", member("Viewer", 3));
    expect((await listed("viewer")).map((m) => m.fullName)).toEqual(["Ana", "Cy"]);

    await store.set("users/ben", member("Ben", 4));
    expect((await listed("viewer")).map((m) => m.fullName)).toEqual(["Ana", "Ben", "Cy"]);

    await store.update("users/ana", { fullName: "Zoe" });
    expect((await listed("viewer")).map((m) => m.fullName)).toEqual(["Ben", "Cy", "Zoe"]);
  });
});
