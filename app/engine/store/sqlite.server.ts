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
  TransactionConflictError,
  type Doc,
  type DocData,
  type DocStore,
  type Query,
  type SetOptions,
  type Transaction,
  type Unsubscribe,
  type WhereClause,
} from "./types";

const MAX_ATTEMPTS = 50;
const MAX_BACKOFF_MS = 50;
const BUSY_TIMEOUT_MS = 5_000;
// Query shapes are finite, but `in` lists of varying length each make their own SQL text.
const MAX_CACHED_STATEMENTS = 500;

interface Row {
  path: string;
  id: string;
  data: string;
  version: number;
}

type WriteOp =
  | { kind: "create"; path: string; data: DocData }
  | { kind: "set"; path: string; data: DocData; merge: boolean }
  | { kind: "update"; path: string; data: DocData }
  | { kind: "delete"; path: string };

export function openSqliteStore(file: string): DocStore {
  return new SqliteDocStore(file);
}

// ---------------------------------------------------------------------------------------
// Paths and values

interface DocPath {
  path: string;
  parent: string;
  id: string;
}

function segmentsOf(p: string, kind: string): string[] {
  if (typeof p !== "string" || p === "") throw new Error(`Invalid ${kind} path: ${JSON.stringify(p)}`);
  const segments = p.split("/");
  if (segments.some((s) => s === "")) throw new Error(`Invalid ${kind} path "${p}": empty segment`);
  return segments;
}

function parseDocPath(p: string): DocPath {
  const segments = segmentsOf(p, "document");
  if (segments.length % 2 !== 0) {
    throw new Error(`Invalid document path "${p}": it needs an even number of segments (collection/id)`);
  }
  const id = segments[segments.length - 1];
  return { path: p, parent: segments.slice(0, -1).join("/"), id };
}

function checkCollectionPath(p: string): void {
  const segments = segmentsOf(p, "collection");
  if (segments.length % 2 !== 1) {
    throw new Error(`Invalid collection path "${p}": it needs an odd number of segments`);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * JSON would silently turn a Date into a string, NaN into null and drop undefined; Firestore
 * refuses such values instead, and so do we, so that a bug shows up on the embedded engine too.
 */
function assertStorable(value: unknown, where: string): void {
  if (value === null || typeof value === "string" || typeof value === "boolean") return;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Cannot store ${value} at ${where}: numbers must be finite`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => assertStorable(item, `${where}[${i}]`));
    return;
  }
  if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) assertStorable(item, `${where}.${key}`);
    return;
  }
  const kind = value === undefined ? "undefined" : (value as object)?.constructor?.name ?? typeof value;
  throw new Error(`Cannot store ${kind} at ${where}: use null, booleans, numbers, strings, arrays or plain objects`);
}

function assertData(data: DocData, docPath: string): void {
  if (!isPlainObject(data)) throw new Error(`Document data for ${docPath} must be a plain object`);
  for (const [key, value] of Object.entries(data)) assertStorable(value, `${docPath}#${key}`);
}

/** Firestore's `set(…, { merge: true })`: nested maps are merged, every other value replaces. */
function mergeDeep(target: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    const current = out[key];
    out[key] =
      isPlainObject(value) && isPlainObject(current) && Object.keys(value).length > 0 ? mergeDeep(current, value) : value;
  }
  return out;
}

/** Firestore's `update`: top-level keys replace whole fields; a dotted key replaces one nested field. */
function applyUpdate(target: Record<string, unknown>, patch: DocData): Record<string, unknown> {
  const out: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (!key.includes(".")) {
      out[key] = value;
      continue;
    }
    const segments = fieldSegments(key);
    let node = out;
    for (const segment of segments.slice(0, -1)) {
      const child = node[segment];
      const copy: Record<string, unknown> = isPlainObject(child) ? { ...child } : {};
      node[segment] = copy;
      node = copy;
    }
    node[segments[segments.length - 1]] = value;
  }
  return out;
}

function fieldSegments(field: string): string[] {
  if (typeof field !== "string" || field === "") throw new Error(`Invalid field name: ${JSON.stringify(field)}`);
  const segments = field.split(".");
  if (segments.some((s) => s === "" || s.includes('"'))) throw new Error(`Invalid field name: ${JSON.stringify(field)}`);
  return segments;
}

/** A SQLite JSON path; each segment is quoted so that names like `first-name` work. */
function jsonPath(field: string): string {
  return "$" + fieldSegments(field).map((s) => `."${s}"`).join("");
}

function toDoc<T extends DocData>(row: Row): Doc<T> {
  return { id: row.id, path: row.path, data: JSON.parse(row.data) as T };
}

/** What a watcher compares: the visible content, not versions, so a no-op write stays silent. */
function contentSignature(rows: readonly Row[]): string {
  return rows.map((r) => `${r.path}\u0000${r.data}`).join("\u0001");
}

/** What a transaction compares: a query's result is unchanged when the same versions come back in order. */
function versionSignature(rows: readonly { path: string; version: number }[]): string {
  return rows.map((r) => `${r.path}@${r.version}`).join(",");
}

// ---------------------------------------------------------------------------------------
// Query translation
//
// Firestore compares values only within their type (1 never equals true, a range on numbers
// never matches strings) and orders by type first, then value. json_extract alone would
// blur these (true reads as 1, strings sort above numbers), so every predicate checks
// json_type too. Documents missing an orderBy or inequality field are left out.

interface CompiledQuery {
  /** Everything after the select list, shared by the reading and the validating statement. */
  tail: string;
  params: unknown[];
}

type TypedValue =
  | { kind: "null" }
  | { kind: "boolean"; value: boolean }
  | { kind: "number"; value: number }
  | { kind: "string"; value: string }
  | { kind: "json"; type: "array" | "object"; text: string };

function typed(value: unknown, where: string): TypedValue {
  assertStorable(value, where);
  if (value === null) return { kind: "null" };
  if (typeof value === "boolean") return { kind: "boolean", value };
  if (typeof value === "number") return { kind: "number", value };
  if (typeof value === "string") return { kind: "string", value };
  return { kind: "json", type: Array.isArray(value) ? "array" : "object", text: JSON.stringify(value) };
}

/**
 * `type` and `value` are SQL expressions for a JSON value's type name and its SQL value;
 * `jsonText` renders it as minified JSON (for comparing arrays and maps).
 */
interface Operand {
  type: string;
  value: string;
  jsonText: string;
  params: unknown[];
}

function fieldOperand(field: string): Operand {
  const p = jsonPath(field);
  return { type: "json_type(data, ?)", value: "json_extract(data, ?)", jsonText: "(data -> ?)", params: [p] };
}

function equals(operand: Operand, v: TypedValue): { sql: string; params: unknown[] } {
  const p = operand.params;
  switch (v.kind) {
    case "null":
      return { sql: `${operand.type} = 'null'`, params: [...p] };
    case "boolean":
      return { sql: `${operand.type} = '${v.value ? "true" : "false"}'`, params: [...p] };
    case "number":
      return { sql: `(${operand.type} IN ('integer','real') AND ${operand.value} = ?)`, params: [...p, ...p, v.value] };
    case "string":
      return { sql: `(${operand.type} = 'text' AND ${operand.value} = ?)`, params: [...p, ...p, v.value] };
    case "json":
      return { sql: `(${operand.type} = '${v.type}' AND ${operand.jsonText} = json(?))`, params: [...p, ...p, v.text] };
  }
}

const RANGE_SQL = { "<": "<", "<=": "<=", ">": ">", ">=": ">=" } as const;

function compileWhere(clause: WhereClause): { sql: string; params: unknown[]; inequality: boolean } {
  const [field, op, value] = clause;
  const where = `where(${JSON.stringify(field)} ${op})`;
  switch (op) {
    case "==":
      return { ...equals(fieldOperand(field), typed(value, where)), inequality: false };
    case "in": {
      if (!Array.isArray(value) || value.length === 0) {
        throw new Error(`${where} needs a non-empty array of values`);
      }
      const parts = value.map((item) => equals(fieldOperand(field), typed(item, where)));
      return {
        sql: `(${parts.map((x) => x.sql).join(" OR ")})`,
        params: parts.flatMap((x) => x.params),
        inequality: false,
      };
    }
    case "array-contains": {
      const element: Operand = { type: "e.type", value: "e.value", jsonText: "e.value", params: [] };
      const match = equals(element, typed(value, where));
      // json_each would also yield a single row for a scalar field, so insist on an array.
      return {
        sql: `(json_type(data, ?) = 'array' AND EXISTS (SELECT 1 FROM json_each(data, ?) AS e WHERE ${match.sql}))`,
        params: [jsonPath(field), jsonPath(field), ...match.params],
        inequality: false,
      };
    }
    case "<":
    case "<=":
    case ">":
    case ">=": {
      const v = typed(value, where);
      const p = jsonPath(field);
      const sqlOp = RANGE_SQL[op];
      switch (v.kind) {
        case "number":
          return { sql: `(json_type(data, ?) IN ('integer','real') AND json_extract(data, ?) ${sqlOp} ?)`, params: [p, p, v.value], inequality: true };
        case "string":
          return { sql: `(json_type(data, ?) = 'text' AND json_extract(data, ?) ${sqlOp} ?)`, params: [p, p, v.value], inequality: true };
        case "boolean":
          return { sql: `(json_type(data, ?) IN ('true','false') AND json_extract(data, ?) ${sqlOp} ?)`, params: [p, p, v.value ? 1 : 0], inequality: true };
        default:
          throw new Error(`${where} compares with ${v.kind === "json" ? v.type : "null"}; range filters take numbers, strings or booleans`);
      }
    }
    default:
      throw new Error(`Unsupported where operator: ${String(op)}`);
  }
}

const TYPE_RANK =
  "CASE json_type(data, ?) WHEN 'null' THEN 0 WHEN 'false' THEN 1 WHEN 'true' THEN 1 " +
  "WHEN 'integer' THEN 2 WHEN 'real' THEN 2 WHEN 'text' THEN 3 WHEN 'array' THEN 4 ELSE 5 END";

function compileQuery(query: Query): CompiledQuery {
  checkCollectionPath(query.collection);
  const conditions = ["parent = ?"];
  const params: unknown[] = [query.collection];
  const inequalityFields = new Set<string>();
  for (const clause of query.where ?? []) {
    const compiled = compileWhere(clause);
    conditions.push(compiled.sql);
    params.push(...compiled.params);
    if (compiled.inequality) inequalityFields.add(clause[0]);
  }

  // Firestore orders by the explicit fields, then by inequality fields not already named
  // (alphabetically), then by document id in the direction of the last ordering.
  const orderBy: { field: string; direction: "asc" | "desc" }[] = [];
  for (const [field, direction] of query.orderBy ?? []) {
    if (direction !== "asc" && direction !== "desc") throw new Error(`orderBy direction must be "asc" or "desc"`);
    orderBy.push({ field, direction });
  }
  const named = new Set(orderBy.map((o) => o.field));
  const lastDirection = orderBy.length > 0 ? orderBy[orderBy.length - 1].direction : "asc";
  for (const field of [...inequalityFields].filter((f) => !named.has(f)).sort()) {
    orderBy.push({ field, direction: lastDirection });
  }

  const orderParts: string[] = [];
  const orderParams: unknown[] = [];
  for (const { field, direction } of orderBy) {
    const p = jsonPath(field);
    conditions.push("json_type(data, ?) IS NOT NULL");
    params.push(p);
    const dir = direction === "desc" ? "DESC" : "ASC";
    orderParts.push(`${TYPE_RANK} ${dir}`, `json_extract(data, ?) ${dir}`);
    orderParams.push(p, p);
  }
  const tieDirection = (orderBy.length > 0 ? orderBy[orderBy.length - 1].direction : "asc") === "desc" ? "DESC" : "ASC";
  orderParts.push(`id ${tieDirection}`);
  params.push(...orderParams);

  let tail = `FROM docs WHERE ${conditions.join(" AND ")} ORDER BY ${orderParts.join(", ")}`;
  if (query.limit !== undefined) {
    if (!Number.isInteger(query.limit) || query.limit <= 0) throw new Error(`limit must be a positive integer, got ${query.limit}`);
    tail += " LIMIT ?";
    params.push(query.limit);
  }
  return { tail, params };
}

// ---------------------------------------------------------------------------------------
// Transactions

/** Thrown into `fn` when its reads can no longer form one consistent snapshot; the attempt is retried. */
class ConflictSignal extends Error {
  constructor() {
    super("The documents read by this transaction changed; it will be retried");
    this.name = "TransactionConflict";
  }
}

class SqliteTransaction implements Transaction {
  /** Version of each document read; 0 when it was absent. */
  readonly docReads = new Map<string, { version: number; row: Row | undefined }>();
  readonly queryReads: { compiled: CompiledQuery; signature: string }[] = [];
  readonly writes: WriteOp[] = [];
  /** Set once this attempt is known to have read stale data, even if `fn` swallows the signal. */
  doomed = false;
  private active = true;
  private seenCommits: number;

  constructor(private readonly store: SqliteDocStore) {
    this.seenCommits = store.localCommits;
  }

  async get<T extends DocData = DocData>(docPath: string): Promise<Doc<T> | null> {
    this.beforeRead();
    const { path: p } = parseDocPath(docPath);
    const cached = this.docReads.get(p);
    if (cached) return cached.row ? toDoc<T>(cached.row) : null;
    this.ensureConsistent();
    const row = this.store.readRow(p);
    this.docReads.set(p, { version: row?.version ?? 0, row });
    return row ? toDoc<T>(row) : null;
  }

  async query<T extends DocData = DocData>(query: Query): Promise<Doc<T>[]> {
    this.beforeRead();
    const compiled = compileQuery(query);
    this.ensureConsistent();
    const rows = this.store.runQuery(compiled);
    this.queryReads.push({ compiled, signature: versionSignature(rows) });
    return rows.map((row) => toDoc<T>(row));
  }

  create(docPath: string, data: DocData): void {
    this.beforeWrite();
    parseDocPath(docPath);
    assertData(data, docPath);
    this.writes.push({ kind: "create", path: docPath, data: structuredClone(data) });
  }

  set(docPath: string, data: DocData, options?: SetOptions): void {
    this.beforeWrite();
    parseDocPath(docPath);
    assertData(data, docPath);
    this.writes.push({ kind: "set", path: docPath, data: structuredClone(data), merge: options?.merge === true });
  }

  update(docPath: string, data: DocData): void {
    this.beforeWrite();
    parseDocPath(docPath);
    assertData(data, docPath);
    this.writes.push({ kind: "update", path: docPath, data: structuredClone(data) });
  }

  delete(docPath: string): void {
    this.beforeWrite();
    parseDocPath(docPath);
    this.writes.push({ kind: "delete", path: docPath });
  }

  finish(): void {
    this.active = false;
  }

  /** True when everything this attempt read is still what the store holds now. */
  readsAreCurrent(): boolean {
    for (const [p, read] of this.docReads) {
      if ((this.store.readVersion(p) ?? 0) !== read.version) return false;
    }
    for (const read of this.queryReads) {
      if (versionSignature(this.store.runVersionQuery(read.compiled)) !== read.signature) return false;
    }
    return true;
  }

  private beforeRead(): void {
    this.assertActive();
    if (this.writes.length > 0) {
      throw new Error("Transactions must do all their reads before any write (as in Firestore)");
    }
  }

  private beforeWrite(): void {
    this.assertActive();
  }

  private assertActive(): void {
    if (!this.active) throw new Error("This transaction has finished; use the tx passed to the current attempt only");
  }

  /**
   * Reads run between other requests' commits. If one happened since this attempt last read,
   * check that the earlier reads still hold, so `fn` never sees a mix of two snapshots (which
   * could make it throw a business error that a retry would not have thrown).
   */
  private ensureConsistent(): void {
    if (this.doomed) throw new ConflictSignal();
    if (this.store.localCommits === this.seenCommits) return;
    if (!this.readsAreCurrent()) {
      this.doomed = true;
      throw new ConflictSignal();
    }
    this.seenCommits = this.store.localCommits;
  }
}

function backoff(attempt: number): Promise<void> {
  const ms = Math.random() * Math.min(MAX_BACKOFF_MS, 2 ** attempt);
  // Below a millisecond a timer would round up anyway; the next turn of the loop is enough
  // to let the winner's commit land before this attempt reads again.
  return new Promise((resolve) => (ms < 1 ? setImmediate(resolve) : setTimeout(resolve, ms)));
}

// ---------------------------------------------------------------------------------------
// Watchers

interface Watcher {
  active: boolean;
  /** Identical evaluations share one SQL run per flush. */
  evalKey: string;
  evaluate(): Row[];
  deliver(rows: Row[]): void;
  onError?: (error: Error) => void;
  /** Content signature last delivered; undefined until the initial callback. */
  last: string | undefined;
  describe: string;
}

function addTo<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(value);
}

function removeFrom<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) index.delete(key);
}

// ---------------------------------------------------------------------------------------
// The store

class SqliteDocStore implements DocStore {
  /** Commits made through this store; lets a transaction skip re-validation when nothing happened. */
  localCommits = 0;

  private readonly db: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();
  private readonly readRowStmt: Database.Statement<[string], Row>;
  private readonly readVersionStmt: Database.Statement<[string], number>;
  private readonly nextVersionStmt: Database.Statement<[], number>;
  private readonly insertStmt: Database.Statement<[string, string, string, string, number]>;
  private readonly upsertStmt: Database.Statement<[string, string, string, string, number]>;
  private readonly deleteStmt: Database.Statement<[string]>;
  private readonly pingStmt: Database.Statement<[], number>;
  private readonly commitTx: Database.Transaction<(ops: readonly WriteOp[], check: (() => boolean) | null) => boolean>;
  private readonly validateTx: Database.Transaction<(tx: SqliteTransaction) => boolean>;

  private readonly docWatchers = new Map<string, Set<Watcher>>();
  private readonly queryWatchers = new Map<string, Set<Watcher>>();
  private dirty = new Set<Watcher>();
  private flushScheduled = false;
  private closed = false;

  constructor(file: string) {
    if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    this.db = new Database(file);
    this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
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
    `);

    this.readRowStmt = this.db.prepare("SELECT path, id, data, version FROM docs WHERE path = ?");
    this.readVersionStmt = this.db.prepare<[string], number>("SELECT version FROM docs WHERE path = ?").pluck();
    this.nextVersionStmt = this.db.prepare<[], number>("UPDATE meta SET value = value + 1 WHERE key = 'seq' RETURNING value").pluck();
    this.insertStmt = this.db.prepare(
      "INSERT INTO docs (path, parent, id, data, version) VALUES (?, ?, ?, ?, ?) ON CONFLICT (path) DO NOTHING",
    );
    this.upsertStmt = this.db.prepare(
      "INSERT INTO docs (path, parent, id, data, version) VALUES (?, ?, ?, ?, ?) " +
        "ON CONFLICT (path) DO UPDATE SET data = excluded.data, version = excluded.version",
    );
    this.deleteStmt = this.db.prepare("DELETE FROM docs WHERE path = ?");
    this.pingStmt = this.db.prepare<[], number>("SELECT 1").pluck();

    this.commitTx = this.db.transaction((ops: readonly WriteOp[], check: (() => boolean) | null) => {
      if (check && !check()) return false;
      const version = this.nextVersionStmt.get() as number;
      for (const op of ops) this.applyWrite(op, version);
      return true;
    });
    this.validateTx = this.db.transaction((tx: SqliteTransaction) => tx.readsAreCurrent());
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
    return this.statement(`SELECT path, version ${compiled.tail}`).all(...compiled.params) as { path: string; version: number }[];
  }

  async get<T extends DocData = DocData>(docPath: string): Promise<Doc<T> | null> {
    const row = this.readRow(parseDocPath(docPath).path);
    return row ? toDoc<T>(row) : null;
  }

  async query<T extends DocData = DocData>(query: Query): Promise<Doc<T>[]> {
    return this.runQuery(compileQuery(query)).map((row) => toDoc<T>(row));
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
    this.commit([{ kind: "create", path: docPath, data }], null);
  }

  async set(docPath: string, data: DocData, options?: SetOptions): Promise<void> {
    parseDocPath(docPath);
    assertData(data, docPath);
    this.commit([{ kind: "set", path: docPath, data, merge: options?.merge === true }], null);
  }

  async update(docPath: string, data: DocData): Promise<void> {
    parseDocPath(docPath);
    assertData(data, docPath);
    this.commit([{ kind: "update", path: docPath, data }], null);
  }

  async delete(docPath: string): Promise<void> {
    parseDocPath(docPath);
    this.commit([{ kind: "delete", path: docPath }], null);
  }

  // --- transactions ----------------------------------------------------------------------

  async transaction<R>(fn: (tx: Transaction) => Promise<R>): Promise<R> {
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
        if (this.tryCommit(tx)) return outcome.value;
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
    return this.commit(tx.writes, () => tx.readsAreCurrent());
  }

  /** Applies writes atomically under the write lock, after `check` (if any) confirms the reads. */
  private commit(ops: readonly WriteOp[], check: (() => boolean) | null): boolean {
    if (!this.commitTx.immediate(ops, check)) return false;
    this.localCommits++;
    for (const op of ops) this.touch(op.path);
    return true;
  }

  private applyWrite(op: WriteOp, version: number): void {
    const { path: p, parent, id } = parseDocPath(op.path);
    switch (op.kind) {
      case "create":
        if (this.insertStmt.run(p, parent, id, JSON.stringify(op.data), version).changes === 0) {
          throw new AlreadyExistsError(p);
        }
        return;
      case "set": {
        let data: DocData = op.data;
        if (op.merge) {
          const existing = this.readRow(p);
          if (existing) data = mergeDeep(JSON.parse(existing.data) as DocData, op.data);
        }
        this.upsertStmt.run(p, parent, id, JSON.stringify(data), version);
        return;
      }
      case "update": {
        const existing = this.readRow(p);
        if (!existing) throw new NotFoundError(p);
        const data = applyUpdate(JSON.parse(existing.data) as DocData, op.data);
        this.upsertStmt.run(p, parent, id, JSON.stringify(data), version);
        return;
      }
      case "delete":
        this.deleteStmt.run(p);
        return;
    }
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
    const compiled = compileQuery(query);
    const watcher: Watcher = {
      active: true,
      evalKey: `query:${compiled.tail}\u0000${JSON.stringify(compiled.params)}`,
      evaluate: () => this.runQuery(compiled),
      deliver: (rows) => onChange(rows.map((row) => toDoc<T>(row))),
      onError,
      last: undefined,
      describe: `watchQuery(${query.collection})`,
    };
    return this.subscribe(this.queryWatchers, query.collection, watcher);
  }

  private subscribe(index: Map<string, Set<Watcher>>, key: string, watcher: Watcher): Unsubscribe {
    if (this.closed) throw new Error("The store is closed");
    addTo(index, key, watcher);
    this.markDirty(watcher);
    return () => {
      if (!watcher.active) return;
      watcher.active = false;
      removeFrom(index, key, watcher);
      this.dirty.delete(watcher);
    };
  }

  /** Only watchers of the written document and of its collection can see a change. */
  private touch(docPath: string): void {
    const docWatchers = this.docWatchers.get(docPath);
    if (docWatchers) for (const w of docWatchers) this.markDirty(w);
    const queryWatchers = this.queryWatchers.get(docPath.slice(0, docPath.lastIndexOf("/")));
    if (queryWatchers) for (const w of queryWatchers) this.markDirty(w);
  }

  private markDirty(watcher: Watcher): void {
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
    let results = new Map<string, { rows: Row[]; signature: string } | { error: Error }>();
    let resultsAt = this.localCommits;
    for (const watcher of dirty) {
      if (!watcher.active || this.closed) continue;
      // A callback may itself commit; results computed before that would be stale.
      if (resultsAt !== this.localCommits) {
        results = new Map();
        resultsAt = this.localCommits;
      }
      let result = results.get(watcher.evalKey);
      if (!result) {
        try {
          const rows = watcher.evaluate();
          result = { rows, signature: contentSignature(rows) };
        } catch (error) {
          result = { error: error instanceof Error ? error : new Error(String(error)) };
        }
        results.set(watcher.evalKey, result);
      }
      if ("error" in result) {
        this.reportWatchError(watcher, result.error);
        continue;
      }
      if (result.signature === watcher.last) continue;
      watcher.last = result.signature;
      try {
        watcher.deliver(result.rows);
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
