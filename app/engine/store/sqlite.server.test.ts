/**
 * What the SQLite store does beyond the shared contract (tests/contract): query translation
 * details, value checks, optimistic transactions against a second connection, and how
 * watchers behave when callbacks or re-reads fail.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { forgetLoggedPath } from "./change-log.server";
import { openSqliteStore } from "./sqlite.server";
import { compileQuery } from "./sqlite/queries.server";
import { BUSY_ATTEMPTS } from "./sqlite/transaction.server";
import { StoreBusyError, type Doc, type DocStore, type Query, type QueryChanges } from "./types";

let dir: string;
let file: string;
let store: DocStore;
const extraStores: DocStore[] = [];

beforeEach(() => {
  dir = path.join(os.tmpdir(), `skillswap-sqlite-${randomUUID()}`);
  file = path.join(dir, "store.sqlite");
  store = openSqliteStore(file);
});

afterEach(async () => {
  await store.close();
  for (const other of extraStores.splice(0)) await other.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** How SQLite would answer `query` on the store's file: EXPLAIN QUERY PLAN's details, joined by "; ". */
function queryPlan(query: Query): string {
  const { tail, params } = compileQuery(query);
  const db = new Database(file, { readonly: true });
  const plan = db.prepare(`EXPLAIN QUERY PLAN SELECT path ${tail}`).all(...params) as { detail: string }[];
  db.close();
  return plan.map((row) => row.detail).join("; ");
}

/** A second connection to the same file: its commits are invisible to the first store's bookkeeping. */
function otherConnection(): DocStore {
  const other = openSqliteStore(file);
  extraStores.push(other);
  return other;
}

const ids = (docs: Doc[]) => docs.map((d) => d.id);
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("paths and values", () => {
  it("refuses malformed document and collection paths", async () => {
    await expect(store.get("users")).rejects.toThrow(/even number/);
    await expect(store.create("users/u1/posts", { a: 1 })).rejects.toThrow(/even number/);
    await expect(store.get("users//u1")).rejects.toThrow(/empty segment/);
    await expect(store.query({ collection: "users/u1" })).rejects.toThrow(/odd number/);
    expect(() => store.watchDoc("/users/u1", () => {})).toThrow(/empty segment/);
  });

  it("refuses values that JSON would silently change, and stores nothing", async () => {
    await expect(store.set("users/u1", { when: new Date() })).rejects.toThrow(/Date/);
    await expect(store.set("users/u1", { n: Number.NaN })).rejects.toThrow(/finite/);
    await expect(store.set("users/u1", { nested: { gone: undefined } })).rejects.toThrow(/undefined/);
    await expect(store.transaction(async (tx) => tx.set("users/u1", { list: [Infinity] }))).rejects.toThrow(/finite/);
    expect(await store.get("users/u1")).toBeNull();
  });

  it("keeps the data a transaction buffered even if the caller mutates its object afterwards", async () => {
    await store.transaction(async (tx) => {
      const data = { xp: 1 };
      tx.set("users/u1", data);
      data.xp = 2;
    });
    expect((await store.get("users/u1"))?.data).toEqual({ xp: 1 });
  });
});

describe("query translation", () => {
  beforeEach(async () => {
    await store.set("items/a", { n: 3, "first-name": "x", meta: { rank: 2, tags: ["p"] }, pair: [1, 2] });
    await store.set("items/b", { n: 1, "first-name": "y", meta: { rank: 1, tags: ["q", "p"] }, pair: [2, 1] });
    await store.set("items/c", { n: 3, meta: { rank: 3 }, pair: [1, 2], objs: [{ k: 1 }] });
    await store.set("items/d", { n: 2.5 });
  });

  it("addresses nested map fields with dotted names and quotes odd field names", async () => {
    expect(ids(await store.query({ collection: "items", where: [["meta.rank", ">=", 2]] }))).toEqual(["a", "c"]);
    expect(ids(await store.query({ collection: "items", orderBy: [["meta.rank", "desc"]] }))).toEqual(["c", "a", "b"]);
    expect(ids(await store.query({ collection: "items", where: [["meta.tags", "array-contains", "p"]] }))).toEqual([
      "a",
      "b",
    ]);
    expect(ids(await store.query({ collection: "items", where: [["first-name", "==", "y"]] }))).toEqual(["b"]);
  });

  it("compares arrays and maps by value", async () => {
    expect(ids(await store.query({ collection: "items", where: [["pair", "==", [1, 2]]] }))).toEqual(["a", "c"]);
    expect(ids(await store.query({ collection: "items", where: [["pair", "in", [[2, 1]]]] }))).toEqual(["b"]);
    expect(ids(await store.query({ collection: "items", where: [["objs", "array-contains", { k: 1 }]] }))).toEqual([
      "c",
    ]);
    expect(ids(await store.query({ collection: "items", where: [["meta", "==", { rank: 3 }]] }))).toEqual(["c"]);
  });

  it("matches integers and fractions as the same type and breaks ties by id in the last direction", async () => {
    expect(ids(await store.query({ collection: "items", where: [["n", ">", 2]] }))).toEqual(["d", "a", "c"]);
    expect(ids(await store.query({ collection: "items", orderBy: [["n", "desc"]] }))).toEqual(["c", "a", "d", "b"]);
    expect(ids(await store.query({ collection: "items", where: [["n", "in", [2.5, 1]]] }))).toEqual(["b", "d"]);
  });

  it("orders by an inequality field that orderBy does not name, as Firestore does", async () => {
    const result = await store.query({ collection: "items", where: [["n", "<", 3]], orderBy: [["meta.rank", "asc"]] });
    // d has no meta.rank, so it is left out; b is the only other document below 3.
    expect(ids(result)).toEqual(["b"]);
    expect(ids(await store.query({ collection: "items", where: [["n", ">=", 1]], limit: 2 }))).toEqual(["b", "d"]);
  });

  it("reads who is online and who was seen lately through their indexes, not every member's status (decision 097)", async () => {
    await store.set("status/a", { state: "online", last_changed: 5 });
    await store.set("status/b", { state: "offline", last_changed: 1 });
    const online = { collection: "status", where: [["state", "==", "online"]] } satisfies Query;
    const recent = { collection: "status", where: [["last_changed", ">=", 2]] } satisfies Query;
    expect(ids(await store.query(online))).toEqual(["a"]);
    expect(ids(await store.query(recent))).toEqual(["a"]);
    expect(queryPlan(online)).toMatch(/USING INDEX docs_by_state \(parent=\? AND <expr>=\?\)/);
    expect(queryPlan(recent)).toMatch(/USING INDEX docs_by_last_changed \(parent=\? AND <expr>>\?\)/);
  });

  it("reads a member's waiting requests through the member's index, not every waiting request (decision 134)", async () => {
    // Many requests wait, one of them the learner's: the state picks out all of them, the learner a few.
    await store.set("bookings/mine", { learnerUid: "l", mentorUid: "m", state: "requested" });
    await store.set("bookings/done", { learnerUid: "l", mentorUid: "m", state: "completed" });
    for (const other of ["x", "y", "z"])
      await store.set(`bookings/${other}`, { learnerUid: other, mentorUid: other, state: "requested" });
    const learnersWaiting = {
      collection: "bookings",
      where: [
        ["learnerUid", "==", "l"],
        ["state", "==", "requested"],
      ],
      limit: 5,
    } satisfies Query;
    const mentorsWaiting = {
      collection: "bookings",
      where: [
        ["state", "==", "requested"],
        ["mentorUid", "==", "m"],
      ],
    } satisfies Query;
    expect(ids(await store.query(learnersWaiting))).toEqual(["mine"]);
    expect(ids(await store.query(mentorsWaiting))).toEqual(["mine"]);
    expect(queryPlan(learnersWaiting)).toMatch(
      /^SEARCH docs USING INDEX docs_by_learnerUid \(parent=\? AND <expr>=\?\)$/,
    );
    expect(queryPlan(mentorsWaiting)).toMatch(
      /^SEARCH docs USING INDEX docs_by_mentorUid \(parent=\? AND <expr>=\?\)$/,
    );
    // A state with a time still reads the state's index: the time has none.
    expect(
      queryPlan({
        collection: "bookings",
        where: [
          ["state", "==", "requested"],
          ["start", "<=", 9],
        ],
      }),
    ).toMatch(/USING INDEX docs_by_state \(parent=\? AND <expr>=\?\)/);
  });

  it("reads a thread's newest messages from the order index and stops at the limit, not by sorting the thread (decision 140)", async () => {
    // Stored out of order, with a tie on the time, a time of another type and a message without one.
    const stored: [string, unknown][] = [
      ["m2", 20],
      ["m4", 40],
      ["m1", 10],
      ["m3", 30],
      ["m3b", 30],
      ["text", "late"],
    ];
    for (const [id, timestamp] of stored) await store.set(`chats/c/messages/${id}`, { text: id, timestamp });
    await store.set("chats/c/messages/none", { text: "none" });
    await store.set("chats/other/messages/m9", { text: "m9", timestamp: 90 });
    const newest = { collection: "chats/c/messages", orderBy: [["timestamp", "desc"]], limit: 4 } satisfies Query;
    const oldest = { collection: "chats/c/messages", orderBy: [["timestamp", "asc"]], limit: 3 } satisfies Query;
    // Firestore's order: type first (strings after numbers), then value, then id in the last direction.
    expect(ids(await store.query(newest))).toEqual(["text", "m4", "m3b", "m3"]);
    expect(ids(await store.query(oldest))).toEqual(["m1", "m2", "m3"]);
    for (const query of [newest, oldest])
      expect(queryPlan(query)).toMatch(/^SEARCH docs USING INDEX docs_in_order_of_timestamp \(parent=\?\)$/);
  });

  it("starts a page by id after the cursor through the (parent, id) index, not by reading the pages before (decision 141)", async () => {
    for (const id of ["a", "b", "c"]) await store.set(`people/${id}`, { name: id });
    const page = { collection: "people", limit: 2, startAfter: { values: [], id: "a" } } satisfies Query;
    expect(ids(await store.query(page))).toEqual(["b", "c"]);
    expect(queryPlan(page)).toMatch(/^SEARCH docs USING (COVERING )?INDEX docs_parent_id \(parent=\? AND id>\?\)$/);
  });

  it("refuses queries Firestore would refuse", async () => {
    await expect(store.query({ collection: "items", where: [["n", "in", []]] })).rejects.toThrow(/non-empty/);
    await expect(store.query({ collection: "items", where: [["n", "<", null]] })).rejects.toThrow(/range filters/);
    await expect(store.query({ collection: "items", limit: 0 })).rejects.toThrow(/positive integer/);
    await expect(store.query({ collection: "items", where: [["", "==", 1]] })).rejects.toThrow(/field name/);
  });
});

describe("field indexes (decision 123)", () => {
  /** The file's field indexes, `docs_by_<field>`, by name, with the SQL that defines each. */
  function fieldIndexes(): Map<string, string> {
    const db = new Database(file, { readonly: true });
    const rows = db
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND name LIKE 'docs_by_%'")
      .all() as { name: string; sql: string }[];
    db.close();
    return new Map(rows.map((row) => [row.name, row.sql]));
  }

  /** How many entries an index holds: every cell of an index B-tree, interior ones included, is one. */
  function entries(index: string): number {
    const db = new Database(file, { readonly: true });
    const count = db.prepare("SELECT coalesce(sum(ncell), 0) FROM dbstat WHERE name = ?").pluck().get(index);
    db.close();
    return count as number;
  }

  async function writeMembersAndAMessage(): Promise<void> {
    await store.set("members/a", { uid: "a", state: "online" });
    await store.set("members/b", { uid: null, name: "B" });
    await store.set("chats/c/messages/m", { sender: "a", text: "Hello" });
  }

  async function expectQueriesOnTheFieldsAnswer(): Promise<void> {
    expect(ids(await store.query({ collection: "members", where: [["uid", "==", "a"]] }))).toEqual(["a"]);
    expect(ids(await store.query({ collection: "members", where: [["uid", "in", ["a", "b"]]] }))).toEqual(["a"]);
    expect(ids(await store.query({ collection: "members", where: [["uid", "==", null]] }))).toEqual(["b"]);
    expect(ids(await store.query({ collection: "members", where: [["uid", ">=", ""]] }))).toEqual(["a"]);
    expect(ids(await store.query({ collection: "chats/c/messages", where: [["sender", "==", "a"]] }))).toEqual(["m"]);
  }

  it("hold only the documents that have the field, and an equality on it still reads its index", async () => {
    await writeMembersAndAMessage();
    expect(fieldIndexes().size).toBe(7);
    expect(entries("docs_by_uid")).toBe(1);
    expect(entries("docs_by_state")).toBe(1);
    for (const index of [
      "docs_by_learnerUid",
      "docs_by_mentorUid",
      "docs_by_authorUid",
      "docs_by_last_changed",
      "docs_by_digestDueAt",
    ]) {
      expect(entries(index)).toBe(0);
    }
    await expectQueriesOnTheFieldsAnswer();
    expect(queryPlan({ collection: "members", where: [["uid", "==", "a"]] })).toMatch(
      /USING INDEX docs_by_uid \(parent=\? AND <expr>=\?\)/,
    );
  });

  it("a store written before them has its indexes made again when it is opened, its documents unchanged", async () => {
    await writeMembersAndAMessage();
    await store.close();
    // The indexes as the code before decision 123 made them: an entry for every document.
    const old = new Database(file);
    for (const name of fieldIndexes().keys()) {
      const field = name.slice("docs_by_".length);
      old.exec(`DROP INDEX ${name}; CREATE INDEX ${name} ON docs (parent, json_extract(data, '$."${field}"'), id)`);
    }
    old.close();
    expect(entries("docs_by_uid")).toBe(3);
    expect(entries("docs_by_authorUid")).toBe(3);

    store = openSqliteStore(file);
    const indexes = fieldIndexes();
    expect(indexes.size).toBe(7);
    for (const [name, sql] of indexes) expect(sql, name).toMatch(/ WHERE json_extract\(data, '.+'\) IS NOT NULL$/);
    expect(entries("docs_by_uid")).toBe(1);
    expect(entries("docs_by_authorUid")).toBe(0);
    expect((await store.get("members/b"))?.data).toEqual({ uid: null, name: "B" });
    await expectQueriesOnTheFieldsAnswer();

    // Opened again, a store already made so keeps its indexes as they are.
    await store.close();
    store = openSqliteStore(file);
    expect(fieldIndexes()).toEqual(indexes);
    await store.set("members/c", { uid: "c" });
    expect(entries("docs_by_uid")).toBe(2);
  });
});

describe("transactions", () => {
  it("retries when another connection changed a document it read", async () => {
    await store.set("wallets/u1", { balance: 10 });
    const other = otherConnection();
    let runs = 0;
    const seen = await store.transaction(async (tx) => {
      runs++;
      const wallet = await tx.get<{ balance: number }>("wallets/u1");
      if (runs === 1) await other.set("wallets/u1", { balance: 100 });
      tx.set("wallets/u1", { balance: wallet!.data.balance + 1 });
      return wallet!.data.balance;
    });
    expect(runs).toBe(2);
    expect(seen).toBe(100);
    expect((await store.get("wallets/u1"))?.data).toEqual({ balance: 101 });
  });

  it("retries when another connection added a document to a query it ran", async () => {
    const other = otherConnection();
    let runs = 0;
    const count = await store.transaction(async (tx) => {
      runs++;
      const entries = await tx.query({ collection: "wallets/u1/transactions" });
      if (runs === 1) await other.create("wallets/u1/transactions/t1", { amount: 5 });
      tx.set("wallets/u1", { entries: entries.length });
      return entries.length;
    });
    expect({ runs, count }).toEqual({ runs: 2, count: 1 });
  });

  it("retries instead of failing when fn threw after reading stale data", async () => {
    await store.set("wallets/u1", { balance: 0 });
    const other = otherConnection();
    let runs = 0;
    const balance = await store.transaction(async (tx) => {
      runs++;
      const wallet = await tx.get<{ balance: number }>("wallets/u1");
      if (runs === 1) {
        await other.set("wallets/u1", { balance: 50 });
        throw new Error("insufficient funds");
      }
      return wallet!.data.balance;
    });
    expect({ runs, balance }).toEqual({ runs: 2, balance: 50 });
  });

  /**
   * What fn sees of pair/a and pair/b, attempt by attempt, when `writer` moves both on together
   * between its two reads (-1: the attempt was stopped at the second read).
   */
  async function pairSeenAcross(writer: DocStore): Promise<[number, number][]> {
    await store.set("pair/a", { v: 1 });
    await store.set("pair/b", { v: 1 });
    const observed: [number, number][] = [];
    await store.transaction(async (tx) => {
      const a = await tx.get<{ v: number }>("pair/a");
      if (observed.length === 0) {
        await writer.transaction(async (inner) => {
          inner.set("pair/a", { v: 2 });
          inner.set("pair/b", { v: 2 });
        });
      }
      const b = await tx.get<{ v: number }>("pair/b").catch((error: unknown) => {
        observed.push([a!.data.v, -1]);
        throw error;
      });
      observed.push([a!.data.v, b!.data.v]);
    });
    return observed;
  }

  it("never lets fn see two snapshots mixed", async () => {
    // Another request of this process moves both documents on while this attempt is suspended.
    expect(await pairSeenAcross(store)).toEqual([
      [1, -1],
      [2, 2],
    ]);
  });

  it("never lets fn see two snapshots mixed when another process commits between its reads", async () => {
    // fn holds no lock while it awaits (only the commit takes the write lock), so another
    // process's commit can land between two reads: each read looks at `PRAGMA data_version`, and
    // a check once per transaction would hand fn a from before the commit and b from after it.
    expect(await pairSeenAcross(otherConnection())).toEqual([
      [1, -1],
      [2, 2],
    ]);
  });

  it("commits from what it read when no connection committed meanwhile: no version check, no second read (decision 168)", async () => {
    await store.set("chats/c1", { count: 1, unread: { a: 0 } });
    await store.set("marks/c1", { pending: false, at: 1 });
    const spied = store as unknown as Record<
      "readRow" | "readVersion" | "runVersionQuery",
      (...a: unknown[]) => unknown
    >;
    const spies = (["readRow", "readVersion", "runVersionQuery"] as const).map((name) => vi.spyOn(spied, name));
    await store.transaction(async (tx) => {
      const chat = await tx.get<{ count: number }>("chats/c1");
      await tx.get("marks/c1");
      await tx.query({ collection: "devices", where: [["uid", "==", "a"]] });
      for (const spy of spies) spy.mockClear();
      tx.update("chats/c1", { count: chat!.data.count + 1, "unread.a": 1 });
      tx.set("marks/c1", { pending: true }, { merge: true });
    });
    expect(spies.map((spy) => spy.mock.calls.length)).toEqual([0, 0, 0]);
    for (const spy of spies) spy.mockRestore();
    expect((await store.get("chats/c1"))?.data).toEqual({ count: 2, unread: { a: 1 } });
    expect((await store.get("marks/c1"))?.data).toEqual({ pending: true, at: 1 });
  });

  it("looks at the commit counter once per read and once at the commit, none when it starts (decision 193)", async () => {
    await store.set("chats/c1", { count: 1 });
    await store.set("marks/c1", { pending: false });
    // The counter of other connections' commits (`PRAGMA data_version`): this store's own are counted in memory.
    const looks = vi.spyOn(store as unknown as { othersCommits: number }, "othersCommits", "get");
    await store.transaction(async (tx) => {
      expect(looks).toHaveBeenCalledTimes(0);
      const chat = await tx.get<{ count: number }>("chats/c1");
      await tx.get("marks/c1");
      await tx.query({ collection: "devices", where: [["uid", "==", "a"]] });
      tx.update("chats/c1", { count: chat!.data.count + 1 });
    });
    expect(looks).toHaveBeenCalledTimes(4);
    looks.mockRestore();
    expect((await store.get("chats/c1"))?.data).toEqual({ count: 2 });
  });

  describe("when only this store committed since its reads (decision 202)", () => {
    /** Spies on the version reads a commit's check makes; `calls()` counts them. */
    function versionChecks() {
      const spied = store as unknown as Record<"readVersion" | "runVersionQuery", (...a: unknown[]) => unknown>;
      const spies = (["readVersion", "runVersionQuery"] as const).map((name) => vi.spyOn(spied, name));
      return {
        calls: () => spies.map((spy) => spy.mock.calls.length),
        restore: () => spies.forEach((s) => s.mockRestore()),
      };
    }

    it("confirms its reads by the paths those commits wrote, with no version read", async () => {
      await store.set("chats/c1", { count: 1 });
      await store.set("chats/c2", { count: 1 });
      const checks = versionChecks();
      let runs = 0;
      await store.transaction(async (tx) => {
        runs++;
        const chat = await tx.get<{ count: number }>("chats/c1");
        await tx.query({ collection: "devices", where: [["uid", "==", "a"]] });
        // Another request of this process commits elsewhere while this attempt waits.
        await store.set("chats/c2", { count: 2 });
        await store.set("other/x", { n: 1 });
        await tx.get("marks/c1");
        tx.update("chats/c1", { count: chat!.data.count + 1 });
      });
      expect({ runs, checks: checks.calls() }).toEqual({ runs: 1, checks: [0, 0] });
      checks.restore();
      expect((await store.get("chats/c1"))?.data).toEqual({ count: 2 });
    });

    it("runs again when one of them wrote a document it read", async () => {
      await store.set("chats/c1", { count: 1 });
      let runs = 0;
      await store.transaction(async (tx) => {
        runs++;
        const chat = await tx.get<{ count: number }>("chats/c1");
        if (runs === 1) await store.set("chats/c1", { count: 10 });
        tx.update("chats/c1", { count: chat!.data.count + 1 });
      });
      expect(runs).toBe(2);
      expect((await store.get("chats/c1"))?.data).toEqual({ count: 11 });
    });

    it("checks a query's versions when one of them wrote in its collection, and runs again only if its result moved", async () => {
      const checks = versionChecks();
      let runs = 0;
      const count = await store.transaction(async (tx) => {
        runs++;
        const mine = await tx.query({ collection: "devices", where: [["uid", "==", "a"]] });
        // Another member's device: in the collection, not in the result.
        if (runs === 1) await store.set("devices/d1", { uid: "b" });
        tx.set("counts/a", { devices: mine.length });
        return mine.length;
      });
      expect({ runs, count, checks: checks.calls() }).toEqual({ runs: 1, count: 0, checks: [0, 1] });
      runs = 0;
      const moved = await store.transaction(async (tx) => {
        runs++;
        const mine = await tx.query({ collection: "devices", where: [["uid", "==", "a"]] });
        if (runs === 1) await store.set("devices/d2", { uid: "a" });
        tx.set("counts/a", { devices: mine.length });
        return mine.length;
      });
      checks.restore();
      expect({ runs, moved }).toEqual({ runs: 2, moved: 1 });
    });

    it("reads the versions when another connection committed too, or when those commits are too many to keep", async () => {
      await store.set("chats/c1", { count: 1 });
      const other = otherConnection();
      const checks = versionChecks();
      await store.transaction(async (tx) => {
        const chat = await tx.get<{ count: number }>("chats/c1");
        await other.set("other/y", { n: 1 });
        tx.update("chats/c1", { count: chat!.data.count + 1 });
      });
      expect(checks.calls()).toEqual([1, 0]);
      let runs = 0;
      await store.transaction(async (tx) => {
        runs++;
        const chat = await tx.get<{ count: number }>("chats/c1");
        for (let i = 0; runs === 1 && i < 70; i++) await store.set(`other/n${i}`, { i });
        tx.update("chats/c1", { count: chat!.data.count + 1 });
      });
      expect({ runs, checks: checks.calls() }).toEqual({ runs: 1, checks: [2, 0] });
      checks.restore();
      expect((await store.get("chats/c1"))?.data).toEqual({ count: 3 });
    });
  });

  it("applies a second write to a document it read over the first, not over what it read", async () => {
    await store.set("docs/d", { a: 1, b: 1 });
    await store.transaction(async (tx) => {
      await tx.get("docs/d");
      tx.set("docs/d", { a: 2 });
      tx.update("docs/d", { b: 3 });
    });
    expect((await store.get("docs/d"))?.data).toEqual({ a: 2, b: 3 });
    const deletedThenUpdated = store.transaction(async (tx) => {
      await tx.get("docs/d");
      tx.delete("docs/d");
      tx.update("docs/d", { b: 4 });
    });
    await expect(deletedThenUpdated).rejects.toMatchObject({ name: "NotFoundError" });
    expect((await store.get("docs/d"))?.data).toEqual({ a: 2, b: 3 });
  });

  it("gives up with TransactionConflictError when every attempt conflicts", async () => {
    await store.set("hot/doc", { n: 0 });
    const other = otherConnection();
    let runs = 0;
    const attempt = store.transaction(async (tx) => {
      runs++;
      await tx.get("hot/doc");
      await other.set("hot/doc", { n: runs });
      tx.set("hot/doc", { n: -1 });
    });
    await expect(attempt).rejects.toMatchObject({ name: "TransactionConflictError" });
    expect(runs).toBe(50);
    expect((await store.get("hot/doc"))?.data).toEqual({ n: 50 });
  });

  it("refuses use of a transaction after its attempt finished", async () => {
    let leaked: Parameters<Parameters<DocStore["transaction"]>[0]>[0] | undefined;
    expect(await store.transaction(async (tx) => ((leaked = tx), "read-only"))).toBe("read-only");
    expect(() => leaked!.set("users/u1", { a: 1 })).toThrow(/finished/);
    await expect(leaked!.get("users/u1")).rejects.toThrow(/finished/);
  });

  it("returns repeated reads of one document from the attempt's snapshot", async () => {
    await store.set("users/u1", { xp: 1 });
    const other = otherConnection();
    const seen: number[] = [];
    await store.transaction(async (tx) => {
      seen.push((await tx.get<{ xp: number }>("users/u1"))!.data.xp);
      if (seen.length === 1) await other.set("users/u1", { xp: 2 });
      seen.push((await tx.get<{ xp: number }>("users/u1"))!.data.xp);
    });
    // The first attempt saw 1 twice; the read-only commit found it stale and ran again.
    expect(seen).toEqual([1, 1, 2, 2]);
  });
});

describe("a write lock held elsewhere (SQLITE_BUSY)", () => {
  /** Another process's connection holding the write lock, as a long commit does; `release()` ends it. */
  function lockHeldElsewhere() {
    const locker = new Database(file);
    locker.exec("BEGIN IMMEDIATE");
    return {
      release() {
        locker.exec("ROLLBACK");
        locker.close();
      },
    };
  }

  /** The store under test with a short busy timeout, so a lock outlives it in milliseconds, not 5 s. */
  function impatientStore(): DocStore {
    const impatient = openSqliteStore(file, { busyTimeoutMs: 20 });
    extraStores.push(impatient);
    return impatient;
  }

  it("a transaction that meets the lock past the busy timeout waits and commits once it is free", async () => {
    await store.set("chats/c1", { messageCount: 0 });
    const impatient = impatientStore();
    const lock = lockHeldElsewhere();
    setTimeout(() => lock.release(), 10);
    let runs = 0;
    const id = await impatient.transaction(async (tx) => {
      runs++;
      const chat = await tx.get<{ messageCount: number }>("chats/c1");
      tx.create("chats/c1/messages/m1", { text: "hello" });
      tx.update("chats/c1", { messageCount: chat!.data.messageCount + 1 });
      return "m1";
    });
    expect(id).toBe("m1");
    expect(runs).toBeGreaterThan(1);
    expect((await store.get("chats/c1/messages/m1"))?.data).toEqual({ text: "hello" });
    expect((await store.get("chats/c1"))?.data).toEqual({ messageCount: 1 });
  });

  it("a plain write that meets the lock past the busy timeout is written once it is free", async () => {
    const impatient = impatientStore();
    const lock = lockHeldElsewhere();
    setTimeout(() => lock.release(), 10);
    await impatient.set("users/u1", { xp: 1 });
    expect((await store.get("users/u1"))?.data).toEqual({ xp: 1 });
  });

  it("gives up with StoreBusyError, having written nothing, when the lock is never freed", async () => {
    await store.set("chats/c1", { messageCount: 0 });
    const impatient = impatientStore();
    const lock = lockHeldElsewhere();
    try {
      let runs = 0;
      const attempt = impatient.transaction(async (tx) => {
        runs++;
        await tx.get("chats/c1");
        tx.create("chats/c1/messages/m1", { text: "hello" });
        tx.update("chats/c1", { messageCount: 1 });
      });
      await expect(attempt).rejects.toBeInstanceOf(StoreBusyError);
      expect(runs).toBe(BUSY_ATTEMPTS);
      await expect(impatient.set("users/u1", { xp: 1 })).rejects.toBeInstanceOf(StoreBusyError);
    } finally {
      lock.release();
    }
    expect(await store.get("chats/c1/messages/m1")).toBeNull();
    expect((await store.get("chats/c1"))?.data).toEqual({ messageCount: 0 });
    expect(await store.get("users/u1")).toBeNull();
  });
});

describe("watchers", () => {
  it("keeps committing and notifying others when a callback throws", async () => {
    const errorSpy = vi.spyOn(console, "error").mockImplementation(() => {});
    const good: (Doc | null)[] = [];
    store.watchDoc("users/u1", (doc) => {
      if (doc) throw new Error("subscriber bug");
    });
    store.watchDoc("users/u1", (doc) => good.push(doc));
    await nextTurn();
    await store.set("users/u1", { xp: 1 });
    await nextTurn();
    expect(good.map((d) => d?.data ?? null)).toEqual([null, { xp: 1 }]);
    expect((await store.get("users/u1"))?.data).toEqual({ xp: 1 });
    expect(errorSpy).toHaveBeenCalledWith(expect.stringContaining("watchDoc(users/u1)"), expect.any(Error));
    errorSpy.mockClear();
  });

  it("calls onError when re-reading fails, and keeps the watcher", async () => {
    const errors: Error[] = [];
    const results: number[] = [];
    // A range filter: its result is never advanced by the written rows alone (decision 197), so
    // every commit in the collection runs its query again.
    store.watchQuery(
      { collection: "users", where: [["xp", ">", 0]] },
      (docs) => results.push(docs.length),
      (error) => errors.push(error),
    );
    await nextTurn();
    // Break the table underneath the store between the commit and the watcher's re-read.
    const raw = new Database(file);
    const pending = store.set("users/u1", { xp: 1 });
    raw.exec("ALTER TABLE docs RENAME TO docs_away");
    await pending;
    await nextTurn();
    expect(errors).toHaveLength(1);
    raw.exec("ALTER TABLE docs_away RENAME TO docs");
    raw.close();
    await store.set("users/u2", { xp: 1 });
    await nextTurn();
    expect(results).toEqual([0, 2]);
  });

  it("a filtered query whose written document cannot be read runs again, and the commit stands", async () => {
    const errors: Error[] = [];
    store.watchQuery(
      { collection: "users", where: [["xp", "==", 1]] },
      () => {},
      (error) => errors.push(error),
    );
    await nextTurn();
    const raw = new Database(file);
    const readRow = vi.spyOn(store as unknown as { readRow: (p: string) => unknown }, "readRow");
    readRow.mockImplementation(() => {
      throw new Error("no such table: docs");
    });
    const pending = store.set("users/u1", { xp: 1 });
    raw.exec("ALTER TABLE docs RENAME TO docs_away");
    await expect(pending).resolves.toBeUndefined();
    await nextTurn();
    expect(errors).toHaveLength(1);
    readRow.mockRestore();
    raw.exec("ALTER TABLE docs_away RENAME TO docs");
    raw.close();
    expect((await store.get("users/u1"))?.data).toEqual({ xp: 1 });
  });

  it("delivers the initial value asynchronously, and coalesces commits made in one synchronous stretch", async () => {
    const seen: unknown[] = [];
    store.watchDoc("users/u1", (doc) => seen.push(doc?.data ?? null));
    expect(seen).toEqual([]);
    await nextTurn();
    void store.set("users/u1", { xp: 1 });
    void store.set("users/u1", { xp: 2 });
    await nextTurn();
    expect(seen).toEqual([null, { xp: 2 }]);
  });

  it("re-reads only the watchers of the written document and its collection", async () => {
    const calls = new Map<string, number>();
    for (let i = 0; i < 1_000; i++) {
      store.watchDoc(`users/u${i}`, () => calls.set(`u${i}`, (calls.get(`u${i}`) ?? 0) + 1));
    }
    store.watchQuery({ collection: "other" }, () => calls.set("other", (calls.get("other") ?? 0) + 1));
    await nextTurn();
    const readRow = vi.spyOn(store as unknown as { readRow: (p: string) => unknown }, "readRow");
    await store.set("users/u7", { xp: 1 });
    await nextTurn();
    // A plain set reads nothing while committing, so the one read is u7's watcher re-reading.
    expect(readRow).toHaveBeenCalledTimes(1);
    expect(calls.get("u7")).toBe(2);
    expect(calls.get("u8")).toBe(1);
    expect(calls.get("other")).toBe(1);
  });

  it("hands every watcher of a query only the changed documents, parsed once and frozen (decision 162)", async () => {
    const thread = { collection: "chats/c1/messages", orderBy: [["at", "desc"]], limit: 50 } as const;
    for (let i = 0; i < 20; i++) await store.set(`chats/c1/messages/m${i}`, { at: i, text: "x".repeat(100) });
    const seen: QueryChanges[][] = [[], [], []];
    for (const calls of seen) store.watchQueryChanges(thread, (changes) => calls.push(changes));
    await nextTurn();
    expect(seen.map((calls) => calls[0].changed.length)).toEqual([20, 20, 20]);

    const parse = vi.spyOn(JSON, "parse");
    await store.set("chats/c1/messages/m20", { at: 20, text: "new" });
    await nextTurn();
    // A plain set parses nothing while committing: the one parse is the new message's, for all three.
    expect(parse).toHaveBeenCalledTimes(1);
    parse.mockRestore();
    const [first, second, third] = seen.map((calls) => calls[1]);
    expect(ids([...first.changed])).toEqual(["m20"]);
    expect(first.removed).toEqual([]);
    expect(second.changed[0]).toBe(first.changed[0]);
    expect(third.changed[0]).toBe(first.changed[0]);
    expect(Object.isFrozen(first.changed[0].data)).toBe(true);
  });

  it("runs a filtered query again only for a write its result can gain or lose (decision 162)", async () => {
    const results = new Map<string, string[][]>();
    for (let i = 0; i < 100; i++) {
      const uid = `u${i}`;
      results.set(uid, []);
      store.watchQuery({ collection: "chats", where: [["participants", "array-contains", uid]] }, (docs) =>
        results.get(uid)!.push(ids(docs)),
      );
    }
    const level = vi.fn();
    store.watchQuery({ collection: "chats", where: [["meta.level", "==", 1]] }, level);
    await nextTurn();
    const runQuery = vi.spyOn(store as unknown as { runQuery: (q: unknown) => unknown[] }, "runQuery");

    await store.set("chats/c1", { participants: ["u1", "u2"], meta: { level: "1" } });
    await nextTurn();
    expect(runQuery).toHaveBeenCalledTimes(2);
    // The pair leaves the result and another enters it: the four are run again, nobody else.
    await store.set("chats/c1", { participants: ["u3", "u4"], meta: { level: 1 } });
    await nextTurn();
    expect(runQuery).toHaveBeenCalledTimes(2 + 5);
    await store.delete("chats/c1");
    await nextTurn();
    expect(runQuery).toHaveBeenCalledTimes(7 + 3);
    expect([1, 2, 3, 4, 5].map((i) => results.get(`u${i}`))).toEqual([
      [[], ["c1"], []],
      [[], ["c1"], []],
      [[], ["c1"], []],
      [[], ["c1"], []],
      [[]],
    ]);
    expect(level.mock.calls.map(([docs]) => ids(docs as Doc[]))).toEqual([[], ["c1"], []]);
  });

  it("drops watchers and answers ping false once closed", async () => {
    expect(await store.ping()).toBe(true);
    const seen: unknown[] = [];
    store.watchDoc("users/u1", (doc) => seen.push(doc));
    await store.close();
    await store.close();
    await nextTurn();
    expect(seen).toEqual([]);
    expect(await store.ping()).toBe(false);
    store = openSqliteStore(file);
  });
});

describe("other processes' commits", () => {
  it("says once per burst of commits that it committed, so other processes can look at once", async () => {
    const afterCommits = vi.fn();
    const teller = openSqliteStore(file, { afterCommits });
    extraStores.push(teller);
    await Promise.all([teller.set("notes/a", { n: 1 }), teller.set("notes/b", { n: 2 })]);
    await nextTurn();
    expect(afterCommits).toHaveBeenCalledTimes(1);
    await teller.set("notes/a", { n: 3 });
    await nextTurn();
    expect(afterCommits).toHaveBeenCalledTimes(2);
  });

  /** A store that looks at other processes' commits only when told, watching notes/a, which another connection has just written. */
  async function followerAfterAnotherCommit() {
    const follower = openSqliteStore(file, { pollMs: 60_000 });
    extraStores.push(follower);
    const seen: unknown[] = [];
    follower.watchDoc("notes/a", (doc) => seen.push(doc?.data.n ?? null));
    await nextTurn();
    await otherConnection().set("notes/a", { n: 7 });
    return { follower, seen };
  }

  it("delivers another connection's commit when told, without waiting for its poll", async () => {
    const { follower, seen } = await followerAfterAnotherCommit();
    await nextTurn();
    expect(seen).toEqual([null]);
    follower.readOthersCommits();
    await nextTurn();
    expect(seen).toEqual([null, 7]);
  });

  it("a look at the log that fails is made again at the next poll, even after a commit of its own", async () => {
    const { follower, seen } = await followerAfterAnotherCommit();
    const log = (follower as unknown as { changesSinceStmt: { all(version: number): unknown[] } }).changesSinceStmt;
    const failing = vi.spyOn(log, "all").mockImplementationOnce(() => {
      throw new Error("disk I/O error");
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    follower.readOthersCommits();
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
    failing.mockRestore();
    // The follower commits before its next look: the other process's commit must still be read.
    await follower.set("notes/b", { n: 1 });
    follower.readOthersCommits();
    await nextTurn();
    expect(seen).toEqual([null, 7]);
  });

  it("reports another connection's commit to a watcher of changes as what it changed", async () => {
    const follower = openSqliteStore(file, { pollMs: 60_000 });
    extraStores.push(follower);
    const seen: { changed: string[]; removed: readonly string[] }[] = [];
    follower.watchQueryChanges({ collection: "notes" }, ({ changed, removed }) =>
      seen.push({ changed: ids([...changed]), removed }),
    );
    await store.set("notes/a", { n: 1 });
    await nextTurn();
    const writer = otherConnection();
    await writer.set("notes/b", { n: 2 });
    await writer.delete("notes/a");
    follower.readOthersCommits();
    await nextTurn();
    expect(seen).toEqual([
      { changed: ["a"], removed: [] },
      { changed: ["b"], removed: ["notes/a"] },
    ]);
  });

  it("a path forgotten from the log still wakes its collection's watchers in a process that has not caught up", async () => {
    const follower = openSqliteStore(file, { pollMs: 60_000 });
    extraStores.push(follower);
    const seen: string[][] = [];
    follower.watchQuery({ collection: "index" }, (docs) => seen.push(ids(docs)));
    await nextTurn();
    const writer = otherConnection();
    await writer.set("index/ada@example.com", { uid: "u1" });
    await writer.set("notes/a", { n: 1 });
    await writer.delete("index/ada@example.com");
    forgetLoggedPath(writer, "index/ada@example.com");
    const log = (writer as unknown as { changesSince(v: number): { version: number; path: string }[] }).changesSince(0);
    expect(log.map((row) => row.path)).toEqual(["index/(forgotten)", "notes/a", "index/(forgotten)"]);
    expect(log.map((row) => row.version)).toEqual([1, 2, 3]);
    follower.readOthersCommits();
    await nextTurn();
    expect(seen).toEqual([[]]); // created and deleted since its last look: the same result
    // Only the stand-in says a commit wrote the collection: the follower looks again all the same.
    await writer.set("index/bob@example.com", { uid: "u2" });
    forgetLoggedPath(writer, "index/bob@example.com");
    follower.readOthersCommits();
    await nextTurn();
    expect(seen).toEqual([[], ["bob@example.com"]]);
  });
});

describe("a thread's watchers advanced by the rows a commit wrote (decision 197)", () => {
  const thread = { collection: "chats/c1/messages", orderBy: [["at", "desc"]], limit: 5 } as const;
  const runQueries = (of: DocStore = store) =>
    vi.spyOn(of as unknown as { runQuery: (q: unknown) => unknown[] }, "runQuery");
  const shown = (docs: Doc[]) => docs.map((d) => `${d.id}:${JSON.stringify(d.data)}`);
  /** Messages m0… written with `at` 0…, and what this process's thread watcher shows after each delivery. */
  async function watchedThread(messages: number, show: (docs: Doc[]) => string[] = ids): Promise<string[][]> {
    for (let i = 0; i < messages; i++) await store.set(`chats/c1/messages/m${i}`, { at: i });
    const seen: string[][] = [];
    store.watchQuery(thread, (docs) => seen.push(show(docs)));
    await nextTurn();
    return seen;
  }

  it("delivers this process's new message, and another process's, without running the thread's query", async () => {
    for (let i = 0; i < 8; i++) await store.set(`chats/c1/messages/m${i}`, { at: i });
    const follower = openSqliteStore(file, { pollMs: 60_000 });
    extraStores.push(follower);
    const here: string[][] = [];
    const there: string[][] = [];
    store.watchQuery(thread, (docs) => here.push(ids(docs)));
    follower.watchQuery(thread, (docs) => there.push(ids(docs)));
    await nextTurn();
    const queries = [runQueries(), runQueries(follower)];
    await store.set("chats/c1/messages/m8", { at: 8 });
    follower.readOthersCommits();
    await nextTurn();
    expect(queries.map((spy) => spy.mock.calls.length)).toEqual([0, 0]);
    expect(here).toEqual([
      ["m7", "m6", "m5", "m4", "m3"],
      ["m8", "m7", "m6", "m5", "m4"],
    ]);
    expect(there).toEqual(here);
    // A message that lands past the limit changes nothing: no query, no callback.
    await store.set("chats/c1/messages/m0b", { at: 0 });
    follower.readOthersCommits();
    await nextTurn();
    expect(queries.map((spy) => spy.mock.calls.length)).toEqual([0, 0]);
    expect([here.length, there.length]).toEqual([2, 2]);
  });

  it("runs the query when only it can tell: a shown message deleted, or a gap it could not read", async () => {
    const seen = await watchedThread(8);
    const runQuery = runQueries();
    await store.delete("chats/c1/messages/m6");
    await nextTurn();
    expect(runQuery).toHaveBeenCalledTimes(1);
    expect(seen.at(-1)).toEqual(["m7", "m5", "m4", "m3", "m2"]);
    const other = otherConnection();
    await other.set("chats/c1/messages/m9", { at: 9 });
    // Committed before this process's look at the log: the next local commit comes after a gap,
    // which it reads at once, the other message's document with it.
    await store.set("chats/c1/messages/m8", { at: 8 });
    await nextTurn();
    expect(runQuery).toHaveBeenCalledTimes(1);
    expect(seen.at(-1)).toEqual(["m9", "m8", "m7", "m5", "m4"]);
    // A gap whose look fails: the watcher runs its query.
    await other.set("chats/c1/messages/m11", { at: 11 });
    const log = (store as unknown as { changesSinceStmt: { all(version: number): unknown[] } }).changesSinceStmt;
    const failing = vi.spyOn(log, "all").mockImplementationOnce(() => {
      throw new Error("disk I/O error");
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await store.set("chats/c1/messages/m10", { at: 10 });
    await nextTurn();
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
    failing.mockRestore();
    expect(runQuery).toHaveBeenCalledTimes(2);
    expect(seen.at(-1)).toEqual(["m11", "m10", "m9", "m8", "m7"]);
  });

  it("after a gap, a message another process wrote again since this commit shows as that process left it", async () => {
    const shownNow = await watchedThread(3, shown);
    const other = otherConnection();
    await other.set("chats/c1/messages/m3", { at: 3 });
    // Between this commit and its look at the gap, the other process writes the same message again.
    const counter = (store as unknown as { dataVersionStmt: { get(): unknown } }).dataVersionStmt;
    const get = counter.get.bind(counter);
    const spy = vi.spyOn(counter, "get").mockImplementationOnce(() => {
      void other.set("chats/c1/messages/m4", { at: 40 });
      return get();
    });
    const runQuery = runQueries();
    await store.set("chats/c1/messages/m4", { at: 4 });
    await nextTurn();
    spy.mockRestore();
    expect(runQuery).toHaveBeenCalledTimes(0);
    expect(shownNow.at(-1)).toEqual(shown(await store.query(thread)));
    expect(shownNow.at(-1)![0]).toBe('m4:{"at":40}');
  });

  it("shows exactly what the query shows after any mix of writes, here and in another process", async () => {
    // A fixed pseudo-random sequence: creates, edits that move a message, deletions, several
    // writes to one message in one commit, ties broken by id, values only the query orders
    // (fractions, strings, a missing field) and an id outside ASCII.
    let seed = 197;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
    const follower = openSqliteStore(file, { pollMs: 60_000 });
    extraStores.push(follower);
    const writer = otherConnection();
    const views = [store, follower].map((reader) => {
      const last: { docs: string[] } = { docs: [] };
      reader.watchQuery(thread, (docs) => (last.docs = shown(docs)));
      return { reader, last };
    });
    await nextTurn();
    const names = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "é"];
    const value = (): unknown =>
      random() < 0.85 ? Math.floor(random() * 12) : pick([1.5, "7", null, undefined, Number.MAX_SAFE_INTEGER]);
    const data = () => {
      const at = value();
      return at === undefined ? { text: "no order field" } : { at, text: pick(["x", "y"]) };
    };
    for (let step = 0; step < 400; step++) {
      const by = random() < 0.7 ? store : random() < 0.5 ? follower : writer;
      const doc = `chats/c1/messages/${pick(names)}`;
      const kind = random();
      if (kind < 0.45) await by.set(doc, data());
      else if (kind < 0.6) await by.delete(doc);
      else if (kind < 0.75 && (await by.get(doc))) await by.update(doc, { at: value() ?? 3 });
      else
        await by.transaction(async (tx) => {
          const other = `chats/c1/messages/${pick(names)}`;
          await tx.get(doc);
          tx.set(doc, data());
          if (random() < 0.5) tx.delete(random() < 0.5 ? doc : other);
          else tx.set(other, data(), { merge: true });
        });
      if (random() < 0.6) {
        follower.readOthersCommits();
        (store as unknown as { readOthersCommits(): void }).readOthersCommits();
        await nextTurn();
        const expected = shown(await store.query(thread));
        for (const view of views) expect({ step, docs: view.last.docs }).toEqual({ step, docs: expected });
      }
    }
  });
});

describe("the change log, one rowid table (decision 186)", () => {
  /** The change log's schema objects, and its rows as another process reads them. */
  function changeLog(reader: DocStore = store) {
    const db = new Database(file, { readonly: true });
    const schema = db
      .prepare("SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'changes' ORDER BY type, name")
      .all() as { type: string; name: string; sql: string | null }[];
    db.close();
    const rows = (reader as unknown as { changesSince(v: number): { version: number; path: string }[] }).changesSince(
      0,
    );
    return { schema, rows };
  }

  it("is one B-tree, its rowid, which every read of the log walks in order", () => {
    const { schema } = changeLog();
    expect(schema).toEqual([
      { type: "table", name: "changes", sql: "CREATE TABLE changes (entry INTEGER PRIMARY KEY, path TEXT NOT NULL)" },
    ]);
    const db = new Database(file, { readonly: true });
    const plan = (sql: string) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(1) as { detail: string }[]).map((row) => row.detail).join("; ");
    const reads = store as unknown as Record<"changesSinceStmt" | "pruneChangesStmt", { source: string }>;
    expect(plan(reads.changesSinceStmt.source)).toMatch(/^SEARCH changes USING INTEGER PRIMARY KEY \(rowid>\?\)$/);
    expect(plan(reads.pruneChangesStmt.source)).toMatch(/^SEARCH changes USING INTEGER PRIMARY KEY \(rowid<\?\)$/);
    db.close();
  });

  it("keeps each commit's paths in the order written, under the commit's version", async () => {
    await store.set("notes/a", { n: 1 });
    await store.transaction(async (tx) => {
      tx.set("notes/c", { n: 3 });
      tx.set("notes/b", { n: 2 });
      tx.update("notes/c", { n: 4 });
    });
    await store.delete("notes/a");
    expect(changeLog().rows).toEqual([
      { version: 1, path: "notes/a" },
      { version: 2, path: "notes/c" },
      { version: 2, path: "notes/b" },
      { version: 2, path: "notes/c" },
      { version: 3, path: "notes/a" },
    ]);
    expect((store as unknown as { changesSince(v: number): unknown[] }).changesSince(2)).toEqual([
      { version: 3, path: "notes/a" },
    ]);
  });

  it("takes a commit's rows in one statement, and a commit of many paths in order all the same (decision 202)", async () => {
    const prepared = vi.spyOn(Database.prototype, "prepare");
    await store.transaction(async (tx) => {
      tx.set("notes/a", { n: 1 });
      tx.set("notes/b", { n: 2 });
    });
    const paths = Array.from({ length: 70 }, (_, i) => `notes/m${String(i).padStart(2, "0")}`);
    await store.transaction(async (tx) => {
      for (const p of paths) tx.set(p, { n: 0 });
    });
    const inserts = prepared.mock.calls.map(([sql]) => sql).filter((sql) => sql.startsWith("INSERT INTO changes"));
    prepared.mockRestore();
    // Two rows in one statement; 70 in statements of 32, 32 and 6 rows.
    expect(inserts.map((sql) => sql.split("(?, ?)").length - 1)).toEqual([2, 32, 6]);
    expect(changeLog().rows).toEqual([
      { version: 1, path: "notes/a" },
      { version: 1, path: "notes/b" },
      ...paths.map((path) => ({ version: 2, path })),
    ]);
  });

  it("a log made before it is rebuilt when the store is opened, its rows kept in order, and followed as before", async () => {
    await store.close();
    // The change log as the code before this decision made it: a table and an index on version.
    const old = new Database(file);
    old.exec(`
      DROP TABLE changes;
      CREATE TABLE changes (version INTEGER NOT NULL, path TEXT NOT NULL);
      CREATE INDEX changes_version ON changes (version);
      INSERT INTO docs (path, parent, id, data, version) VALUES
        ('notes/a', 'notes', 'a', '{"n":1}', 1), ('notes/c', 'notes', 'c', '{"n":3}', 2), ('notes/b', 'notes', 'b', '{"n":2}', 2);
      UPDATE meta SET value = 2 WHERE key = 'seq';
      INSERT INTO changes (version, path) VALUES (1, 'notes/a'), (2, 'notes/c'), (2, 'notes/b'), (2, 'notes/c');
    `);
    old.close();

    store = openSqliteStore(file, { pollMs: 60_000 });
    const rebuilt = changeLog();
    expect(rebuilt.schema.map((row) => `${row.type} ${row.name}`)).toEqual(["table changes"]);
    expect(rebuilt.rows).toEqual([
      { version: 1, path: "notes/a" },
      { version: 2, path: "notes/c" },
      { version: 2, path: "notes/b" },
      { version: 2, path: "notes/c" },
    ]);
    expect((await store.get("notes/c"))?.data).toEqual({ n: 3 });

    // Opened again, by a second process: the log is left as it is.
    const other = otherConnection();
    expect(changeLog(other)).toEqual(rebuilt);

    // The other process's commits reach this store's watchers through the rebuilt log.
    const seen: string[][] = [];
    store.watchQuery({ collection: "notes" }, (docs) => seen.push(ids(docs)));
    await nextTurn();
    await other.set("notes/d", { n: 4 });
    (store as unknown as { readOthersCommits(): void }).readOthersCommits();
    await nextTurn();
    expect(seen).toEqual([
      ["a", "b", "c"],
      ["a", "b", "c", "d"],
    ]);
    expect(changeLog().rows.at(-1)).toEqual({ version: 3, path: "notes/d" });
  });
});

describe("text indexes", () => {
  it("an index table made by a commit that fails is made again by the next one", async () => {
    await store.create("things/a", { n: 1 });
    await expect(
      store.transaction(async (tx) => {
        tx.indexText("fresh", "things/b", "first words");
        tx.create("things/a", { n: 2 });
      }),
    ).rejects.toThrow("already exists");
    expect(await store.search({ index: "fresh", text: "first", limit: 5 })).toEqual([]);
    await store.transaction(async (tx) => tx.indexText("fresh", "things/b", "second words"));
    expect((await store.search({ index: "fresh", text: "second", limit: 5 })).map((h) => h.path)).toEqual(["things/b"]);
  });

  it("moves a path's entry when it is indexed under another index", async () => {
    await store.transaction(async (tx) => tx.indexText("one", "things/a", "moving words"));
    await store.transaction(async (tx) => tx.indexText("two", "things/a", "moving words"));
    expect(await store.search({ index: "one", text: "moving", limit: 5 })).toEqual([]);
    expect((await store.search({ index: "two", text: "moving", limit: 5 })).map((h) => h.path)).toEqual(["things/a"]);
  });
});
