/**
 * The Firebase engine's DocStore: Cloud Firestore through firebase-admin.
 *
 * Firestore already has the port's semantics (paths, queries, serializable transactions that
 * read before they write and retry on contention, snapshot listeners), so this file mostly
 * translates: port queries to SDK queries, SDK errors to the port's errors, SDK values
 * (Timestamps) to the plain values the app stores.
 */
import { isDeepStrictEqual } from "node:util";
import {
  FieldPath,
  Firestore,
  Timestamp,
  type DocumentSnapshot,
  type QuerySnapshot,
  type Query as SdkQuery,
  type Transaction as SdkTransaction,
} from "firebase-admin/firestore";
import {
  AlreadyExistsError,
  NotFoundError,
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
import { checkCursor } from "./cursor";
import { retryIdempotentWrite } from "./idempotent-retry";
import { assertIndexName, matchScore, queryTokens, termCounts } from "./text-search";

// Contention makes Firestore abort a transaction; a ledger under a burst of top-ups needs more
// than the SDK's default 5 attempts before we give up.
const MAX_ATTEMPTS = 25;

const GRPC_NOT_FOUND = 5;
const GRPC_ALREADY_EXISTS = 6;
const GRPC_ABORTED = 10;

export interface FirestoreConnection {
  projectId: string;
  /** `host:port` of an emulator; production leaves it out and uses Application Default Credentials. */
  emulatorHost?: string;
  databaseId?: string;
}

/** A Firestore client of its own, so that `close()` ends exactly this store's connection. */
export function connectFirestore({ projectId, emulatorHost, databaseId }: FirestoreConnection): Firestore {
  return new Firestore({
    projectId,
    ...(databaseId ? { databaseId } : {}),
    ...(emulatorHost ? { host: emulatorHost, ssl: false, customHeaders: { Authorization: "Bearer owner" } } : {}),
    // A field left undefined by a caller means "not given", as in the SQLite store.
    ignoreUndefinedProperties: true,
  });
}

export function openFirestoreStore(db: Firestore): DocStore {
  return new FirestoreDocStore(db);
}

/** Timestamps written by other tools come back as milliseconds, like every timestamp here. */
function plain(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toMillis();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[key] = plain(inner);
    return out;
  }
  return value;
}

function toDoc<T extends DocData>(snapshot: DocumentSnapshot): Doc<T> | null {
  if (!snapshot.exists) return null;
  return { id: snapshot.id, path: snapshot.ref.path, data: plain(snapshot.data()) as T };
}

function grpcCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "number" ? code : undefined;
}

/** Turns the SDK's status errors into the port's named errors; anything else passes through. */
function portError(error: unknown, path?: string): unknown {
  switch (grpcCode(error)) {
    case GRPC_ALREADY_EXISTS:
      return new AlreadyExistsError(path ?? pathIn(error));
    case GRPC_NOT_FOUND:
      return new NotFoundError(path ?? pathIn(error));
    case GRPC_ABORTED:
      return new TransactionConflictError(MAX_ATTEMPTS);
    default:
      return error;
  }
}

function pathIn(error: unknown): string {
  const message = error instanceof Error ? error.message : "";
  return /documents\/(\S+)/.exec(message)?.[1] ?? "(in transaction)";
}

/** The port's query as an SDK query. */
function buildSdkQuery(db: Firestore, query: Query): SdkQuery {
  let q: SdkQuery = db.collection(query.collection);
  for (const [field, op, value] of query.where ?? []) q = q.where(field, op, value);
  for (const [field, direction] of query.orderBy ?? []) q = q.orderBy(field, direction);
  if (query.startAfter) {
    checkCursor(query, query.startAfter);
    // The id breaks ties, in the direction of the last field, as Firestore's own order does.
    const last = query.orderBy?.at(-1)?.[1] ?? "asc";
    q = q.orderBy(FieldPath.documentId(), last).startAfter(...query.startAfter.values, query.startAfter.id);
  }
  if (query.limit !== undefined) q = q.limit(query.limit);
  return q;
}

/**
 * Full-text search without a third-party service (docs/decisions/016-forum-search.md): each
 * indexed document has an entry at `_search/{index}/entries/{path with / as ~}` holding its
 * distinct words (`tokens`, queried with array-contains) and their counts (not indexed). A search
 * asks for the entries holding the query's longest word, keeps those holding every word, and
 * ranks them with text-search.ts's matchScore.
 */
const SEARCH_SCAN_LIMIT = 1_000;

function searchEntryPath(index: string, path: string): string {
  return `_search/${index}/entries/${path.replaceAll("/", "~")}`;
}

type SearchEntry = { path: string; tokens: string[]; counts: number[]; length: number };

function searchEntry(path: string, text: string): SearchEntry | null {
  const terms = termCounts(text);
  return terms.tokens.length === 0 ? null : { path, ...terms };
}

class FirestoreTransaction implements Transaction {
  constructor(
    private readonly db: Firestore,
    private readonly tx: SdkTransaction,
  ) {}

  async get<T extends DocData = DocData>(path: string): Promise<Doc<T> | null> {
    return toDoc<T>(await this.tx.get(this.db.doc(path)));
  }

  async query<T extends DocData = DocData>(query: Query): Promise<Doc<T>[]> {
    const result = await this.tx.get(buildSdkQuery(this.db, query));
    return result.docs.map((d) => toDoc<T>(d)!);
  }

  create(path: string, data: DocData): void {
    this.tx.create(this.db.doc(path), data);
  }

  set(path: string, data: DocData, options?: SetOptions): void {
    this.tx.set(this.db.doc(path), data, { merge: options?.merge === true });
  }

  update(path: string, data: DocData): void {
    this.tx.update(this.db.doc(path), data);
  }

  delete(path: string): void {
    this.tx.delete(this.db.doc(path));
  }

  indexText(index: string, path: string, text: string | null): void {
    assertIndexName(index);
    const ref = this.db.doc(searchEntryPath(index, path));
    const entry = text === null ? null : searchEntry(path, text);
    if (entry) this.tx.set(ref, entry);
    else this.tx.delete(ref);
  }
}

class FirestoreDocStore implements DocStore {
  private closed = false;

  constructor(private readonly db: Firestore) {}

  async get<T extends DocData = DocData>(path: string): Promise<Doc<T> | null> {
    return toDoc<T>(await this.db.doc(path).get());
  }

  async getAll<T extends DocData = DocData>(paths: readonly string[]): Promise<(Doc<T> | null)[]> {
    if (paths.length === 0) return [];
    // One round trip; Firestore answers in the order asked.
    const snapshots = await this.db.getAll(...paths.map((path) => this.db.doc(path)));
    return snapshots.map((snapshot) => toDoc<T>(snapshot));
  }

  async query<T extends DocData = DocData>(query: Query): Promise<Doc<T>[]> {
    const result = await buildSdkQuery(this.db, query).get();
    return result.docs.map((d) => toDoc<T>(d)!);
  }

  async create(path: string, data: DocData): Promise<void> {
    try {
      await this.db.doc(path).create(data);
    } catch (error) {
      throw portError(error, path);
    }
  }

  async set(path: string, data: DocData, options?: SetOptions): Promise<void> {
    await retryIdempotentWrite(() => this.db.doc(path).set(data, { merge: options?.merge === true }));
  }

  async update(path: string, data: DocData): Promise<void> {
    try {
      await this.db.doc(path).update(data);
    } catch (error) {
      throw portError(error, path);
    }
  }

  async delete(path: string): Promise<void> {
    await retryIdempotentWrite(() => this.db.doc(path).delete());
  }

  async transaction<R>(fn: (tx: Transaction) => Promise<R>): Promise<R> {
    try {
      return await this.db.runTransaction((tx) => fn(new FirestoreTransaction(this.db, tx)), {
        maxAttempts: MAX_ATTEMPTS,
      });
    } catch (error) {
      throw portError(error);
    }
  }

  watchDoc<T extends DocData = DocData>(
    path: string,
    onChange: (doc: Doc<T> | null) => void,
    onError?: (error: Error) => void,
  ): Unsubscribe {
    return this.watch(
      (next, fail) => this.db.doc(path).onSnapshot((snapshot) => next(toDoc<T>(snapshot)), fail),
      onChange,
      onError,
    );
  }

  watchQuery<T extends DocData = DocData>(
    query: Query,
    onChange: (docs: Doc<T>[]) => void,
    onError?: (error: Error) => void,
  ): Unsubscribe {
    return this.watch(
      (next, fail) =>
        buildSdkQuery(this.db, query).onSnapshot((snapshot) => next(snapshot.docs.map((d) => toDoc<T>(d)!)), fail),
      onChange,
      onError,
    );
  }

  /**
   * Firestore sends each listener what changed (`docChanges()`), in the order of the documents'
   * new places in the result. A document it reports modified whose data is the same (a write of
   * the same values) is left out, as watchQuery leaves out an unchanged result.
   */
  watchQueryChanges<T extends DocData = DocData>(
    query: Query,
    onChange: (changes: QueryChanges<T>) => void,
    onError?: (error: Error) => void,
  ): Unsubscribe {
    let shown: Map<string, DocData> | undefined;
    return this.listen<QuerySnapshot>(
      (next, fail) => buildSdkQuery(this.db, query).onSnapshot(next, fail),
      (snapshot) => {
        const first = shown === undefined;
        const known = (shown ??= new Map());
        const changed: { doc: Doc<T>; at: number }[] = [];
        const removed: string[] = [];
        for (const change of snapshot.docChanges()) {
          const path = change.doc.ref.path;
          if (change.type === "removed") {
            if (known.delete(path)) removed.push(path);
            continue;
          }
          const doc = toDoc<T>(change.doc)!;
          if (isDeepStrictEqual(known.get(path), doc.data)) continue;
          known.set(path, structuredClone(doc.data));
          changed.push({ doc, at: change.newIndex });
        }
        if (!first && changed.length === 0 && removed.length === 0) return;
        changed.sort((a, b) => a.at - b.at);
        onChange({ changed: changed.map((c) => c.doc), removed });
      },
      onError,
    );
  }

  /**
   * Firestore may send a snapshot for a write that changed nothing the watcher sees (a write of
   * the same values, a metadata change); the port promises a callback only when the value changes.
   */
  private watch<V>(
    listen: (next: (value: V) => void, fail: (error: Error) => void) => () => void,
    onChange: (value: V) => void,
    onError?: (error: Error) => void,
  ): Unsubscribe {
    let last: { value: V } | undefined;
    return this.listen(
      listen,
      (value) => {
        if (last && isDeepStrictEqual(last.value, value)) return;
        last = { value };
        onChange(structuredClone(value));
      },
      onError,
    );
  }

  /** A listener that calls nothing once unsubscribed, and whose unsubscribe may be called twice. */
  private listen<V>(
    listen: (next: (value: V) => void, fail: (error: Error) => void) => () => void,
    onValue: (value: V) => void,
    onError?: (error: Error) => void,
  ): Unsubscribe {
    let active = true;
    const stop = listen(
      (value) => {
        if (active) onValue(value);
      },
      (error) => {
        if (active) onError?.(error);
      },
    );
    return () => {
      if (!active) return;
      active = false;
      stop();
    };
  }

  async search(query: TextSearch): Promise<TextHit[]> {
    assertIndexName(query.index);
    const words = queryTokens(query.text);
    if (words.length === 0 || query.limit <= 0) return [];
    const candidates = await this.db
      .collection(`_search/${query.index}/entries`)
      .where("tokens", "array-contains", words[0])
      .limit(SEARCH_SCAN_LIMIT)
      .get();
    const hits: TextHit[] = [];
    for (const doc of candidates.docs) {
      const entry = doc.data() as SearchEntry;
      const score = matchScore(words, entry);
      if (score > 0) hits.push({ path: entry.path, score });
    }
    hits.sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : 1));
    const from = query.offset ?? 0;
    return hits.slice(from, from + query.limit);
  }

  async ping(): Promise<boolean> {
    if (this.closed) return false;
    try {
      await this.db.doc("health/ping").get();
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.db.terminate();
  }
}
