/**
 * The DocStore port: a Firestore-shaped document store on the server.
 * Paths alternate collection/id segments: `users/u1`, `wallets/u1/transactions/t1`.
 * Timestamps are stored as numbers of milliseconds since the epoch, written by the server.
 */
export type DocData = Record<string, unknown>;

export type WhereOp = "==" | "in" | "array-contains" | "<" | "<=" | ">" | ">=";
export type WhereClause = readonly [field: string, op: WhereOp, value: unknown];
export type OrderClause = readonly [field: string, direction: "asc" | "desc"];

export interface Query {
  /** A collection path: an odd number of segments, e.g. `wallets/u1/transactions`. */
  collection: string;
  where?: readonly WhereClause[];
  orderBy?: readonly OrderClause[];
  limit?: number;
  /**
   * A page's start: the documents after this one in the query's order (the last document of the
   * previous page: `cursorAfter`). The order must name every field the query compares with a range.
   */
  startAfter?: Cursor;
}

/** Where a page ends: the values of its last document's orderBy fields, in order, and its id (ties). */
export interface Cursor {
  values: readonly unknown[];
  id: string;
}

export interface Doc<T extends DocData = DocData> {
  id: string;
  path: string;
  data: T;
}

export interface SetOptions {
  merge?: boolean;
}

/** Reads first, then writes, as in Firestore. Writes are applied together at commit. */
export interface Transaction {
  get<T extends DocData = DocData>(path: string): Promise<Doc<T> | null>;
  query<T extends DocData = DocData>(query: Query): Promise<Doc<T>[]>;
  create(path: string, data: DocData): void;
  set(path: string, data: DocData, options?: SetOptions): void;
  update(path: string, data: DocData): void;
  delete(path: string): void;
  /**
   * Puts `text` in the full-text index `index` under the document at `path` (replacing what it
   * held), or removes the entry when `text` is null; committed with the transaction's other writes.
   */
  indexText(index: string, path: string, text: string | null): void;
}

/** A full-text query: every word must occur, in any order; best matches first. */
export interface TextSearch {
  index: string;
  text: string;
  limit: number;
  /** Hits to skip, for later pages. */
  offset?: number;
}

export interface TextHit {
  /** The document path the text was indexed under. */
  path: string;
  /** Higher is better; comparable only within one answer. */
  score: number;
}

export type Unsubscribe = () => void;

/** What a watched query's result gained, changed and lost since the last callback (watchQueryChanges). */
export interface QueryChanges<T extends DocData = DocData> {
  /** Documents new to the result or whose data changed, in the query's order. */
  changed: readonly Doc<T>[];
  /** Paths of the documents that left the result (deleted, or no longer matching or inside the limit). */
  removed: readonly string[];
}

export interface DocStore {
  get<T extends DocData = DocData>(path: string): Promise<Doc<T> | null>;
  /** The documents at `paths`, in the same order, null where one is missing: one read for many. */
  getAll<T extends DocData = DocData>(paths: readonly string[]): Promise<(Doc<T> | null)[]>;
  query<T extends DocData = DocData>(query: Query): Promise<Doc<T>[]>;
  /** Fails with AlreadyExistsError when the document exists. */
  create(path: string, data: DocData): Promise<void>;
  set(path: string, data: DocData, options?: SetOptions): Promise<void>;
  /** Shallow-merges top-level fields; fails with NotFoundError when the document is missing. */
  update(path: string, data: DocData): Promise<void>;
  delete(path: string): Promise<void>;
  /** Serializable; `fn` is run again on conflict, so it must not have side effects outside `tx`. */
  transaction<R>(fn: (tx: Transaction) => Promise<R>): Promise<R>;
  /** Calls back with the current document now, then once after each commit that changes it. */
  watchDoc<T extends DocData = DocData>(
    path: string,
    onChange: (doc: Doc<T> | null) => void,
    onError?: (error: Error) => void,
  ): Unsubscribe;
  /** Calls back with the current result now, then once after each commit that changes the result. */
  watchQuery<T extends DocData = DocData>(
    query: Query,
    onChange: (docs: Doc<T>[]) => void,
    onError?: (error: Error) => void,
  ): Unsubscribe;
  /**
   * Like watchQuery, but each callback holds only what changed (decision 162): first every document
   * of the result, then after each commit that changes the result the documents that entered it or
   * changed in it, in the query's order, and the paths of those that left it. A caller keeps the
   * result itself; the store reads and parses a changed document once for all its watchers, so the
   * documents are shared and must not be changed (the embedded engine freezes them).
   */
  watchQueryChanges<T extends DocData = DocData>(
    query: Query,
    onChange: (changes: QueryChanges<T>) => void,
    onError?: (error: Error) => void,
  ): Unsubscribe;
  /** Ranked paths whose indexed text holds every word of the query (text-search.ts tokenises). */
  search(query: TextSearch): Promise<TextHit[]>;
  /** Answers whether the store can be read (for /healthz). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export class AlreadyExistsError extends Error {
  constructor(path: string) {
    super(`Document already exists: ${path}`);
    this.name = "AlreadyExistsError";
  }
}

export class NotFoundError extends Error {
  constructor(path: string) {
    super(`Document not found: ${path}`);
    this.name = "NotFoundError";
  }
}

export class TransactionConflictError extends Error {
  constructor(attempts: number) {
    super(`Transaction gave up after ${attempts} conflicting attempts`);
    this.name = "TransactionConflictError";
  }
}

/**
 * The store's write lock stayed taken by other writers past every wait (the embedded engine's
 * SQLITE_BUSY, after its busy timeout and bounded retries). Nothing of the write was kept; the
 * same request may succeed a moment later, so callers answer 503 with "try again".
 */
export class StoreBusyError extends Error {
  constructor(attempts: number) {
    super(`The store stayed busy through ${attempts} attempts; nothing was written`);
    this.name = "StoreBusyError";
  }
}
