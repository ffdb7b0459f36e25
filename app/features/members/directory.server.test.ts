import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openSqliteStore } from "~/engine/store/sqlite.server";
import type { DocStore } from "~/engine/store/types";
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

describe("loadDirectory: members kept between requests, never older than the store", () => {
  it("shows a renamed member, a new rate, a new member and a member coming online at the next read", async () => {
    await store.set("users/ana", member("Ana", 1));
    await store.set("users/ben", member("Ben", 2));
    const first = await loadDirectory(store, "ben");
    expect(first.map((e) => [e.uid, e.fullName, e.online])).toEqual([["ana", "Ana", false]]);

    await store.set("teaching/ana", { weekly: [], exceptions: [], rates: { guitar: 12 } });
    expect((await loadDirectory(store, "ben"))[0].rates).toEqual({ guitar: 12 });

    await store.update("users/ana", { fullName: "Ana María" });
    await store.set("users/cy", member("Cy", 3));
    await store.set("status/ana", { state: "online", last_changed: Date.now(), lease_ms: 0 });
    const second = await loadDirectory(store, "ben");
    expect(second.map((e) => [e.uid, e.fullName, e.rates, e.online])).toEqual([
      ["cy", "Cy", {}, false],
      ["ana", "Ana María", { guitar: 12 }, true],
    ]);
    // Each viewer is left out of their own directory, whoever asked first.
    expect((await loadDirectory(store, "ana")).map((e) => e.uid)).toEqual(["cy", "ben"]);
  });
});
