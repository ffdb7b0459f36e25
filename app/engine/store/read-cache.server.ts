/**
 * Values computed from reads of the store, kept until a commit touches a path they depend on
 * (issue 28). Exact, not timed: every read first catches up with the store's change log (the
 * table every commit of every process writes its paths to, decision 021), so a kept value is
 * never older than the log says; one that depends on a written path is computed again.
 *
 * Catching up costs one `PRAGMA data_version` when nobody committed since the last read, and one
 * query of the log's new rows otherwise. Inside one request (`oneLogLookPerRequest`) the cache
 * catches up once, and again only after this process commits: every kept read of the request
 * agrees, and a page of ten kept reads costs one statement, not ten (decision 104). An engine
 * without such a log (Firestore) has no cache.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** What the cache needs of a store: its change log. */
export interface ChangeLog {
  /** Moves whenever any process commits; cheap to read. */
  readonly commitsSeen: number;
  /** Moves whenever this process commits through the store; read without a statement. */
  readonly localCommits: number;
  /** The version of the newest commit in the log. */
  latestVersion(): number;
  /** Paths written by commits after `version`, oldest first; null when the log no longer reaches back that far. */
  changesSince(version: number): { version: number; path: string }[] | null;
}

/**
 * What a kept value depends on: a test of each written path, or the list of the only paths whose
 * writes can change it (a list is checked with one lookup per path, decision 197). A caller may
 * add to its list after the read, as the session's does once it knows the account.
 */
export type DependsOn = ((path: string) => boolean) | readonly string[];

interface Entry {
  /** The log version the value is known to be current at. */
  version: number;
  dependsOn: DependsOn;
  value: unknown;
}

export interface ReadCacheOptions {
  /** Values kept (least recently used go first). */
  maxEntries?: number;
  /** Change-log rows kept in memory to check values against; a value older than them is computed again. */
  maxChanges?: number;
}

/** A value shared by every request must not be changed by one: a write to it throws. */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
  return value;
}

/**
 * What one request's loaders and action share: the caches that caught up with the log during the
 * request, each with this process's commit count at that moment. It counts only while a loader or
 * action of the request runs: what a route hands on (a live stream's callbacks) looks every time.
 */
interface RequestLook {
  running: number;
  caughtUp: Map<ReadCache, number>;
}

const looks = new WeakMap<object, RequestLook>();
const currentLook = new AsyncLocalStorage<RequestLook>();

/**
 * Runs one loader or action of the request that `requestContext` stands for (Remix hands every
 * loader and the action of one request the same context object) with one look at the change log
 * for all of them: a kept read catches up the first time and then only after a commit of this
 * process (its own action's, or another request's), so no value older than that look, or than
 * this process's own writes, is handed out. Another process's commit during the request shows at
 * the next request.
 */
export async function withOneLogLook<T>(requestContext: object, run: () => Promise<T>): Promise<T> {
  let look = looks.get(requestContext);
  if (!look) looks.set(requestContext, (look = { running: 0, caughtUp: new Map() }));
  look.running++;
  try {
    return await currentLook.run(look, run);
  } finally {
    if (--look.running === 0) look.caughtUp.clear();
  }
}

export class ReadCache {
  readonly #log: ChangeLog;
  readonly #entries = new Map<string, Entry>();
  readonly #maxEntries: number;
  readonly #maxChanges: number;
  /** Recent changes, ascending by version, covering the versions in (#from, #to]. */
  #changes: { version: number; path: string }[] = [];
  /** The newest version in #changes that wrote each path (decision 197): a list of paths is checked by lookups. */
  #lastWritten = new Map<string, number>();
  #from: number;
  #to: number;
  #commitsSeen: number;

  constructor(log: ChangeLog, { maxEntries = 5_000, maxChanges = 5_000 }: ReadCacheOptions = {}) {
    this.#log = log;
    this.#maxEntries = maxEntries;
    this.#maxChanges = maxChanges;
    this.#commitsSeen = log.commitsSeen;
    this.#from = this.#to = log.latestVersion();
  }

  /** The newest version, caught up with the log unless this request did so since this process last committed. */
  #catchUp(): number {
    const look = currentLook.getStore();
    if (!look?.running) return this.#readLog();
    const local = this.#log.localCommits;
    if (look.caughtUp.get(this) === local) return this.#to;
    const version = this.#readLog();
    look.caughtUp.set(this, local);
    return version;
  }

  /** Reads the log's new rows, if any process committed since the last look; answers the newest version. */
  #readLog(): number {
    // Read before the log: a commit between the two is then seen again on the next look.
    const seen = this.#log.commitsSeen;
    if (seen === this.#commitsSeen) return this.#to;
    this.#commitsSeen = seen;
    const rows = this.#log.changesSince(this.#to);
    if (rows === null) {
      // Pruned past what we read: nothing kept can be checked any more.
      this.#entries.clear();
      this.#changes = [];
      this.#lastWritten.clear();
      this.#from = this.#to = this.#log.latestVersion();
      return this.#to;
    }
    if (rows.length === 0) return this.#to;
    for (const row of rows) {
      this.#changes.push(row);
      this.#lastWritten.set(row.path, row.version);
    }
    this.#to = rows[rows.length - 1].version;
    if (this.#changes.length > this.#maxChanges) {
      const dropped = this.#changes.splice(0, this.#changes.length - this.#maxChanges);
      this.#from = dropped[dropped.length - 1].version;
      // A write at or before #from is not after any entry still checked (older ones are stale).
      for (const row of dropped)
        if (this.#lastWritten.get(row.path) === row.version) this.#lastWritten.delete(row.path);
    }
    return this.#to;
  }

  /** Whether a commit after `version` wrote a path the entry depends on (or the log no longer reaches back that far). */
  #stale(entry: Entry): boolean {
    if (entry.version < this.#from) return true;
    const { dependsOn } = entry;
    if (typeof dependsOn !== "function") {
      for (const path of dependsOn) if ((this.#lastWritten.get(path) ?? -1) > entry.version) return true;
      return false;
    }
    // First change after the entry's version (binary search: the log is ascending).
    let lo = 0;
    let hi = this.#changes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.#changes[mid].version <= entry.version) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.#changes.length; i++) if (dependsOn(this.#changes[i].path)) return true;
    return false;
  }

  /**
   * The value kept under `key` when no commit since it was computed wrote a path `dependsOn`
   * accepts (or names); otherwise `compute()`, kept. `dependsOn` must accept every path whose
   * change could change the value; `isFresh`, when given, may refuse a kept value for reasons of its own (the
   * time passing). The value is shared by every caller, and frozen.
   */
  async read<T>(
    key: string,
    dependsOn: DependsOn,
    compute: () => Promise<T>,
    isFresh?: (value: T) => boolean,
  ): Promise<T> {
    const version = this.#catchUp();
    const entry = this.#entries.get(key);
    if (entry) {
      this.#entries.delete(key);
      if (!this.#stale(entry) && (!isFresh || isFresh(entry.value as T))) {
        entry.version = version;
        entry.dependsOn = dependsOn;
        this.#entries.set(key, entry); // most recently used last
        return entry.value as T;
      }
    }
    // Known current at `version`: a commit made while computing is in the log after it, and the
    // next read checks it.
    const value = deepFreeze(await compute());
    this.#entries.set(key, { version, dependsOn, value });
    if (this.#entries.size > this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    return value;
  }

  /** How many values are kept (for tests). */
  get size(): number {
    return this.#entries.size;
  }
}

const caches = new WeakMap<object, ReadCache>();

function hasChangeLog(store: object): store is ChangeLog {
  const log = store as Partial<ChangeLog>;
  return typeof log.changesSince === "function" && typeof log.latestVersion === "function";
}

/**
 * What a stand-in for a store answers to name the store it stands for at the moment (the tests'
 * per-test store proxy, tests/support/temp-store.ts): its cache is that store's, not the
 * stand-in's, so a value read from one test's store is never handed out in the next test.
 */
export const STORE_BEHIND = Symbol.for("skillswap.storeBehind");

/**
 * Reads through the cache of `store` (one per store, made on first use) when the store keeps a
 * change log; otherwise computes every time.
 */
export function readThrough<T>(
  storeOrStandIn: object,
  key: string,
  dependsOn: DependsOn,
  compute: () => Promise<T>,
  isFresh?: (value: T) => boolean,
): Promise<T> {
  const store = (storeOrStandIn as { [STORE_BEHIND]?: object })[STORE_BEHIND] ?? storeOrStandIn;
  if (!hasChangeLog(store)) return compute();
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new ReadCache(store)));
  return cache.read(key, dependsOn, compute, isFresh);
}

/**
 * `compute()`'s value, kept per store and `key` until a commit writes one of `paths` (decision 181):
 * for a value read from named documents only, such as a member's profile or a few status
 * documents. `paths` must name every document `compute` reads. A value that also follows a
 * collection, or documents it learns of while it is computed, names its own `dependsOn` with
 * `readThrough`.
 */
export function keptUntilWritten<T>(
  storeOrStandIn: object,
  key: string,
  paths: string | readonly string[],
  compute: () => Promise<T>,
): Promise<T> {
  return readThrough(storeOrStandIn, key, typeof paths === "string" ? [paths] : paths, compute);
}
