/**
 * Optimistic transactions: reads are recorded, writes buffered, and the store's commit re-checks
 * every read under `BEGIN IMMEDIATE` (see ../sqlite.server.ts for why).
 */
import type { Doc, DocData, Query, SetOptions, Transaction } from "../types";
import { assertIndexName } from "../text-search";
import { type Row, type WriteOp, assertData, parseDocPath, toDoc, versionSignature } from "./paths.server";
import { type CompiledQuery, compileQuery } from "./queries.server";

export const MAX_ATTEMPTS = 50;
/**
 * Attempts that may meet the write lock still taken after the busy timeout (SQLITE_BUSY) before a
 * write gives up with StoreBusyError. Each already waited the whole timeout, so a few are enough.
 */
export const BUSY_ATTEMPTS = 3;
const MAX_BACKOFF_MS = 50;

/** What a transaction reads through: the store it belongs to. */
export interface TransactionHost {
  /** Moves with every commit another connection makes to the file (`PRAGMA data_version`). */
  readonly othersCommits: number;
  /** This store's own commits so far. */
  readonly localCommits: number;
  /**
   * The paths each of this store's commits after `commit` (a `localCommits` value) wrote, or
   * undefined when they are no longer kept.
   */
  writtenSince(commit: number): readonly Iterable<string>[] | undefined;
  readRow(p: string): Row | undefined;
  readVersion(p: string): number | undefined;
  runQuery(compiled: CompiledQuery): Row[];
  runVersionQuery(compiled: CompiledQuery): { path: string; version: number }[];
}

/** Thrown into `fn` when its reads can no longer form one consistent snapshot; the attempt is retried. */
export class ConflictSignal extends Error {
  constructor() {
    super("The documents read by this transaction changed; it will be retried");
    this.name = "TransactionConflict";
  }
}

export class SqliteTransaction implements Transaction {
  /** Version of each document read; 0 when it was absent. */
  readonly docReads = new Map<string, { version: number; row: Row | undefined }>();
  readonly queryReads: { compiled: CompiledQuery; signature: string }[] = [];
  readonly writes: WriteOp[] = [];
  /** Set once this attempt is known to have read stale data, even if `fn` swallows the signal. */
  doomed = false;
  private active = true;
  /**
   * The commit counters (this store's, other connections') at which every read so far was known
   * current; taken at the first read, not when the attempt starts: before it there is nothing to
   * confirm, and the first read's look is the one its row needs (decision 193: one `PRAGMA
   * data_version` fewer per transaction).
   */
  private seenLocal: number | undefined;
  private seenOthers = 0;
  /** The collections this attempt queried. */
  private readonly queried = new Set<string>();

  constructor(private readonly store: TransactionHost) {}

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
    this.queried.add(query.collection);
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

  indexText(index: string, docPath: string, text: string | null): void {
    this.beforeWrite();
    parseDocPath(docPath);
    assertIndexName(index);
    this.writes.push({ kind: "index", path: docPath, index, text });
  }

  finish(): void {
    this.active = false;
  }

  /**
   * True when everything this attempt read is still what the store holds now. When no connection
   * committed since the reads were last known current, nothing can have changed them, and one look
   * at the commit counter replaces a version query per read (decision 168). When only this store
   * committed meanwhile, the paths its commits wrote say so without a statement (decision 202): a
   * read of none of them, and a query of none of their collections, still holds. Under the commit's
   * `BEGIN IMMEDIATE` that look sees every commit made before the write lock was taken.
   */
  readsAreCurrent(): boolean {
    // Two numbers, not an object: this runs before every read of every transaction.
    const local = this.store.localCommits;
    const others = this.store.othersCommits;
    const last = this.seenLocal;
    if (last === undefined || (others === this.seenOthers && (local === last || !this.readAnyWrittenSince(last)))) {
      this.seenLocal = local;
      this.seenOthers = others;
      return true;
    }
    for (const [p, read] of this.docReads) {
      if ((this.store.readVersion(p) ?? 0) !== read.version) return false;
    }
    for (const read of this.queryReads) {
      if (versionSignature(this.store.runVersionQuery(read.compiled)) !== read.signature) return false;
    }
    this.seenLocal = local;
    this.seenOthers = others;
    return true;
  }

  /**
   * Whether this store's commits after `local` wrote a document this attempt read or one in a
   * collection it queried; true when those commits are no longer known.
   */
  private readAnyWrittenSince(local: number): boolean {
    const written = this.store.writtenSince(local);
    if (!written) return true;
    for (const paths of written) {
      for (const p of paths) {
        if (this.docReads.has(p)) return true;
        if (this.queried.size > 0 && this.queried.has(p.slice(0, p.lastIndexOf("/")))) return true;
      }
    }
    return false;
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
   * could make it throw a business error that a retry would not have thrown). Another process can
   * commit between any two reads (`fn` holds no lock while it awaits; only the commit takes the
   * write lock), so every read looks, not once per transaction (decision 143).
   */
  private ensureConsistent(): void {
    if (this.doomed) throw new ConflictSignal();
    if (!this.readsAreCurrent()) {
      this.doomed = true;
      throw new ConflictSignal();
    }
  }
}

/**
 * SQLite could not take the lock it needed within the busy timeout (`BEGIN IMMEDIATE` while another
 * connection commits, or a snapshot too old to upgrade). The statement did nothing, so the attempt
 * may run again, like a conflict.
 */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

/**
 * The pause after a busy attempt: a timer (never the next turn of the loop), so a lock held by
 * this very process (another connection's commit waiting on a timer) can be let go meanwhile.
 */
export function busyBackoff(busyAttempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * busyAttempt));
}

export function backoff(attempt: number): Promise<void> {
  const ms = Math.random() * Math.min(MAX_BACKOFF_MS, 2 ** attempt);
  // Below a millisecond a timer would round up anyway; the next turn of the loop is enough
  // to let the winner's commit land before this attempt reads again.
  return new Promise((resolve) => (ms < 1 ? setImmediate(resolve) : setTimeout(resolve, ms)));
}
