/**
 * The read cache is exact: a kept value is never older than the change log says, whether the
 * commit came from this process's store or from another process (a second connection here).
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connectFirestore, openFirestoreStore } from "./firestore.server";
import { keptUntilWritten, ReadCache, withOneLogLook } from "./read-cache.server";
import { openSqliteStore, type SqliteStore } from "./sqlite.server";

let dir: string;
let file: string;
let store: SqliteStore;
let other: SqliteStore;

beforeEach(() => {
  dir = path.join(os.tmpdir(), `skillswap-read-cache-${randomUUID()}`);
  file = path.join(dir, "store.sqlite");
  store = openSqliteStore(file);
  other = openSqliteStore(file);
});

afterEach(async () => {
  await store.close();
  await other.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A balance read through the cache, counting the reads that reached the store. */
function balanceReader(cache: ReadCache, uid: string) {
  let reads = 0;
  const read = () =>
    cache.read(
      `balance:${uid}`,
      (p) => p === `wallets/${uid}`,
      async () => {
        reads += 1;
        return { balance: ((await store.get(`wallets/${uid}`))?.data.balance as number | undefined) ?? 0 };
      },
    );
  return { read, reads: () => reads };
}

describe("ReadCache over the SQLite change log", () => {
  it("keeps a value while nothing it depends on is written", async () => {
    await store.set("wallets/a", { balance: 5 });
    const cache = new ReadCache(store);
    const a = balanceReader(cache, "a");
    expect(await a.read()).toEqual({ balance: 5 });
    await store.set("wallets/b", { balance: 1 });
    await other.set("notifications/a/messages/m1", { title: "hi" });
    expect(await a.read()).toEqual({ balance: 5 });
    expect(a.reads()).toBe(1);
  });

  it("reads again after this process writes a path it depends on", async () => {
    await store.set("wallets/a", { balance: 5 });
    const cache = new ReadCache(store);
    const a = balanceReader(cache, "a");
    await a.read();
    await store.update("wallets/a", { balance: 7 });
    expect(await a.read()).toEqual({ balance: 7 });
    expect(a.reads()).toBe(2);
  });

  it("reads again after another process writes a path it depends on, with no notice but the log", async () => {
    await store.set("wallets/a", { balance: 5 });
    const cache = new ReadCache(store);
    const a = balanceReader(cache, "a");
    await a.read();
    await other.update("wallets/a", { balance: 9 });
    expect(await a.read()).toEqual({ balance: 9 });
  });

  it("never keeps a value read before a commit that landed while it was computed", async () => {
    await store.set("wallets/a", { balance: 5 });
    const cache = new ReadCache(store);
    const first = await cache.read(
      "balance:a",
      (p) => p === "wallets/a",
      async () => {
        const before = (await store.get("wallets/a"))!.data.balance;
        await other.update("wallets/a", { balance: 6 });
        return { balance: before };
      },
    );
    expect(first).toEqual({ balance: 5 });
    const a = balanceReader(cache, "a");
    expect(await a.read()).toEqual({ balance: 6 });
  });

  it("reads everything again when the log no longer reaches back to a kept value", async () => {
    await store.set("wallets/a", { balance: 5 });
    const cache = new ReadCache(store, { maxChanges: 3 });
    const a = balanceReader(cache, "a");
    await a.read();
    // Unrelated writes push the change that matters out of the rows kept in memory.
    await store.update("wallets/a", { balance: 8 });
    for (let i = 0; i < 5; i++) await store.set(`wallets/x${i}`, { balance: i });
    expect(await a.read()).toEqual({ balance: 8 });
    for (let i = 0; i < 5; i++) await store.set(`wallets/y${i}`, { balance: i });
    expect(await a.read()).toEqual({ balance: 8 });
    expect(a.reads()).toBe(3);
  });

  it("reads again when the store has pruned the log's row of a write it depends on (changesSince answers null)", async () => {
    await store.set("wallets/a", { balance: 5 });
    // Rows enough in memory for every commit below: only the store's pruning can lose the write.
    const cache = new ReadCache(store, { maxChanges: 100_000 });
    const a = balanceReader(cache, "a");
    await a.read();
    await other.update("wallets/a", { balance: 6 });
    // The store prunes rows 20,000 commits behind its newest (CHANGES_KEPT): the update's row goes.
    for (let i = 0; i < 21_000; i++) await other.set("presence/x", { i });
    expect(await a.read()).toEqual({ balance: 6 });
    expect(a.reads()).toBe(2);
  });

  it("hands out frozen values, so no request can change what another is given", async () => {
    const cache = new ReadCache(store);
    const value = await cache.read(
      "list",
      () => false,
      async () => ({ items: [{ n: 1 }] }),
    );
    expect(() => value.items.push({ n: 2 })).toThrow(TypeError);
    expect(() => (value.items[0].n = 3)).toThrow(TypeError);
  });

  it("keeps at most maxEntries values, dropping the least recently used", async () => {
    const cache = new ReadCache(store, { maxEntries: 2 });
    let computed = 0;
    const read = (key: string) =>
      cache.read(
        key,
        () => false,
        async () => ++computed,
      );
    await read("a");
    await read("b");
    await read("a");
    await read("c");
    expect(cache.size).toBe(2);
    await read("a");
    expect(computed).toBe(3);
    await read("b");
    expect(computed).toBe(4);
  });
});

describe("one look at the change log per request (decision 104)", () => {
  /** The store's change log, counting how often the cache asks whether anyone committed (a statement each). */
  function countingLog() {
    let looks = 0;
    const log = {
      get commitsSeen() {
        looks += 1;
        return store.commitsSeen;
      },
      get localCommits() {
        return store.localCommits;
      },
      latestVersion: () => store.latestVersion(),
      changesSince: (version: number) => store.changesSince(version),
    };
    const cache = new ReadCache(log);
    looks = 0; // the cache's own start
    return { cache, looks: () => looks };
  }

  it("looks once for every kept read of the request's loaders, and shows another process's commit at the next request", async () => {
    await store.set("wallets/a", { balance: 5 });
    await store.set("wallets/b", { balance: 1 });
    const { cache, looks } = countingLog();
    const a = balanceReader(cache, "a");
    const b = balanceReader(cache, "b");
    const request = {};
    const loader = () =>
      withOneLogLook(request, async () => [await a.read(), await b.read(), await a.read(), await b.read()]);
    const [layout, page] = await Promise.all([loader(), loader()]);
    expect(layout).toEqual([{ balance: 5 }, { balance: 1 }, { balance: 5 }, { balance: 1 }]);
    expect(page).toEqual(layout);
    expect(looks()).toBe(1);

    await other.update("wallets/a", { balance: 9 });
    expect(await withOneLogLook({}, () => a.read())).toEqual({ balance: 9 });
    expect(looks()).toBe(2);
  });

  it("shows this process's own commit to the rest of the request (its action's, or another request's)", async () => {
    await store.set("wallets/a", { balance: 5 });
    const { cache } = countingLog();
    const a = balanceReader(cache, "a");
    const seen = await withOneLogLook({}, async () => {
      const before = await a.read();
      await store.update("wallets/a", { balance: 3 });
      return [before, await a.read()];
    });
    expect(seen).toEqual([{ balance: 5 }, { balance: 3 }]);
  });

  it("looks every time once the request's loaders are done (what a live stream's callbacks read later)", async () => {
    await store.set("wallets/a", { balance: 5 });
    const { cache } = countingLog();
    const a = balanceReader(cache, "a");
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    let streamed!: Promise<unknown[]>;
    await withOneLogLook({}, async () => {
      await a.read();
      // Registered by the loader, run after it answered: in its async context, as a stream's callbacks are.
      streamed = opened.then(async () => {
        const first = await a.read();
        await other.update("wallets/a", { balance: 7 });
        return [first, await a.read()];
      });
    });
    await other.update("wallets/a", { balance: 4 });
    open();
    expect(await streamed).toEqual([{ balance: 4 }, { balance: 7 }]);
  });
});

describe("keptUntilWritten: a value kept until one of the documents it names is written (decision 181)", () => {
  /** `paths`' documents read through `keptUntilWritten` on `on`, counting the reads that reached the store. */
  function namedReader(on: object, key: string, paths: string | readonly string[]) {
    let reads = 0;
    const read = () =>
      keptUntilWritten(on, key, paths, async () => {
        reads += 1;
        const named = typeof paths === "string" ? [paths] : paths;
        return (await store.getAll(named)).map((doc) => (doc?.data.n as number | undefined) ?? null);
      });
    return { read, reads: () => reads };
  }

  it("one document: kept while others are written, read again once it is, from this process or another", async () => {
    await store.set("users/a", { n: 1 });
    const a = namedReader(store, "profile:a", "users/a");
    expect(await a.read()).toEqual([1]);
    // Paths that start like it or lie under it are other documents.
    await store.set("users/ab", { n: 5 });
    await other.set("users/a/xp/1", { n: 6 });
    await other.set("teaching/a", { n: 7 });
    expect(await a.read()).toEqual([1]);
    expect(a.reads()).toBe(1);
    await other.update("users/a", { n: 2 });
    expect(await a.read()).toEqual([2]);
    await store.update("users/a", { n: 3 });
    expect(await a.read()).toEqual([3]);
    expect(a.reads()).toBe(3);
  });

  it("several documents: a write to any one of them drops the value, a write elsewhere does not", async () => {
    await store.set("status/a", { n: 1 });
    await store.set("status/b", { n: 2 });
    const ab = namedReader(store, "status:a,b", ["status/a", "status/b"]);
    expect(await ab.read()).toEqual([1, 2]);
    await store.set("status/c", { n: 3 });
    await other.set("status/ab", { n: 4 });
    expect(await ab.read()).toEqual([1, 2]);
    expect(ab.reads()).toBe(1);
    await other.update("status/b", { n: 5 });
    expect(await ab.read()).toEqual([1, 5]);
    await store.delete("status/a");
    expect(await ab.read()).toEqual([null, 5]);
    await other.set("status/c", { n: 6 });
    expect(await ab.read()).toEqual([null, 5]);
    expect(ab.reads()).toBe(3);
  });

  it("a list of paths is checked by one lookup per path, however many paths were written since (decision 197)", async () => {
    await store.set("sessions/s", { n: 1 });
    const cache = new ReadCache(store);
    const paths = ["sessions/s"];
    let looked = 0;
    // Counts the reads of the list's entries, which is how the cache goes through it.
    const counted = new Proxy(paths, {
      get(target, key, receiver) {
        if (typeof key === "string" && /^\d+$/.test(key)) looked += 1;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    let reads = 0;
    const read = () =>
      cache.read("session:s", counted, async () => {
        reads += 1;
        return (await store.get("sessions/s"))?.data.n ?? null;
      });
    expect(await read()).toBe(1);
    for (let i = 0; i < 300; i++) await (i % 2 ? other : store).set(`chats/c${i}`, { n: i });
    looked = 0;
    expect(await read()).toBe(1);
    expect(looked).toBe(1);
    // A path added to the list after a read (the session's account, once known) counts from then on.
    paths.push("auth_users/u");
    await other.set("auth_users/u", { n: 2 });
    await other.set("chats/x", { n: 3 });
    expect(await read()).toBe(1);
    expect(reads).toBe(2);
    await store.update("sessions/s", { n: 4 });
    expect(await read()).toBe(4);
    expect(reads).toBe(3);
  });

  it("a list of paths: a path's older write leaving the rows kept in memory keeps its newer one (decision 197)", async () => {
    await store.set("users/a", { n: 1 });
    const cache = new ReadCache(store, { maxChanges: 3 });
    let reads = 0;
    const read = () =>
      cache.read("profile:a", ["users/a"], async () => {
        reads += 1;
        return (await store.get("users/a"))?.data.n ?? null;
      });
    expect(await read()).toBe(1);
    await store.update("users/a", { n: 2 });
    expect(await read()).toBe(2);
    // Four rows for three places: the first write to users/a goes, its second must still count.
    await other.update("users/a", { n: 3 });
    await other.set("users/x1", { n: 0 });
    await other.set("users/x2", { n: 0 });
    expect(await read()).toBe(3);
    // Pushed out far enough, every value kept before is read again.
    for (let i = 0; i < 5; i++) await store.set(`users/y${i}`, { n: i });
    expect(await read()).toBe(3);
    expect(reads).toBe(4);
  });

  it("computes every time on a store without a change log (Firestore)", async () => {
    // Never reached: the value is read from the SQLite store, and the Firestore client connects lazily.
    const firestore = openFirestoreStore(
      connectFirestore({ projectId: "demo-read-cache", emulatorHost: "127.0.0.1:9" }),
    );
    try {
      await store.set("users/a", { n: 1 });
      const a = namedReader(firestore, "profile:a", "users/a");
      expect(await a.read()).toEqual([1]);
      expect(await a.read()).toEqual([1]);
      expect(a.reads()).toBe(2);
    } finally {
      await firestore.close();
    }
  });
});
