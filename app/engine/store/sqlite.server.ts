/**
 * The embedded engine's DocStore: Firestore-shaped documents in one SQLite file.
 *
 * Every document is one row holding its JSON. A single commit counter (`meta.seq`) stamps
 * every written row with a version that never repeats, even across delete and re-create,
 * so comparing versions is enough to tell whether a document changed since it was read.
 *
 * Transactions are optimistic because better-sqlite3 is synchronous while `fn` is async:
 * holding a SQLite write lock across `await` would stall every other request. Reads are
 * recorded, writes buffered, and the commit re-checks every read under `BEGIN IMMEDIATE`.
 *
 * Several processes (the workers of one machine, decision 021) open the same file. Every commit
 * also appends the paths it wrote to a change log (`changes`), and a store that has watchers
 * follows it: every LIVE_POLL_MS it asks SQLite whether another connection committed
 * (`PRAGMA data_version`, a counter read without touching a table) and, only then, reads the new
 * log rows and wakes the watchers of those paths, exactly as for its own commits.
 *
 * Durability: WAL with `synchronous=NORMAL`. Every commit is atomic and survives a crash of
 * the process; a power cut can lose the last few commits but never tears one apart (a ledger
 * entry and its balance are written by the same commit).
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import {
  AlreadyExistsError,
  NotFoundError,
  StoreBusyError,
  TransactionConflictError,
  type Doc,
  type DocData,
  type DocStore,
  type Query,
  type QueryChanges,
  type SetOptions,
  type TextHit,
  type TextSearch,
  type Transaction,
  type Unsubscribe,
} from "./types";
import { assertIndexName, queryTokens, tokenize } from "./text-search";
import { type Row, type WriteOp, applyUpdate, assertData, mergeDeep, parseDocPath, toDoc } from "./sqlite/paths.server";
import {
  type CompiledQuery,
  INDEXED_FIELDS,
  ORDERED_FIELDS,
  compileQuery,
  fieldOrderSql,
  fieldValueSql,
} from "./sqlite/queries.server";
import {
  BUSY_ATTEMPTS,
  ConflictSignal,
  MAX_ATTEMPTS,
  SqliteTransaction,
  backoff,
  busyBackoff,
  isBusy,
} from "./sqlite/transaction.server";
import {
  type PendingWrites,
  type Watcher,
  UNKNOWN,
  addTo,
  plainFilter,
  removeFrom,
  resultAdvance,
  sameContent,
} from "./sqlite/watchers.server";
import { FORGOTTEN_ID } from "./change-log.server";
import { deepFreeze, type ChangeLog } from "./read-cache.server";

const BUSY_TIMEOUT_MS = 5_000;

/**
 * A field index holds only the documents that have the field: most documents written (a chat
 * message and its conversation's summary, for one) have none of INDEXED_FIELDS, and an entry per
 * index for each of them cost every commit B-tree writes that no query reads (decision 123). SQLite
 * reads a partial index for any equality or range on the same expression, which implies IS NOT
 * NULL; a query for a missing or null field reads the collection, as it did (json_type has no index).
 */
function fieldIndex(field: string): { name: string; sql: string } {
  const [name, value] = [`docs_by_${field}`, fieldValueSql(field)];
  return { name, sql: `CREATE INDEX ${name} ON docs (parent, ${value}, id) WHERE ${value} IS NOT NULL` };
}
/**
 * An order index holds a collection's documents that have the field in the query's order (type,
 * value, id) and only them, as a query ordered by the field reads them (fieldOrderSql): SQLite
 * walks it from either end and stops at the query's limit.
 */
function orderIndex(field: string): { name: string; sql: string } {
  const [name, { present, rank, value }] = [`docs_in_order_of_${field}`, fieldOrderSql(field)];
  return { name, sql: `CREATE INDEX ${name} ON docs (parent, ${rank}, ${value}, id) WHERE ${present}` };
}
// Query shapes are finite, but `in` lists of varying length each make their own SQL text.
const MAX_CACHED_STATEMENTS = 500;
/** How often a store with watchers looks for other processes' commits: well inside the 50 ms delivery target. */
const LIVE_POLL_MS = 5;

export interface SqliteStoreOptions {
  /**
   * Called after each of this store's commits (coalesced to one call per burst of commits made in
   * one synchronous stretch). The workers of a cluster use it to tell each other at once, so that
   * they need not poll often (decision 021).
   */
  afterCommits?: () => void;
  /** How often to look for other processes' commits while watchers exist; LIVE_POLL_MS by default. */
  pollMs?: number;
  /** How long a commit waits for another connection's write lock before SQLITE_BUSY; BUSY_TIMEOUT_MS by default. */
  busyTimeoutMs?: number;
}
/**
 * Commits whose change log rows are kept behind the newest commit; a follower further behind re-reads
 * every watcher. Counted in commits, not rows: an app commit writes at most Firestore's 500 paths, so
 * only a run of commits (a retention sweep: one row per document deleted) leaves many rows, and its
 * rows go in one later prune (100,000 rows: 0.26-0.28 s of one commit at load 19, issue 28).
 */
const CHANGES_KEPT = 20_000;
const PRUNE_EVERY = 1_000;
/**
 * This store's latest commits whose written paths are kept for its transactions (decision 202): an
 * attempt spans a few of them at most (the other requests in flight), and one further back checks
 * its reads' versions as before.
 */
const LOCAL_COMMITS_KEPT = 64;

/**
 * The change log: one rowid table whose key is the commit's version times PATHS_PER_COMMIT plus
 * the path's place in the commit, so every commit appends at its end and each read of it walks the
 * key in order (`entry >= ?`, `entry < ?`). It was a table and an index on `version`: two B-trees,
 * each appended to by every commit (decision 186). SQLite adds a row at the end of a rowid table's
 * last page without rebalancing its neighbours, which a keyed (WITHOUT ROWID) table does not.
 */
const CHANGE_LOG_TABLE = "CREATE TABLE changes (entry INTEGER PRIMARY KEY, path TEXT NOT NULL)";
/** More paths than one commit can write (a Firestore transaction writes at most 500). */
const PATHS_PER_COMMIT = 2 ** 20;
/** A commit's change-log rows go in INSERTs of this many rows at most: one statement for a chat message's two (decision 202). */
const LOG_ROWS_PER_STATEMENT = 32;

/** Matches ranked per search, newest first; older ones beyond it are not found by that search. */
const SEARCH_CANDIDATES = 2_000;

/** The FTS5 table of a text index; `index` has passed assertIndexName (lower-case letters, digits, - and _). */
function textTable(index: string): string {
  return `"search:${index}"`;
}

/**
 * Which writes in its collection can change a query's result (decision 162): with `==` or
 * `array-contains` filters on plain values, only a document that matches them now or was in the
 * result last delivered (`track` keeps its paths). Without such filters, every write can.
 */
function resultWatch(query: Query): { mayChange?: Watcher["mayChange"]; track(rows: readonly Row[]): void } {
  const filter = plainFilter(query.where);
  if (!filter) return { track: () => {} };
  let inResult = new Set<string>();
  return {
    mayChange: (p, data) => {
      if (inResult.has(p)) return true;
      const now = data();
      return now !== undefined && filter(now);
    },
    track: (rows) => {
      inResult = new Set(rows.map((row) => row.path));
    },
  };
}

/** The embedded DocStore, and the call that makes it look at other processes' commits now. */
export type SqliteStore = DocStore & ChangeLog & { readOthersCommits(): void };

export function openSqliteStore(file: string, options: SqliteStoreOptions = {}): SqliteStore {
  return new SqliteDocStore(file, options);
}

class SqliteDocStore implements DocStore {
  /** Commits made through this store; lets a transaction skip re-validation when nothing happened. */
  localCommits = 0;
  /** The rows each of the last LOCAL_COMMITS_KEPT commits wrote, by `localCommits % LOCAL_COMMITS_KEPT`, keyed by path. */
  private readonly localWrites: ReadonlyMap<string, unknown>[] = [];

  private readonly db: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();
  private readonly readRowStmt: Database.Statement<[string], Row>;
  private readonly readRowsStmt: Database.Statement<[string], Row>;
  private readonly readVersionStmt: Database.Statement<[string], number>;
  private readonly nextVersionStmt: Database.Statement<[], number>;
  private readonly insertStmt: Database.Statement<[string, string, string, string, number]>;
  private readonly upsertStmt: Database.Statement<[string, string, string, string, number]>;
  private readonly deleteStmt: Database.Statement<[string]>;
  private readonly pingStmt: Database.Statement<[], number>;
  private readonly searchRowStmt: Database.Statement<[string], { rowid: number; idx: string }>;
  private readonly searchAddDocStmt: Database.Statement<[string, string]>;
  private readonly searchDeleteDocStmt: Database.Statement<[number]>;
  private readonly searchPathStmt: Database.Statement<[number], string>;
  private readonly textIndexes = new Set<string>();
  /**
   * Answers the commit's version, or 0 when the transaction's reads (if any) were found stale; fills
   * `rows` with each written document's row as it now stands (null once deleted).
   */
  private readonly commitTx: Database.Transaction<
    (ops: readonly WriteOp[], tx: SqliteTransaction | null, rows: Map<string, Row | null>) => number
  >;
  private readonly validateTx: Database.Transaction<(tx: SqliteTransaction) => boolean>;

  private readonly docWatchers = new Map<string, Set<Watcher>>();
  private readonly queryWatchers = new Map<string, Set<Watcher>>();
  private dirty = new Set<Watcher>();
  /** Each row's document as a watcher was handed it, frozen, for as long as a result holds the row. */
  private readonly parsedRows = new WeakMap<Row, Doc>();
  private flushScheduled = false;
  private closed = false;

  private readonly dataVersionStmt: Database.Statement<[], number>;
  /** INSERTs of 1 to LOG_ROWS_PER_STATEMENT change-log rows, by count (index 0 unused), made on first use. */
  private readonly logChangesStmts: Database.Statement[] = [];
  private readonly changesSinceStmt: Database.Statement<[number], { version: number; path: string }>;
  private readonly latestVersionStmt: Database.Statement<[], number>;
  private readonly pruneChangesStmt: Database.Statement<[number]>;
  private readonly renameLoggedPathStmt: Database.Statement<[string, string]>;
  /** The last change log version this store has delivered to its watchers; -1 while not following. */
  private followedVersion = -1;
  private lastDataVersion = 0;
  private followTimer: NodeJS.Timeout | undefined;
  /** This store's commits not yet passed by the follower. */
  private readonly ownVersions = new Set<number>();
  private afterCommitsScheduled = false;

  constructor(
    file: string,
    private readonly options: SqliteStoreOptions = {},
  ) {
    if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    this.db = new Database(file);
    this.db.pragma(`busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMs ?? BUSY_TIMEOUT_MS))}`);
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("synchronous = NORMAL");
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS docs (
        path TEXT PRIMARY KEY,
        parent TEXT NOT NULL,
        id TEXT NOT NULL,
        data TEXT NOT NULL,
        version INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS docs_parent_id ON docs (parent, id);
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
      INSERT OR IGNORE INTO meta (key, value) VALUES ('seq', 0);
      -- Full-text indexes (DocStore.search): one row per indexed document here, its words in the
      -- FTS5 table of its index ("search:<index>", made on first use) under the same rowid. The
      -- words are text-search.ts's tokens joined by spaces, so both engines match the same words.
      CREATE TABLE IF NOT EXISTS search_docs (rowid INTEGER PRIMARY KEY, idx TEXT NOT NULL, path TEXT NOT NULL UNIQUE);
      -- The paths each commit wrote, by commit version: how other processes' watchers learn of it.
      ${CHANGE_LOG_TABLE.replace("CREATE TABLE", "CREATE TABLE IF NOT EXISTS")};
    `);
    this.db
      .transaction(() => {
        this.keyChangeLogByEntry();
        this.defineFieldAndOrderIndexes();
      })
      .immediate();
    this.dataVersionStmt = this.db.prepare<[], number>("PRAGMA data_version").pluck();
    this.changesSinceStmt = this.db.prepare(
      `SELECT entry / ${PATHS_PER_COMMIT} AS version, path FROM changes WHERE entry >= (? + 1) * ${PATHS_PER_COMMIT} ORDER BY entry`,
    );
    this.latestVersionStmt = this.db.prepare<[], number>("SELECT value FROM meta WHERE key = 'seq'").pluck();
    this.pruneChangesStmt = this.db.prepare(`DELETE FROM changes WHERE entry < (? + 1) * ${PATHS_PER_COMMIT}`);
    this.renameLoggedPathStmt = this.db.prepare("UPDATE changes SET path = ? WHERE path = ?");

    this.readRowStmt = this.db.prepare("SELECT path, id, data, version FROM docs WHERE path = ?");
    this.readRowsStmt = this.db.prepare(
      "SELECT path, id, data, version FROM docs WHERE path IN (SELECT value FROM json_each(?))",
    );
    this.readVersionStmt = this.db.prepare<[string], number>("SELECT version FROM docs WHERE path = ?").pluck();
    this.nextVersionStmt = this.db
      .prepare<[], number>("UPDATE meta SET value = value + 1 WHERE key = 'seq' RETURNING value")
      .pluck();
    this.insertStmt = this.db.prepare(
      "INSERT INTO docs (path, parent, id, data, version) VALUES (?, ?, ?, ?, ?) ON CONFLICT (path) DO NOTHING",
    );
    this.upsertStmt = this.db.prepare(
      "INSERT INTO docs (path, parent, id, data, version) VALUES (?, ?, ?, ?, ?) " +
        "ON CONFLICT (path) DO UPDATE SET data = excluded.data, version = excluded.version",
    );
    this.deleteStmt = this.db.prepare("DELETE FROM docs WHERE path = ?");
    this.pingStmt = this.db.prepare<[], number>("SELECT 1").pluck();
    this.searchRowStmt = this.db.prepare("SELECT rowid, idx FROM search_docs WHERE path = ?");
    this.searchAddDocStmt = this.db.prepare("INSERT INTO search_docs (idx, path) VALUES (?, ?)");
    this.searchDeleteDocStmt = this.db.prepare("DELETE FROM search_docs WHERE rowid = ?");
    this.searchPathStmt = this.db.prepare<[number], string>("SELECT path FROM search_docs WHERE rowid = ?").pluck();

    this.commitTx = this.db.transaction((ops: readonly WriteOp[], tx: SqliteTransaction | null, rows) => {
      if (tx && !tx.readsAreCurrent()) return 0;
      const version = this.nextVersionStmt.get() as number;
      // The reads were just confirmed current under the write lock, so a document the transaction
      // read is what an update or a merge starts from, until this commit writes it (decision 168).
      const written = new Set<string>();
      let entry = version * PATHS_PER_COMMIT;
      const logged: (number | string)[] = [];
      for (const op of ops) {
        const row = this.applyWrite(op, version, tx?.docReads, written);
        if (op.kind === "index") continue;
        rows.set(op.path, row ?? null);
        logged.push(entry++, op.path);
      }
      this.logChanges(logged);
      if (version % PRUNE_EVERY === 0) this.pruneChangesStmt.run(version - CHANGES_KEPT);
      return version;
    });
    this.validateTx = this.db.transaction((tx: SqliteTransaction) => tx.readsAreCurrent());
  }

  /** Appends a commit's change-log rows (`entry, path` pairs, flattened) in as few statements as it can. */
  private logChanges(values: readonly (number | string)[]): void {
    for (let from = 0; from < values.length; from += 2 * LOG_ROWS_PER_STATEMENT) {
      const chunk =
        values.length <= 2 * LOG_ROWS_PER_STATEMENT ? values : values.slice(from, from + 2 * LOG_ROWS_PER_STATEMENT);
      const count = chunk.length / 2;
      let stmt = this.logChangesStmts[count];
      if (!stmt) {
        const rows = Array.from({ length: count }, () => "(?, ?)").join(", ");
        stmt = this.logChangesStmts[count] = this.db.prepare(`INSERT INTO changes (entry, path) VALUES ${rows}`);
      }
      stmt.run(chunk);
    }
  }

  /**
   * Rebuilds a change log that code before decision 186 made (a table of versions and paths and an
   * index on `version`) as CHANGE_LOG_TABLE, with its rows in their order. Under the write lock, so
   * that of several workers opening the file at once only the first rebuilds it.
   */
  private keyChangeLogByEntry(): void {
    const columns = this.db.prepare<[], string>("SELECT name FROM pragma_table_info('changes')").pluck().all();
    if (!columns.includes("version")) return;
    this.db.exec(`
      ${CHANGE_LOG_TABLE.replace("changes", "changes_by_entry")};
      INSERT INTO changes_by_entry (entry, path)
        SELECT version * ${PATHS_PER_COMMIT} + row_number() OVER (PARTITION BY version ORDER BY rowid) - 1, path
        FROM changes;
      DROP TABLE changes;
      ALTER TABLE changes_by_entry RENAME TO changes;
    `);
  }

  /**
   * Makes each field index as INDEXED_FIELDS defines it and each order index as ORDERED_FIELDS does
   * (decision 140), replacing one a store written by older code defined otherwise (before decision
   * 123 the field indexes held every document, with or without the field). Under the write lock, so
   * that workers opening the same file at once make each index once.
   */
  private defineFieldAndOrderIndexes(): void {
    const definedAs = this.db
      .prepare<[string], string>("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?")
      .pluck();
    for (const { name, sql: definition } of [...INDEXED_FIELDS.map(fieldIndex), ...ORDERED_FIELDS.map(orderIndex)]) {
      const existing = definedAs.get(name);
      if (existing === definition) continue;
      if (existing !== undefined) this.db.exec(`DROP INDEX ${name}`);
      this.db.exec(definition);
    }
  }

  /**
   * Changes whenever any connection commits: this store's own commits, or another process's (which
   * SQLite reports through data_version). A transaction compares it to know whether its reads may
   * have gone stale.
   */
  get commitsSeen(): number {
    return this.localCommits + this.othersCommits;
  }

  /** Moves whenever another connection commits to the file; this store's own commits leave it. */
  get othersCommits(): number {
    return this.dataVersionStmt.get()!;
  }

  /** The paths each commit of this store after `commit` wrote, while they are kept (decision 202). */
  writtenSince(commit: number): Iterable<string>[] | undefined {
    if (this.localCommits - commit > LOCAL_COMMITS_KEPT) return undefined;
    const written: Iterable<string>[] = [];
    for (let c = commit + 1; c <= this.localCommits; c++) written.push(this.localWrites[c % LOCAL_COMMITS_KEPT].keys());
    return written;
  }

  // --- the change log, as the read cache reads it (read-cache.server.ts) -------------------

  latestVersion(): number {
    return this.latestVersionStmt.get()!;
  }

  changesSince(version: number): { version: number; path: string }[] | null {
    const rows = this.changesSinceStmt.all(version);
    // Pruning keeps CHANGES_KEPT rows behind the newest commit: further behind, rows may be gone.
    if (rows.length > 0 && rows[rows.length - 1].version - version > CHANGES_KEPT - PRUNE_EVERY) return null;
    return rows;
  }

  /**
   * Rewrites `from` to `to` in the change log, for a path that is personal data itself (an e-mail
   * address as a document id) once its document is gone. The rows and their versions stay, so a
   * process that has not caught up still sees a commit there; `to` must be in the same collection,
   * so the collection's watchers are still woken (see change-log.server.ts).
   */
  renameLoggedPath(from: string, to: string): void {
    this.renameLoggedPathStmt.run(to, from);
  }

  // --- reads ---------------------------------------------------------------------------

  readRow(p: string): Row | undefined {
    return this.readRowStmt.get(p);
  }

  readVersion(p: string): number | undefined {
    return this.readVersionStmt.get(p);
  }

  runQuery(compiled: CompiledQuery): Row[] {
    return this.statement(`SELECT path, id, data, version ${compiled.tail}`).all(...compiled.params) as Row[];
  }

  runVersionQuery(compiled: CompiledQuery): { path: string; version: number }[] {
    return this.statement(`SELECT path, version ${compiled.tail}`).all(...compiled.params) as {
      path: string;
      version: number;
    }[];
  }

  async get<T extends DocData = DocData>(docPath: string): Promise<Doc<T> | null> {
    const row = this.readRow(parseDocPath(docPath).path);
    return row ? toDoc<T>(row) : null;
  }

  async getAll<T extends DocData = DocData>(docPaths: readonly string[]): Promise<(Doc<T> | null)[]> {
    const wanted = docPaths.map((p) => parseDocPath(p).path);
    if (wanted.length === 0) return [];
    const rows = this.readRowsStmt.all(JSON.stringify(wanted));
    const byPath = new Map(rows.map((row) => [row.path, row]));
    // A path asked for twice gets two documents, so no caller shares data with another.
    return wanted.map((p) => {
      const row = byPath.get(p);
      return row ? toDoc<T>(row) : null;
    });
  }

  async query<T extends DocData = DocData>(query: Query): Promise<Doc<T>[]> {
    return this.runQuery(compileQuery(query)).map((row) => toDoc<T>(row));
  }

  async search(query: TextSearch): Promise<TextHit[]> {
    assertIndexName(query.index);
    const words = queryTokens(query.text);
    if (words.length === 0 || query.limit <= 0) return [];
    if (!this.hasTextIndex(query.index)) return [];
    // Each word quoted: FTS5 then reads it as a plain term, never as its query syntax.
    const match = words.map((w) => `"${w}"`).join(" ");
    const table = textTable(query.index);
    // The newest SEARCH_CANDIDATES matches are ranked (FTS5 walks them in rowid order and stops):
    // a word in most posts then costs the same as a rare one (decision 016, like Firestore's scan
    // limit). Only rowids and scores are sorted; the paths are read for the page alone.
    const rows = this.statement(
      `SELECT rowid, -bm25(${table}) AS score FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid DESC LIMIT ?`,
    ).all(match, SEARCH_CANDIDATES) as { rowid: number; score: number }[];
    rows.sort((a, b) => b.score - a.score || b.rowid - a.rowid);
    const from = query.offset ?? 0;
    return rows
      .slice(from, from + query.limit)
      .map((r) => ({ path: this.searchPathStmt.get(r.rowid)!, score: r.score }));
  }

  async ping(): Promise<boolean> {
    try {
      return !this.closed && this.pingStmt.get() === 1;
    } catch {
      return false;
    }
  }

  // --- plain writes: each one its own commit ---------------------------------------------

  async create(docPath: string, data: DocData): Promise<void> {
    parseDocPath(docPath);
    assertData(data, docPath);
    await this.write({ kind: "create", path: docPath, data });
  }

  async set(docPath: string, data: DocData, options?: SetOptions): Promise<void> {
    parseDocPath(docPath);
    assertData(data, docPath);
    await this.write({ kind: "set", path: docPath, data, merge: options?.merge === true });
  }

  async update(docPath: string, data: DocData): Promise<void> {
    parseDocPath(docPath);
    assertData(data, docPath);
    await this.write({ kind: "update", path: docPath, data });
  }

  async delete(docPath: string): Promise<void> {
    parseDocPath(docPath);
    await this.write({ kind: "delete", path: docPath });
  }

  /** One write, its own commit; tried again while the write lock stays taken (nothing was written then). */
  private async write(op: WriteOp): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        this.commit([op], null);
        return;
      } catch (error) {
        if (!isBusy(error)) throw error;
        if (attempt >= BUSY_ATTEMPTS) throw new StoreBusyError(attempt);
      }
      await busyBackoff(attempt);
    }
  }

  // --- transactions ----------------------------------------------------------------------

  async transaction<R>(fn: (tx: Transaction) => Promise<R>): Promise<R> {
    let busy = 0;
    for (let attempt = 1; ; attempt++) {
      const tx = new SqliteTransaction(this);
      let outcome: { ok: true; value: R } | { ok: false; error: unknown };
      try {
        outcome = { ok: true, value: await fn(tx) };
      } catch (error) {
        outcome = { ok: false, error };
      }
      tx.finish();

      if (outcome.ok) {
        try {
          if (this.tryCommit(tx)) return outcome.value;
        } catch (error) {
          // The lock stayed taken past the busy timeout: nothing was written, so this attempt
          // runs again like a conflict (its reads may be stale by now anyway), a few times at most.
          if (!isBusy(error)) throw error;
          if (++busy >= BUSY_ATTEMPTS) throw new StoreBusyError(busy);
          if (attempt >= MAX_ATTEMPTS) throw new TransactionConflictError(attempt);
          await busyBackoff(busy);
          continue;
        }
      } else if (!(outcome.error instanceof ConflictSignal) && !tx.doomed && this.readsStillHold(tx)) {
        // The reads were one consistent, current snapshot, so the error is `fn`'s own verdict.
        throw outcome.error;
      }

      if (attempt >= MAX_ATTEMPTS) throw new TransactionConflictError(attempt);
      await backoff(attempt);
    }
  }

  /** Whether `fn`'s error stands; if the store cannot even be read, `fn`'s error is the more useful one. */
  private readsStillHold(tx: SqliteTransaction): boolean {
    try {
      return this.validateTx.deferred(tx);
    } catch {
      return true;
    }
  }

  private tryCommit(tx: SqliteTransaction): boolean {
    if (tx.doomed) return false;
    // A read-only transaction only needs its snapshot confirmed; it writes nothing.
    if (tx.writes.length === 0) return this.validateTx.deferred(tx);
    return this.commit(tx.writes, tx);
  }

  /** Applies writes atomically under the write lock, after confirming the reads of `tx` (if any). */
  private commit(ops: readonly WriteOp[], tx: SqliteTransaction | null): boolean {
    let version: number;
    const rows = new Map<string, Row | null>();
    try {
      version = this.commitTx.immediate(ops, tx, rows);
    } catch (error) {
      // A text index table made by this commit was rolled back with it.
      this.textIndexes.clear();
      throw error;
    }
    if (version === 0) return false;
    this.localCommits++;
    this.localWrites[this.localCommits % LOCAL_COMMITS_KEPT] = rows;
    // The commit right after every one the watchers know of: their results, with the rows it
    // wrote, are the store as it now stands (decision 197).
    if (this.followTimer === undefined || version === this.followedVersion + 1) {
      if (this.followTimer) this.followedVersion = version;
      for (const [p, row] of rows) this.touch(p, row);
    } else {
      // After a gap (another process committed in between, unread yet) the follower reads it now,
      // waking the watchers of its paths with their documents. Then the rows written here are
      // known too, except at a path another process wrote again since: the follower has that one.
      // If the look fails, the watchers run their queries. Its watchers are woken here; the
      // follower must not wake them a second time.
      this.ownVersions.add(version);
      const read = this.readLog();
      const caughtUp = read !== null && this.followedVersion >= version;
      const later = new Set(read?.filter((row) => row.version > version).map((row) => row.path));
      for (const [p, row] of rows) if (!caughtUp || !later.has(p)) this.touch(p, caughtUp ? row : UNKNOWN);
    }
    this.scheduleAfterCommits();
    return true;
  }

  private scheduleAfterCommits(): void {
    const afterCommits = this.options.afterCommits;
    if (!afterCommits || this.afterCommitsScheduled) return;
    this.afterCommitsScheduled = true;
    queueMicrotask(() => {
      this.afterCommitsScheduled = false;
      try {
        afterCommits();
      } catch (error) {
        // The commit stands; the other processes' poll still finds it.
        console.error("afterCommits threw:", error);
      }
    });
  }

  /** Applies one write; answers the document's row as written (undefined when deleted or for an index entry). */
  private applyWrite(
    op: WriteOp,
    version: number,
    reads: SqliteTransaction["docReads"] | undefined,
    written: Set<string>,
  ): Row | undefined {
    const { path: p, parent, id } = parseDocPath(op.path);
    const read = written.has(p) ? undefined : reads?.get(p);
    written.add(p);
    const current = (): Row | undefined => (read ? read.row : this.readRow(p));
    switch (op.kind) {
      case "create": {
        const json = JSON.stringify(op.data);
        if (this.insertStmt.run(p, parent, id, json, version).changes === 0) {
          throw new AlreadyExistsError(p);
        }
        return { path: p, id, data: json, version };
      }
      case "set": {
        let data: DocData = op.data;
        if (op.merge) {
          const existing = current();
          if (existing) data = mergeDeep(JSON.parse(existing.data) as DocData, op.data);
        }
        const json = JSON.stringify(data);
        this.upsertStmt.run(p, parent, id, json, version);
        return { path: p, id, data: json, version };
      }
      case "update": {
        const existing = current();
        if (!existing) throw new NotFoundError(p);
        const json = JSON.stringify(applyUpdate(JSON.parse(existing.data) as DocData, op.data));
        this.upsertStmt.run(p, parent, id, json, version);
        return { path: p, id, data: json, version };
      }
      case "delete":
        this.deleteStmt.run(p);
        return undefined;
      case "index":
        this.applyIndex(op.index, p, op.text);
        return undefined;
    }
  }

  private applyIndex(index: string, p: string, text: string | null): void {
    const existing = this.searchRowStmt.get(p);
    if (existing !== undefined) {
      this.statement(`DELETE FROM ${textTable(existing.idx)} WHERE rowid = ?`).run(existing.rowid);
      this.searchDeleteDocStmt.run(existing.rowid);
    }
    const words = text === null ? [] : tokenize(text);
    if (words.length === 0) return;
    this.ensureTextIndex(index);
    const rowid = Number(this.searchAddDocStmt.run(index, p).lastInsertRowid);
    this.statement(`INSERT INTO ${textTable(index)} (rowid, words) VALUES (?, ?)`).run(rowid, words.join(" "));
  }

  /** One FTS5 table per index, so a search ranks only its own index's rows. Made inside the commit that first needs it. */
  private ensureTextIndex(index: string): void {
    if (this.textIndexes.has(index)) return;
    this.db.exec(
      `CREATE VIRTUAL TABLE IF NOT EXISTS ${textTable(index)} USING fts5 (words, tokenize = 'unicode61 remove_diacritics 2')`,
    );
    this.textIndexes.add(index);
  }

  private hasTextIndex(index: string): boolean {
    if (this.textIndexes.has(index)) return true;
    const found =
      this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(`search:${index}`) !==
      undefined;
    if (found) this.textIndexes.add(index);
    return found;
  }

  private statement(sql: string): Database.Statement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      if (this.statements.size >= MAX_CACHED_STATEMENTS) {
        const oldest = this.statements.keys().next().value;
        if (oldest !== undefined) this.statements.delete(oldest);
      }
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  // --- watchers --------------------------------------------------------------------------
  //
  // Callbacks are delivered from a microtask: the initial one shortly after subscribing, the
  // others after the commit that changed the result. A caller that awaits a write sees the
  // watchers' callbacks run before its own continuation. Commits made back to back within one
  // synchronous stretch (before the microtask queue drains) are delivered as one callback with
  // the latest result, as Firestore coalesces snapshots.

  watchDoc<T extends DocData = DocData>(
    docPath: string,
    onChange: (doc: Doc<T> | null) => void,
    onError?: (error: Error) => void,
  ): Unsubscribe {
    const { path: p } = parseDocPath(docPath);
    const watcher: Watcher = {
      active: true,
      evalKey: `doc:${p}`,
      evaluate: () => {
        const row = this.readRow(p);
        return row ? [row] : [];
      },
      deliver: (rows) => onChange(rows.length > 0 ? toDoc<T>(rows[0]) : null),
      onError,
      last: undefined,
      describe: `watchDoc(${p})`,
    };
    return this.subscribe(this.docWatchers, p, watcher);
  }

  watchQuery<T extends DocData = DocData>(
    query: Query,
    onChange: (docs: Doc<T>[]) => void,
    onError?: (error: Error) => void,
  ): Unsubscribe {
    return this.watchResult(query, "watchQuery", (rows) => onChange(rows.map((row) => toDoc<T>(row))), onError);
  }

  /**
   * The query is run again once per flush for all its watchers, as for watchQuery; each watcher then
   * compares the rows with the data it last delivered and is handed only the rows that differ, each
   * parsed once for every watcher (decision 162).
   */
  watchQueryChanges<T extends DocData = DocData>(
    query: Query,
    onChange: (changes: QueryChanges<T>) => void,
    onError?: (error: Error) => void,
  ): Unsubscribe {
    // Each document delivered, by path, as the stored JSON text it was delivered as.
    let shown: Map<string, string> | undefined;
    const deliver = (rows: Row[], docOf: (row: Row) => Doc) => {
      const first = shown === undefined;
      const before = shown ?? new Map<string, string>();
      const changed: Doc<T>[] = [];
      shown = new Map();
      for (const row of rows) {
        shown.set(row.path, row.data);
        if (before.get(row.path) !== row.data) changed.push(docOf(row) as Doc<T>);
        before.delete(row.path);
      }
      const removed = [...before.keys()];
      if (first || changed.length > 0 || removed.length > 0) onChange({ changed, removed });
    };
    return this.watchResult(query, "watchQueryChanges", deliver, onError);
  }

  /**
   * A watcher of a query's rows: identical queries share one run per flush, and only writes that
   * can change the result wake it (`resultWatch`, decision 162).
   */
  private watchResult(
    query: Query,
    kind: string,
    deliver: Watcher["deliver"],
    onError: ((error: Error) => void) | undefined,
  ): Unsubscribe {
    const compiled = compileQuery(query);
    const { mayChange, track } = resultWatch(query);
    const watcher: Watcher = {
      active: true,
      evalKey: `query:${compiled.tail}\u0000${JSON.stringify(compiled.params)}`,
      evaluate: () => this.runQuery(compiled),
      advance: resultAdvance(query),
      deliver: (rows, docOf) => {
        track(rows);
        deliver(rows, docOf);
      },
      onError,
      last: undefined,
      describe: `${kind}(${query.collection})`,
      mayChange,
    };
    return this.subscribe(this.queryWatchers, query.collection, watcher);
  }

  private subscribe(index: Map<string, Set<Watcher>>, key: string, watcher: Watcher): Unsubscribe {
    if (this.closed) throw new Error("The store is closed");
    addTo(index, key, watcher);
    this.markDirty(watcher, UNKNOWN);
    this.followOthers();
    return () => {
      if (!watcher.active) return;
      watcher.active = false;
      removeFrom(index, key, watcher);
      this.dirty.delete(watcher);
      if (this.docWatchers.size === 0 && this.queryWatchers.size === 0) this.stopFollowing();
    };
  }

  // --- other processes' commits ---------------------------------------------------------

  private followOthers(): void {
    if (this.followTimer) return;
    this.lastDataVersion = this.dataVersionStmt.get()!;
    this.followedVersion = this.latestVersionStmt.get()!;
    this.followTimer = setInterval(() => this.readOthersCommits(), this.options.pollMs ?? LIVE_POLL_MS);
    // Watchers alone never keep a process alive; a server does.
    this.followTimer.unref();
  }

  private stopFollowing(): void {
    clearInterval(this.followTimer);
    this.followTimer = undefined;
    this.followedVersion = -1;
    this.ownVersions.clear();
  }

  /** Wakes the watchers of every path another process committed since the last look. */
  readOthersCommits(): void {
    this.readLog();
  }

  /**
   * readOthersCommits; answers the log's rows read (none when nobody else committed since the last
   * look), or null when the look failed or the store does not follow the log.
   */
  private readLog(): { version: number; path: string }[] | null {
    if (this.closed || this.followedVersion < 0) return null;
    try {
      const dataVersion = this.dataVersionStmt.get()!;
      if (dataVersion === this.lastDataVersion) {
        // Nobody else committed since the last look: the log's newer rows are all our own.
        for (const version of this.ownVersions) if (version > this.followedVersion) this.followedVersion = version;
        this.ownVersions.clear();
        return [];
      }
      const rows = this.changesSinceStmt.all(this.followedVersion);
      // Only once the log is read: a look that failed must be made again at the next poll, not be
      // taken for "nobody else committed" and skipped past by this process's own next commit.
      this.lastDataVersion = dataVersion;
      if (rows.length === 0) return rows;
      // So far behind that pruning may have dropped rows we never read: any watcher may be stale.
      if (rows[rows.length - 1].version - this.followedVersion > CHANGES_KEPT - PRUNE_EVERY) {
        for (const set of [...this.docWatchers.values(), ...this.queryWatchers.values()])
          for (const w of set) this.markDirty(w, UNKNOWN);
      }
      const others = rows.filter((row) => !this.ownVersions.has(row.version));
      const docs = this.docsAsLogged(others, dataVersion);
      for (const row of others) this.touch(row.path, docs === UNKNOWN ? UNKNOWN : (docs.get(row.path) ?? null));
      for (const version of this.ownVersions)
        if (version <= rows[rows.length - 1].version) this.ownVersions.delete(version);
      this.followedVersion = rows[rows.length - 1].version;
      return rows;
    } catch (error) {
      console.error("Could not read other processes' commits:", error);
      return null;
    }
  }

  /**
   * The documents at the paths of `rows` that a query watches, as the log read just now saw them
   * (decision 197): read in one statement, and taken only when no other connection committed
   * since `dataVersion`, the counter read before the log, so both reads saw the same commits.
   * Applied to the watchers' last results they give the store as of that moment. UNKNOWN when
   * that cannot be said (the watchers then read for themselves).
   */
  private docsAsLogged(rows: readonly { path: string }[], dataVersion: number): Map<string, Row> | typeof UNKNOWN {
    const docs = new Map<string, Row>();
    const watched = rows.map((row) => row.path).filter((p) => this.queryWatchers.has(p.slice(0, p.lastIndexOf("/"))));
    if (watched.length === 0) return docs;
    try {
      for (const row of this.readRowsStmt.all(JSON.stringify(watched))) docs.set(row.path, row);
      return this.dataVersionStmt.get() === dataVersion ? docs : UNKNOWN;
    } catch {
      return UNKNOWN;
    }
  }

  /**
   * Only watchers of the written document and of its collection can see a change, and of those
   * only the queries the document can enter or leave (decision 162): a member's chat list is not
   * run again for another pair's message. `row` is the document as the commit left it (null once
   * deleted), when the caller knows it and every commit before it is known to the watchers
   * (decision 197); otherwise the document is read once for all of them. A forgotten path
   * (change-log.server.ts) stands for a document that is gone, so it wakes every query.
   */
  private touch(docPath: string, row: Row | null | typeof UNKNOWN): void {
    const docWatchers = this.docWatchers.get(docPath);
    if (docWatchers) for (const w of docWatchers) this.markDirty(w, UNKNOWN);
    const queryWatchers = this.queryWatchers.get(docPath.slice(0, docPath.lastIndexOf("/")));
    if (!queryWatchers) return;
    const forgotten = docPath.endsWith(`/${FORGOTTEN_ID}`);
    const written = forgotten ? UNKNOWN : row;
    let current: { data: DocData | undefined } | undefined;
    const data = () => {
      if (!current) {
        const now = written === UNKNOWN ? this.readRow(docPath) : written;
        current = { data: now ? (JSON.parse(now.data) as DocData) : undefined };
      }
      return current.data;
    };
    for (const w of queryWatchers)
      if (forgotten || this.mayChange(w, docPath, data)) this.markDirty(w, written, docPath);
  }

  /** A document that cannot be read now may have changed anything: the commit stands, the query runs again. */
  private mayChange(watcher: Watcher, docPath: string, data: () => DocData | undefined): boolean {
    if (!watcher.mayChange) return true;
    try {
      return watcher.mayChange(docPath, data);
    } catch {
      return true;
    }
  }

  /**
   * Marks `watcher` for the next flush, with the row written at `docPath` when it is known
   * (decision 197): a watcher that can advance its last result by known rows runs no query.
   */
  private markDirty(watcher: Watcher, row: Row | null | typeof UNKNOWN = UNKNOWN, docPath?: string): void {
    const pending = watcher.pending;
    if (row === UNKNOWN || docPath === undefined || !watcher.advance) watcher.pending = UNKNOWN;
    else if (pending === undefined) watcher.pending = new Map([[docPath, row]]);
    else if (pending !== UNKNOWN) pending.set(docPath, row);
    this.dirty.add(watcher);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      queueMicrotask(() => this.flush());
    }
  }

  private flush(): void {
    this.flushScheduled = false;
    if (this.closed) return;
    const dirty = this.dirty;
    this.dirty = new Set();
    let results = new Map<string, { rows: Row[] } | { error: Error }>();
    let resultsAt = this.localCommits;
    // Rows are shared by the watchers of one evaluation, so their parsed documents are too; a row
    // kept in a last result keeps its document for the next flush's advance (decision 197).
    const parsed = this.parsedRows;
    const docOf = (row: Row): Doc => {
      let doc = parsed.get(row);
      if (!doc) parsed.set(row, (doc = deepFreeze(toDoc(row))));
      return doc;
    };
    for (const watcher of dirty) {
      const pending: PendingWrites | undefined = watcher.pending;
      watcher.pending = undefined;
      if (!watcher.active || this.closed) continue;
      // A callback may itself commit; results computed before that would be stale.
      if (resultsAt !== this.localCommits) {
        results = new Map();
        resultsAt = this.localCommits;
      }
      // The last result and the rows written since give the new one without the query (decision 197).
      const advanced =
        pending instanceof Map && watcher.advance && watcher.last
          ? watcher.advance(watcher.last, pending, docOf)
          : null;
      let result = advanced ? { rows: advanced } : results.get(watcher.evalKey);
      if (!result) {
        try {
          result = { rows: watcher.evaluate() };
        } catch (error) {
          result = { error: error instanceof Error ? error : new Error(String(error)) };
        }
        results.set(watcher.evalKey, result);
      }
      if ("error" in result) {
        // The writes just taken are lost to it: its next result comes from the query.
        watcher.pending = UNKNOWN;
        this.reportWatchError(watcher, result.error);
        continue;
      }
      if (watcher.last && sameContent(result.rows, watcher.last)) continue;
      watcher.last = result.rows;
      try {
        watcher.deliver(result.rows, docOf);
      } catch (error) {
        // One broken subscriber must not starve the others or undo a commit that already happened.
        console.error(`${watcher.describe}: the change callback threw`, error);
      }
    }
  }

  private reportWatchError(watcher: Watcher, error: Error): void {
    if (!watcher.onError) {
      console.error(`${watcher.describe}: could not re-read the watched data`, error);
      return;
    }
    try {
      watcher.onError(error);
    } catch (callbackError) {
      console.error(`${watcher.describe}: the error callback threw`, callbackError);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopFollowing();
    for (const set of [...this.docWatchers.values(), ...this.queryWatchers.values()]) {
      for (const watcher of set) watcher.active = false;
    }
    this.docWatchers.clear();
    this.queryWatchers.clear();
    this.dirty.clear();
    this.statements.clear();
    this.db.close();
  }
}
