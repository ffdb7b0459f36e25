/**
 * The DocStore contract: what every engine's store must do, written once so that the
 * embedded (SQLite) and the Firestore implementation are held to the same behaviour.
 *
 * Each case opens a fresh store and writes under collection names unique to the case, so the
 * suite also works against a shared backend (an emulator) that is not wiped between cases.
 * Watch callbacks may arrive asynchronously; the cases wait for them and then allow
 * `settleMs` for unexpected extra callbacks to show up.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cursorAfter } from "~/engine/store/cursor";
import type { Doc, DocData, DocStore, Query, QueryChanges } from "~/engine/store/types";

export const contractCases = {
  "crud.get-missing": "get answers null for a missing document",
  "crud.create-get": "create stores a document that get returns with id and path",
  "crud.values-round-trip": "strings, numbers, booleans, null, arrays and nested maps round-trip",
  "crud.array-in-array-refused": "an array directly inside an array is refused, as Firestore refuses it",
  "crud.set-replaces": "set without merge replaces the whole document",
  "crud.set-merge": "set with merge keeps fields it does not name",
  "crud.set-merge-nested": "set with merge merges nested maps",
  "crud.update": "update changes the named fields and keeps the others",
  "crud.update-dotted": "update with a dotted field name changes one nested field",
  "crud.delete": "delete removes the document, and deleting a missing one is fine",
  "crud.create-existing-fails": "create fails with AlreadyExistsError when the document exists",
  "crud.update-missing-fails": "update fails with NotFoundError when the document is missing",
  "crud.returned-data-is-a-copy": "changing returned data does not change the store",
  "crud.get-all": "getAll answers many documents in the order asked, null for missing ones",
  "crud.get-all-bad-path": "getAll refuses a collection path as get does",
  "query.equals": "where == matches equal values",
  "query.in": "where in matches any of the values",
  "query.array-contains": "where array-contains matches arrays holding the value",
  "query.less-than": "where < matches smaller values",
  "query.less-or-equal": "where <= matches smaller or equal values",
  "query.greater-than": "where > matches greater values",
  "query.greater-or-equal": "where >= matches greater or equal values",
  "query.same-type-only": "comparisons match values of the same type only",
  "query.order-by": "orderBy sorts on several fields ascending and descending",
  "query.order-by-excludes-missing": "orderBy leaves out documents missing the field",
  "query.indexed-field-missing":
    "a field with an index of its own matches by value and type, never a document without it or with null",
  "query.limit": "limit caps the number of results",
  "query.combined": "where, orderBy and limit work together",
  "query.start-after":
    "startAfter pages through a query's order on no field, one or two fields, with ties, to the last and an empty page",
  "query.nested-collections": "nested collections are separate from their parents",
  "tx.read-write": "a transaction reads and writes, and returns fn's result",
  "tx.concurrent-increments": "concurrent transactional increments of one document lose none",
  "tx.create-race": "among 20 concurrent creators exactly one wins",
  "tx.throw-writes-nothing": "a transaction whose fn throws writes nothing and is not retried",
  "tx.reads-after-writes-refused": "reads after writes in a transaction are refused",
  "tx.create-and-update-errors": "create on an existing and update on a missing document fail the transaction",
  "watch.doc": "watchDoc calls back with the initial value and once per committed change",
  "watch.query": "watchQuery calls back with the initial result and once per committed change",
  "watch.unchanged-result-is-silent": "a commit that leaves the watched result unchanged does not call back",
  "watch.query-window": "watchQuery on an orderBy/limit query reports the right window after changes",
  "watch.query-changes":
    "watchQueryChanges reports the whole result, then only the documents that entered or changed and the paths that left",
  "watch.unsubscribe": "watchers stop after unsubscribe",
  "persistence.reopen": "data survives closing and reopening the store",
  "search.any-order": "search finds text indexed in a transaction by its words in any order, case and accents aside",
  "search.all-words": "search answers only documents holding every word of the query",
  "search.ranked": "search ranks a text with more occurrences of the words first",
  "search.replace-remove": "indexing a path again replaces its text, and null removes it",
  "search.tx-atomic": "a transaction that throws indexes nothing",
  "search.pages": "limit and offset page through the ranked hits without gaps or repeats",
  "search.separate-indexes": "indexes with different names do not see each other's texts",
} as const;

export type CaseName = keyof typeof contractCases;

export interface OpenedStore {
  store: DocStore;
  /** Opens the same data again after `store` was closed (needed by persistence.reopen). */
  reopen?: () => Promise<DocStore>;
  /** Closes whatever is still open and removes the data. */
  cleanup: () => Promise<void>;
}

export interface ContractOptions {
  /** Cases this implementation cannot pass, each with the reason shown in the test name. */
  skip?: Partial<Record<CaseName, string>>;
  /** Every case is skipped for this reason (the backend is missing on this machine). */
  skipAll?: string;
  /** How long to wait for callbacks that must not come (default 50 ms). */
  settleMs?: number;
  /**
   * How many transactions tx.concurrent-increments runs at once (default 50), and its time limit
   * (default the suite's). Firestore takes locks and retries a loser after a back-off, so 50 at once
   * on one document take minutes on the emulator; fewer show the same: no update is lost.
   */
  concurrentIncrements?: { count: number; timeoutMs: number };
}

export function docStoreContract(name: string, open: () => Promise<OpenedStore>, options: ContractOptions = {}): void {
  const settleMs = options.settleMs ?? 50;

  describe(`DocStore contract: ${name}`, () => {
    let opened: OpenedStore;
    let store: DocStore;
    let prefix: string;

    beforeEach(async () => {
      opened = await open();
      store = opened.store;
      prefix = `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    });

    afterEach(async () => {
      await opened.cleanup();
    });

    /** A collection name unique to the running case. */
    const col = (base: string) => `${prefix}_${base}`;

    const settle = () => new Promise((resolve) => setTimeout(resolve, settleMs));

    function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
      return promise.then(
        () => {
          throw new Error("expected the promise to reject");
        },
        (error: unknown) => error,
      );
    }

    function errorName(error: unknown): string | undefined {
      return error instanceof Error ? error.name : undefined;
    }

    const ids = (docs: Doc[]) => docs.map((d) => d.id);

    function recorder<T>() {
      const calls: T[] = [];
      return {
        calls,
        push: (value: T) => {
          calls.push(structuredClone(value));
        },
        /** Waits until exactly `count` callbacks arrived, then gives extra ones time to show up. */
        async expectCount(count: number) {
          await vi.waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(count), { timeout: 5_000, interval: 5 });
          await settle();
          expect(calls.length).toBe(count);
        },
      };
    }

    function test(caseName: CaseName, body: () => Promise<void>): void {
      const title = `${contractCases[caseName]} [${caseName}]`;
      const reason = options.skipAll ?? options.skip?.[caseName];
      const timeout = caseName === "tx.concurrent-increments" ? options.concurrentIncrements?.timeoutMs : undefined;
      if (reason !== undefined) it.skip(`${title} (skipped: ${reason})`, body);
      else it(title, body, timeout);
    }

    // --- documents --------------------------------------------------------------------

    test("crud.get-all", async () => {
      const a = `${col("users")}/a`;
      const b = `${col("users")}/b`;
      const missing = `${col("users")}/missing`;
      const nested = `${col("users")}/a/saved/x`;
      await store.create(a, { n: 1 });
      await store.create(b, { n: 2 });
      await store.create(nested, { n: 3 });
      expect(await store.getAll([])).toEqual([]);
      const docs = await store.getAll([b, missing, nested, a, b]);
      expect(docs).toEqual([
        { id: "b", path: b, data: { n: 2 } },
        null,
        { id: "x", path: nested, data: { n: 3 } },
        { id: "a", path: a, data: { n: 1 } },
        { id: "b", path: b, data: { n: 2 } },
      ]);
      docs[0]!.data.n = 99;
      expect(docs[4]!.data.n).toBe(2);
      expect((await store.get(b))?.data).toEqual({ n: 2 });
    });

    test("crud.get-all-bad-path", async () => {
      const error = await rejectionOf(store.getAll([`${col("users")}/a`, col("users")]));
      expect(error).toBeInstanceOf(Error);
      expect(await rejectionOf(store.get(col("users")))).toBeInstanceOf(Error);
    });

    test("crud.get-missing", async () => {
      expect(await store.get(`${col("users")}/nobody`)).toBeNull();
    });

    test("crud.create-get", async () => {
      const p = `${col("users")}/u1`;
      await store.create(p, { fullName: "Ada", xp: 3 });
      expect(await store.get(p)).toEqual({ id: "u1", path: p, data: { fullName: "Ada", xp: 3 } });
    });

    test("crud.values-round-trip", async () => {
      const p = `${col("things")}/t1`;
      const data = {
        text: 'héllo "quoted" ✓',
        empty: "",
        int: 42,
        negative: -7,
        float: 0.1 + 0.2,
        big: 1_700_000_000_123,
        yes: true,
        no: false,
        nothing: null,
        list: [1, "two", false, null, { three: 3, four: [4] }],
        emptyList: [],
        nested: { a: { b: { c: "deep" } }, emptyMap: {} },
      };
      await store.set(p, data);
      expect((await store.get(p))?.data).toEqual(data);
    });

    test("crud.array-in-array-refused", async () => {
      const p = `${col("things")}/t1`;
      for (const data of [{ list: [1, [2]] }, { map: { list: [[]] } }]) {
        expect(await rejectionOf(store.set(p, data))).toBeInstanceOf(Error);
        expect(await rejectionOf(store.create(`${col("things")}/t2`, data))).toBeInstanceOf(Error);
      }
      expect(await store.get(p)).toBeNull();
      await store.set(p, { ok: [{ inner: [1] }] });
      expect(await rejectionOf(store.update(p, { ok: [[1]] }))).toBeInstanceOf(Error);
      expect((await store.get(p))?.data).toEqual({ ok: [{ inner: [1] }] });
    });

    test("crud.set-replaces", async () => {
      const p = `${col("users")}/u1`;
      await store.set(p, { a: 1, b: 2 });
      await store.set(p, { c: 3 });
      expect((await store.get(p))?.data).toEqual({ c: 3 });
    });

    test("crud.set-merge", async () => {
      const p = `${col("users")}/u1`;
      await store.set(p, { a: 1 }, { merge: true });
      expect((await store.get(p))?.data).toEqual({ a: 1 });
      await store.set(p, { b: 2, a: 5 }, { merge: true });
      expect((await store.get(p))?.data).toEqual({ a: 5, b: 2 });
    });

    test("crud.set-merge-nested", async () => {
      const p = `${col("users")}/u1`;
      await store.set(p, { prefs: { theme: "dark", lang: "en" }, tags: ["a", "b"] });
      await store.set(p, { prefs: { lang: "fr" }, tags: ["c"] }, { merge: true });
      expect((await store.get(p))?.data).toEqual({ prefs: { theme: "dark", lang: "fr" }, tags: ["c"] });
    });

    test("crud.update", async () => {
      const p = `${col("users")}/u1`;
      await store.create(p, { a: 1, b: { x: 1, y: 2 } });
      await store.update(p, { b: { x: 9 }, c: 3 });
      expect((await store.get(p))?.data).toEqual({ a: 1, b: { x: 9 }, c: 3 });
    });

    test("crud.update-dotted", async () => {
      const p = `${col("users")}/u1`;
      await store.create(p, { prefs: { theme: "dark", lang: "en" } });
      await store.update(p, { "prefs.lang": "fr" });
      expect((await store.get(p))?.data).toEqual({ prefs: { theme: "dark", lang: "fr" } });
    });

    test("crud.delete", async () => {
      const p = `${col("users")}/u1`;
      await store.create(p, { a: 1 });
      await store.delete(p);
      expect(await store.get(p)).toBeNull();
      await store.delete(p);
      await store.create(p, { a: 2 });
      expect((await store.get(p))?.data).toEqual({ a: 2 });
    });

    test("crud.create-existing-fails", async () => {
      const p = `${col("users")}/u1`;
      await store.create(p, { a: 1 });
      const error = await rejectionOf(store.create(p, { a: 2 }));
      expect(errorName(error)).toBe("AlreadyExistsError");
      expect((await store.get(p))?.data).toEqual({ a: 1 });
    });

    test("crud.update-missing-fails", async () => {
      const p = `${col("users")}/ghost`;
      const error = await rejectionOf(store.update(p, { a: 1 }));
      expect(errorName(error)).toBe("NotFoundError");
      expect(await store.get(p)).toBeNull();
    });

    test("crud.returned-data-is-a-copy", async () => {
      const p = `${col("users")}/u1`;
      const input = { list: [1], nested: { n: 1 } };
      await store.set(p, input);
      input.list.push(2);
      const first = await store.get<{ list: number[]; nested: { n: number } }>(p);
      first!.data.nested.n = 99;
      expect((await store.get(p))?.data).toEqual({ list: [1], nested: { n: 1 } });
    });

    // --- queries ----------------------------------------------------------------------

    async function seedPeople(collection: string): Promise<void> {
      const people: Record<string, DocData> = {
        ann: { name: "Ann", age: 31, city: "Oslo", skills: ["go", "sql"], active: true },
        bob: { name: "Bob", age: 25, city: "Rome", skills: ["js"], active: false },
        cat: { name: "Cat", age: 40, city: "Oslo", skills: ["js", "go"], active: true },
        dan: { name: "Dan", age: 25, city: "Lima", skills: [], active: true },
        eve: { name: "Eve", age: 19, city: "Rome", skills: ["sql"], active: false },
      };
      for (const [id, data] of Object.entries(people)) await store.set(`${collection}/${id}`, data);
    }

    const where = (collection: string, ...clauses: NonNullable<Query["where"]>) =>
      store.query({ collection, where: clauses });

    test("query.equals", async () => {
      const c = col("people");
      await seedPeople(c);
      expect(ids(await where(c, ["city", "==", "Oslo"]))).toEqual(["ann", "cat"]);
      expect(ids(await where(c, ["age", "==", 25]))).toEqual(["bob", "dan"]);
      expect(ids(await where(c, ["active", "==", false]))).toEqual(["bob", "eve"]);
      expect(ids(await where(c, ["city", "==", "Oslo"], ["active", "==", true], ["age", "==", 40]))).toEqual(["cat"]);
      expect(await where(c, ["city", "==", "Paris"])).toEqual([]);
    });

    test("query.in", async () => {
      const c = col("people");
      await seedPeople(c);
      expect(ids(await where(c, ["city", "in", ["Rome", "Lima"]]))).toEqual(["bob", "dan", "eve"]);
      expect(ids(await where(c, ["age", "in", [19, 40, 99]]))).toEqual(["cat", "eve"]);
    });

    test("query.array-contains", async () => {
      const c = col("people");
      await seedPeople(c);
      expect(ids(await where(c, ["skills", "array-contains", "go"]))).toEqual(["ann", "cat"]);
      expect(ids(await where(c, ["skills", "array-contains", "sql"], ["active", "==", true]))).toEqual(["ann"]);
      expect(await where(c, ["skills", "array-contains", "rust"])).toEqual([]);
    });

    test("query.less-than", async () => {
      const c = col("people");
      await seedPeople(c);
      expect(ids(await where(c, ["age", "<", 31])).sort()).toEqual(["bob", "dan", "eve"]);
    });

    test("query.less-or-equal", async () => {
      const c = col("people");
      await seedPeople(c);
      expect(ids(await where(c, ["age", "<=", 31])).sort()).toEqual(["ann", "bob", "dan", "eve"]);
    });

    test("query.greater-than", async () => {
      const c = col("people");
      await seedPeople(c);
      expect(ids(await where(c, ["age", ">", 25])).sort()).toEqual(["ann", "cat"]);
      expect(ids(await where(c, ["name", ">", "Cat"])).sort()).toEqual(["dan", "eve"]);
    });

    test("query.greater-or-equal", async () => {
      const c = col("people");
      await seedPeople(c);
      expect(ids(await where(c, ["age", ">=", 25])).sort()).toEqual(["ann", "bob", "cat", "dan"]);
      expect(ids(await where(c, ["age", ">=", 20], ["age", "<", 35])).sort()).toEqual(["ann", "bob", "dan"]);
    });

    test("query.same-type-only", async () => {
      const c = col("mixed");
      await store.set(`${c}/num1`, { v: 1 });
      await store.set(`${c}/true`, { v: true });
      await store.set(`${c}/str1`, { v: "1" });
      await store.set(`${c}/null`, { v: null });
      await store.set(`${c}/none`, { other: 1 });
      expect(ids(await where(c, ["v", "==", 1]))).toEqual(["num1"]);
      expect(ids(await where(c, ["v", "==", true]))).toEqual(["true"]);
      expect(ids(await where(c, ["v", "==", "1"]))).toEqual(["str1"]);
      expect(ids(await where(c, ["v", "==", null]))).toEqual(["null"]);
      expect(ids(await where(c, ["v", ">", 0]))).toEqual(["num1"]);
      expect(ids(await where(c, ["v", ">=", ""]))).toEqual(["str1"]);
    });

    test("query.order-by", async () => {
      const c = col("people");
      await seedPeople(c);
      const byAgeThenName = await store.query({
        collection: c,
        orderBy: [
          ["age", "asc"],
          ["name", "desc"],
        ],
      });
      expect(ids(byAgeThenName)).toEqual(["eve", "dan", "bob", "ann", "cat"]);
      const byCityDescAgeAsc = await store.query({
        collection: c,
        orderBy: [
          ["city", "desc"],
          ["age", "asc"],
        ],
      });
      expect(ids(byCityDescAgeAsc)).toEqual(["eve", "bob", "ann", "cat", "dan"]);
    });

    test("query.order-by-excludes-missing", async () => {
      const c = col("scores");
      await store.set(`${c}/a`, { score: 2 });
      await store.set(`${c}/b`, { other: true });
      await store.set(`${c}/c`, { score: 1 });
      expect(ids(await store.query({ collection: c, orderBy: [["score", "asc"]] }))).toEqual(["c", "a"]);
      expect(ids(await store.query({ collection: c }))).toEqual(["a", "b", "c"]);
    });

    test("query.indexed-field-missing", async () => {
      // `uid` has an index of its own in the embedded engine, holding only the documents that
      // have the field (decision 123): every shape of query on it answers as on any other field.
      const c = col("owned");
      await store.set(`${c}/text`, { uid: "a" });
      await store.set(`${c}/number`, { uid: 1 });
      await store.set(`${c}/bool`, { uid: true });
      await store.set(`${c}/null`, { uid: null });
      await store.set(`${c}/none`, { other: "a" });
      expect(ids(await where(c, ["uid", "==", "a"]))).toEqual(["text"]);
      expect(ids(await where(c, ["uid", "==", 1]))).toEqual(["number"]);
      expect(ids(await where(c, ["uid", "==", true]))).toEqual(["bool"]);
      expect(ids(await where(c, ["uid", "==", null]))).toEqual(["null"]);
      expect(ids(await where(c, ["uid", "in", ["a", 1]]))).toEqual(["number", "text"]);
      expect(ids(await where(c, ["uid", ">=", ""]))).toEqual(["text"]);
      expect(ids(await where(c, ["uid", "<", 2]))).toEqual(["number"]);
      await store.delete(`${c}/text`);
      await store.update(`${c}/none`, { uid: "a" });
      expect(ids(await where(c, ["uid", "==", "a"]))).toEqual(["none"]);
    });

    test("query.limit", async () => {
      const c = col("people");
      await seedPeople(c);
      expect(await store.query({ collection: c, limit: 2 })).toHaveLength(2);
      expect(await store.query({ collection: c, limit: 50 })).toHaveLength(5);
    });

    test("query.combined", async () => {
      const c = col("people");
      await seedPeople(c);
      const result = await store.query({
        collection: c,
        where: [["active", "==", true]],
        orderBy: [["age", "desc"]],
        limit: 2,
      });
      expect(ids(result)).toEqual(["cat", "ann"]);
      expect(result[0]).toEqual({ id: "cat", path: `${c}/cat`, data: expect.objectContaining({ name: "Cat" }) });
      const ranged = await store.query({
        collection: c,
        where: [
          ["age", ">=", 20],
          ["city", "in", ["Rome", "Lima", "Oslo"]],
        ],
        orderBy: [
          ["age", "asc"],
          ["name", "asc"],
        ],
        limit: 3,
      });
      expect(ids(ranged)).toEqual(["bob", "dan", "ann"]);
    });

    test("query.start-after", async () => {
      const c = col("people");
      await seedPeople(c);
      /** Every page of `query`, `size` at a time, each started after the last document of the one before. */
      async function pages(query: Query, size: number): Promise<string[][]> {
        const out: string[][] = [];
        let page = await store.query({ ...query, limit: size });
        while (page.length > 0 && out.length < 10) {
          out.push(ids(page));
          page = await store.query({ ...query, limit: size, startAfter: cursorAfter(query, page[page.length - 1]!) });
        }
        return out;
      }
      // By id alone; the last page is short, and the page after it empty.
      expect(await pages({ collection: c }, 2)).toEqual([["ann", "bob"], ["cat", "dan"], ["eve"]]);
      // One field with a tie (Bob and Dan are 25) split across pages: the id keeps neither out nor twice.
      expect(await pages({ collection: c, orderBy: [["age", "asc"]] }, 2)).toEqual([
        ["eve", "bob"],
        ["dan", "ann"],
        ["cat"],
      ]);
      expect(await pages({ collection: c, orderBy: [["age", "desc"]] }, 3)).toEqual([
        ["cat", "ann", "dan"],
        ["bob", "eve"],
      ]);
      // Two fields, one way and two ways.
      const byCityAge: Query = {
        collection: c,
        orderBy: [
          ["city", "asc"],
          ["age", "asc"],
        ],
      };
      expect(await pages(byCityAge, 2)).toEqual([["dan", "ann"], ["cat", "eve"], ["bob"]]);
      const byCityDescAgeAsc: Query = {
        collection: c,
        orderBy: [
          ["city", "desc"],
          ["age", "asc"],
        ],
      };
      expect(await pages(byCityDescAgeAsc, 2)).toEqual([["eve", "bob"], ["ann", "cat"], ["dan"]]);
      // With a filter and a range on the ordered field.
      const activeOlder: Query = {
        collection: c,
        where: [
          ["active", "==", true],
          ["age", ">=", 25],
        ],
        orderBy: [["age", "asc"]],
      };
      expect(await pages(activeOlder, 1)).toEqual([["dan"], ["ann"], ["cat"]]);
      // After the last document: an empty page.
      const last = await store.query({
        collection: c,
        orderBy: [["age", "asc"]],
        startAfter: { values: [40], id: "cat" },
      });
      expect(last).toEqual([]);
      // A cursor that does not fit the order is refused rather than read loosely.
      await expect(
        store.query({ collection: c, orderBy: [["age", "asc"]], startAfter: { values: [], id: "ann" } }),
      ).rejects.toThrow(/one value per orderBy field/);
    });

    test("query.nested-collections", async () => {
      const wallets = col("wallets");
      await store.set(`${wallets}/u1`, { balance: 10 });
      await store.set(`${wallets}/u1/transactions/t1`, { amount: 10 });
      await store.set(`${wallets}/u2/transactions/t2`, { amount: 5 });
      expect(ids(await store.query({ collection: wallets }))).toEqual(["u1"]);
      expect(ids(await store.query({ collection: `${wallets}/u1/transactions` }))).toEqual(["t1"]);
      expect(ids(await store.query({ collection: `${wallets}/u2/transactions` }))).toEqual(["t2"]);
      await store.delete(`${wallets}/u1`);
      expect((await store.get(`${wallets}/u1/transactions/t1`))?.data).toEqual({ amount: 10 });
    });

    // --- transactions -----------------------------------------------------------------

    test("tx.read-write", async () => {
      const wallet = `${col("wallets")}/u1`;
      const entry = `${col("wallets")}/u1/transactions/welcome_bonus`;
      await store.set(wallet, { balance: 5 });
      const result = await store.transaction(async (tx) => {
        const current = await tx.get<{ balance: number }>(wallet);
        const existing = await tx.query({ collection: `${col("wallets")}/u1/transactions` });
        tx.set(wallet, { balance: (current?.data.balance ?? 0) + 10 });
        tx.create(entry, { amount: 10 });
        return existing.length;
      });
      expect(result).toBe(0);
      expect((await store.get(wallet))?.data).toEqual({ balance: 15 });
      expect((await store.get(entry))?.data).toEqual({ amount: 10 });
    });

    test("tx.concurrent-increments", async () => {
      const p = `${col("counters")}/c1`;
      const count = options.concurrentIncrements?.count ?? 50;
      await Promise.all(
        Array.from({ length: count }, () =>
          store.transaction(async (tx) => {
            const current = await tx.get<{ n: number }>(p);
            tx.set(p, { n: (current?.data.n ?? 0) + 1 });
          }),
        ),
      );
      expect((await store.get(p))?.data).toEqual({ n: count });
    });

    test("tx.create-race", async () => {
      const checked = `${col("claims")}/checked`;
      const winners = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          store.transaction(async (tx) => {
            if (await tx.get(checked)) return false;
            tx.create(checked, { winner: i });
            return true;
          }),
        ),
      );
      expect(winners.filter(Boolean)).toHaveLength(1);
      expect((await store.get(checked))?.data).toEqual({ winner: winners.indexOf(true) });

      for (const attempt of ["blind transaction", "plain create"] as const) {
        const p = `${col("claims")}/${attempt.replace(" ", "-")}`;
        const outcomes = await Promise.allSettled(
          Array.from({ length: 20 }, (_, i) =>
            attempt === "plain create"
              ? store.create(p, { winner: i })
              : store.transaction(async (tx) => tx.create(p, { winner: i })),
          ),
        );
        const won = outcomes.flatMap((o, i) => (o.status === "fulfilled" ? [i] : []));
        expect(won, attempt).toHaveLength(1);
        for (const o of outcomes)
          if (o.status === "rejected") expect(errorName(o.reason), attempt).toBe("AlreadyExistsError");
        expect((await store.get(p))?.data, attempt).toEqual({ winner: won[0] });
      }
    });

    test("tx.throw-writes-nothing", async () => {
      const a = `${col("docs")}/a`;
      const b = `${col("docs")}/b`;
      await store.set(a, { v: 1 });
      const failure = new Error("business rule says no");
      let runs = 0;
      const error = await rejectionOf(
        store.transaction(async (tx) => {
          runs++;
          await tx.get(a);
          tx.update(a, { v: 2 });
          tx.set(b, { v: 2 });
          throw failure;
        }),
      );
      expect(error).toBe(failure);
      expect(runs).toBe(1);
      expect((await store.get(a))?.data).toEqual({ v: 1 });
      expect(await store.get(b)).toBeNull();
    });

    test("tx.reads-after-writes-refused", async () => {
      const a = `${col("docs")}/a`;
      const error = await rejectionOf(
        store.transaction(async (tx) => {
          tx.set(a, { v: 1 });
          await tx.get(`${col("docs")}/b`);
        }),
      );
      expect(error).toBeInstanceOf(Error);
      expect(String((error as Error).message)).toMatch(/read/i);
      expect(await store.get(a)).toBeNull();
    });

    test("tx.create-and-update-errors", async () => {
      const a = `${col("docs")}/a`;
      const b = `${col("docs")}/b`;
      await store.set(a, { v: 1 });
      const exists = await rejectionOf(
        store.transaction(async (tx) => {
          tx.set(b, { v: 1 });
          tx.create(a, { v: 2 });
        }),
      );
      expect(errorName(exists)).toBe("AlreadyExistsError");
      const missing = await rejectionOf(
        store.transaction(async (tx) => {
          tx.set(b, { v: 1 });
          tx.update(`${col("docs")}/ghost`, { v: 2 });
        }),
      );
      expect(errorName(missing)).toBe("NotFoundError");
      expect((await store.get(a))?.data).toEqual({ v: 1 });
      expect(await store.get(b)).toBeNull();
    });

    // --- watchers ---------------------------------------------------------------------

    async function rolledBack(path: string): Promise<void> {
      await rejectionOf(
        store.transaction(async (tx) => {
          tx.set(path, { rolledBack: true });
          throw new Error("roll back");
        }),
      );
    }

    test("watch.doc", async () => {
      const c = col("users");
      const p = `${c}/u1`;
      const seen = recorder<Doc | null>();
      const stop = store.watchDoc(p, seen.push);
      try {
        await seen.expectCount(1);
        expect(seen.calls[0]).toBeNull();

        await store.create(p, { xp: 1 });
        await seen.expectCount(2);
        expect(seen.calls[1]).toEqual({ id: "u1", path: p, data: { xp: 1 } });

        await store.transaction(async (tx) => {
          const current = await tx.get<{ xp: number }>(p);
          tx.update(p, { xp: current!.data.xp + 1 });
        });
        await seen.expectCount(3);
        expect(seen.calls[2]?.data).toEqual({ xp: 2 });

        await rolledBack(p);
        await store.set(`${c}/u2`, { xp: 5 });
        await store.set(`${col("other")}/u1`, { xp: 5 });
        await store.set(`${p}/sub/x`, { xp: 5 });
        await seen.expectCount(3);

        await store.delete(p);
        await seen.expectCount(4);
        expect(seen.calls[3]).toBeNull();
      } finally {
        stop();
      }
    });

    test("watch.query", async () => {
      const c = col("messages");
      const seen = recorder<Doc[]>();
      await store.set(`${c}/m1`, { to: "u1", text: "hi" });
      const stop = store.watchQuery({ collection: c, where: [["to", "==", "u1"]] }, seen.push);
      try {
        await seen.expectCount(1);
        expect(ids(seen.calls[0])).toEqual(["m1"]);

        await store.set(`${c}/m2`, { to: "u1", text: "again" });
        await seen.expectCount(2);
        expect(ids(seen.calls[1])).toEqual(["m1", "m2"]);

        await store.update(`${c}/m1`, { text: "edited" });
        await seen.expectCount(3);
        expect(seen.calls[2][0].data).toEqual({ to: "u1", text: "edited" });

        await rolledBack(`${c}/m3`);
        await store.set(`${col("elsewhere")}/m4`, { to: "u1", text: "no" });
        await store.set(`${c}/m1/replies/r1`, { to: "u1", text: "nested" });
        await seen.expectCount(3);

        await store.transaction(async (tx) => {
          tx.delete(`${c}/m1`);
          tx.set(`${c}/m5`, { to: "u1", text: "new" });
        });
        await seen.expectCount(4);
        expect(ids(seen.calls[3])).toEqual(["m2", "m5"]);
      } finally {
        stop();
      }
    });

    test("watch.unchanged-result-is-silent", async () => {
      const c = col("messages");
      await store.set(`${c}/m1`, { to: "u1", text: "hi" });
      const docSeen = recorder<Doc | null>();
      const querySeen = recorder<Doc[]>();
      const stopDoc = store.watchDoc(`${c}/m1`, docSeen.push);
      const stopQuery = store.watchQuery({ collection: c, where: [["to", "==", "u1"]] }, querySeen.push);
      try {
        await docSeen.expectCount(1);
        await querySeen.expectCount(1);
        await store.set(`${c}/m1`, { to: "u1", text: "hi" });
        await store.set(`${c}/m2`, { to: "u2", text: "not yours" });
        await store.delete(`${c}/m9`);
        await docSeen.expectCount(1);
        await querySeen.expectCount(1);
      } finally {
        stopDoc();
        stopQuery();
      }
    });

    /** Five documents a–e with xp 50 down to 10, for the watched windows' tests. */
    const seedLeaders = async (c: string) => {
      for (const [id, xp] of [
        ["a", 50],
        ["b", 40],
        ["c", 30],
        ["d", 20],
        ["e", 10],
      ] as const) {
        await store.set(`${c}/${id}`, { xp });
      }
    };

    test("watch.query-window", async () => {
      const c = col("leaders");
      await seedLeaders(c);
      const seen = recorder<Doc[]>();
      const stop = store.watchQuery({ collection: c, orderBy: [["xp", "desc"]], limit: 3 }, seen.push);
      try {
        await seen.expectCount(1);
        expect(ids(seen.calls[0])).toEqual(["a", "b", "c"]);

        await store.update(`${c}/e`, { xp: 45 });
        await seen.expectCount(2);
        expect(ids(seen.calls[1])).toEqual(["a", "e", "b"]);

        await store.update(`${c}/d`, { xp: 25 });
        await seen.expectCount(2);

        await store.delete(`${c}/a`);
        await seen.expectCount(3);
        expect(ids(seen.calls[2])).toEqual(["e", "b", "c"]);

        await store.update(`${c}/b`, { xp: 5 });
        await seen.expectCount(4);
        expect(seen.calls[3].map((d) => [d.id, d.data.xp])).toEqual([
          ["e", 45],
          ["c", 30],
          ["d", 25],
        ]);
      } finally {
        stop();
      }
    });

    test("watch.query-changes", async () => {
      const c = col("leaders");
      await seedLeaders(c);
      const window = { collection: c, orderBy: [["xp", "desc"]], limit: 3 } as const;
      const seen = recorder<QueryChanges>();
      const stop = store.watchQueryChanges(window, seen.push);
      const later = recorder<QueryChanges>();
      let stopLater = () => {};
      const shown = (i: number) => ({
        changed: seen.calls[i].changed.map((d) => [d.id, d.data.xp]),
        removed: seen.calls[i].removed,
      });
      try {
        await seen.expectCount(1);
        expect(shown(0)).toEqual({
          changed: [
            ["a", 50],
            ["b", 40],
            ["c", 30],
          ],
          removed: [],
        });

        await store.update(`${c}/e`, { xp: 45 });
        await seen.expectCount(2);
        expect(shown(1)).toEqual({ changed: [["e", 45]], removed: [`${c}/c`] });

        // Outside the window, and a write of the same values: nothing the result shows changed.
        await store.update(`${c}/d`, { xp: 25 });
        await store.set(`${c}/b`, { xp: 40 });
        await rolledBack(`${c}/f`);
        await seen.expectCount(2);

        await store.transaction(async (tx) => {
          tx.delete(`${c}/a`);
          tx.update(`${c}/b`, { xp: 41 });
        });
        await seen.expectCount(3);
        expect(shown(2)).toEqual({
          changed: [
            ["b", 41],
            ["c", 30],
          ],
          removed: [`${c}/a`],
        });

        // A second watcher starts from the whole result; each is told only what it has not seen.
        stopLater = store.watchQueryChanges(window, later.push);
        await later.expectCount(1);
        expect(later.calls[0].changed.map((d) => d.id)).toEqual(["e", "b", "c"]);

        await store.update(`${c}/b`, { xp: 5 });
        await seen.expectCount(4);
        await later.expectCount(2);
        expect(shown(3)).toEqual({ changed: [["d", 25]], removed: [`${c}/b`] });
        expect(later.calls[1]).toEqual(seen.calls[3]);
      } finally {
        stop();
        stopLater();
      }
    });

    test("watch.unsubscribe", async () => {
      const c = col("users");
      const docSeen = recorder<Doc | null>();
      const querySeen = recorder<Doc[]>();
      const stopDoc = store.watchDoc(`${c}/u1`, docSeen.push);
      const stopQuery = store.watchQuery({ collection: c }, querySeen.push);
      await docSeen.expectCount(1);
      await querySeen.expectCount(1);
      stopDoc();
      stopQuery();
      stopQuery();
      await store.set(`${c}/u1`, { xp: 1 });
      await docSeen.expectCount(1);
      await querySeen.expectCount(1);

      const never = recorder<Doc | null>();
      store.watchDoc(`${c}/u1`, never.push)();
      await never.expectCount(0);
    });

    // --- full-text search --------------------------------------------------------------

    /** A text index name unique to the running case. */
    const idx = (base: string) => `${prefix}_${base}`;

    async function indexTexts(index: string, texts: Record<string, string | null>): Promise<void> {
      await store.transaction(async (tx) => {
        for (const [path, text] of Object.entries(texts)) tx.indexText(index, path, text);
      });
    }

    const paths = (hits: { path: string }[]) => hits.map((h) => h.path);

    test("search.any-order", async () => {
      const posts = idx("posts");
      const c = col("threads");
      await store.transaction(async (tx) => {
        tx.set(`${c}/t1`, { title: "x" });
        tx.indexText(posts, `${c}/t1`, "Learning Crème brûlée with a French chef");
      });
      expect((await store.get(`${c}/t1`))?.data).toEqual({ title: "x" });
      expect(paths(await store.search({ index: posts, text: "chef CREME", limit: 10 }))).toEqual([`${c}/t1`]);
      expect(paths(await store.search({ index: posts, text: "brulee french learning", limit: 10 }))).toEqual([
        `${c}/t1`,
      ]);
      expect(await store.search({ index: posts, text: "  !! ", limit: 10 })).toEqual([]);
    });

    test("search.all-words", async () => {
      const posts = idx("posts");
      await indexTexts(posts, { "p/a": "rust and go", "p/b": "rust only", "p/c": "go only" });
      expect(paths(await store.search({ index: posts, text: "go rust", limit: 10 }))).toEqual(["p/a"]);
      expect(paths(await store.search({ index: posts, text: "python", limit: 10 }))).toEqual([]);
    });

    test("search.ranked", async () => {
      const posts = idx("posts");
      await indexTexts(posts, {
        "p/once": "kotlin appears here once among several other words",
        "p/thrice": "kotlin kotlin kotlin and a few more words",
        "p/twice": "kotlin and kotlin among other words here",
      });
      const hits = await store.search({ index: posts, text: "kotlin", limit: 10 });
      expect(paths(hits)).toEqual(["p/thrice", "p/twice", "p/once"]);
      expect(hits[0].score).toBeGreaterThan(hits[2].score);
    });

    test("search.replace-remove", async () => {
      const posts = idx("posts");
      await indexTexts(posts, { "p/a": "original wording" });
      await indexTexts(posts, { "p/a": "edited text" });
      expect(await store.search({ index: posts, text: "original", limit: 10 })).toEqual([]);
      expect(paths(await store.search({ index: posts, text: "edited", limit: 10 }))).toEqual(["p/a"]);
      await indexTexts(posts, { "p/a": null });
      expect(await store.search({ index: posts, text: "edited", limit: 10 })).toEqual([]);
      await indexTexts(posts, { "p/missing": null });
    });

    test("search.tx-atomic", async () => {
      const posts = idx("posts");
      const c = col("threads");
      await expect(
        store.transaction(async (tx) => {
          tx.set(`${c}/t1`, { title: "x" });
          tx.indexText(posts, `${c}/t1`, "phantom words");
          throw new Error("changed my mind");
        }),
      ).rejects.toThrow("changed my mind");
      expect(await store.get(`${c}/t1`)).toBeNull();
      expect(await store.search({ index: posts, text: "phantom", limit: 10 })).toEqual([]);
    });

    test("search.pages", async () => {
      const posts = idx("posts");
      const texts: Record<string, string> = {};
      for (let i = 1; i <= 7; i++) texts[`p/${i}`] = `${"swift ".repeat(i)}end`;
      await indexTexts(posts, texts);
      const first = await store.search({ index: posts, text: "swift", limit: 3 });
      const second = await store.search({ index: posts, text: "swift", limit: 3, offset: 3 });
      const third = await store.search({ index: posts, text: "swift", limit: 3, offset: 6 });
      expect([...paths(first), ...paths(second), ...paths(third)]).toEqual([
        "p/7",
        "p/6",
        "p/5",
        "p/4",
        "p/3",
        "p/2",
        "p/1",
      ]);
    });

    test("search.separate-indexes", async () => {
      await indexTexts(idx("one"), { "p/a": "shared word" });
      await indexTexts(idx("two"), { "p/b": "shared word" });
      expect(paths(await store.search({ index: idx("one"), text: "shared", limit: 10 }))).toEqual(["p/a"]);
    });

    // --- persistence ------------------------------------------------------------------

    test("persistence.reopen", async () => {
      if (!opened.reopen) throw new Error("open() must return reopen() for this case, or skip it");
      const c = col("users");
      await store.set(`${c}/u1`, { fullName: "Ada", skills: ["math"] });
      await store.transaction(async (tx) => {
        tx.set(`${c}/u1/private/p`, { secret: 1 });
      });
      await store.close();
      const again = await opened.reopen();
      expect((await again.get(`${c}/u1`))?.data).toEqual({ fullName: "Ada", skills: ["math"] });
      expect(ids(await again.query({ collection: `${c}/u1/private` }))).toEqual(["p"]);
      await again.create(`${c}/u2`, { fullName: "Bob" });
      expect(ids(await again.query({ collection: c }))).toEqual(["u1", "u2"]);
    });
  });
}
