/** Watchers of documents and queries, indexed by the paths and collections they depend on. */
import type { Doc, DocData, Query, WhereClause } from "../types";
import { fieldSegments, type Row } from "./paths.server";

/** A write whose resulting row is not known to the watcher: its query must run again. */
export const UNKNOWN = Symbol("unknown write");

/** The rows a flush knows were written since a watcher's result, by path (null: deleted), or UNKNOWN. */
export type PendingWrites = Map<string, Row | null> | typeof UNKNOWN;

export interface Watcher {
  active: boolean;
  /** Identical evaluations share one SQL run per flush. */
  evalKey: string;
  evaluate(): Row[];
  /** `docOf` parses a row once per flush for every watcher handed the same row, frozen (decision 162). */
  deliver(rows: Row[], docOf: (row: Row) => Doc): void;
  onError?: (error: Error) => void;
  /** The result last delivered (compared by path and stored JSON); undefined until the initial callback. */
  last: readonly Row[] | undefined;
  /** What was written since `last` was the result, when every such write is known (decision 197). */
  pending?: PendingWrites;
  /**
   * For a query watcher whose result can be computed from the last one and the rows a commit wrote
   * (decision 197): that result, or null when only running the query can tell.
   */
  advance?: (last: readonly Row[], writes: ReadonlyMap<string, Row | null>, docOf: (row: Row) => Doc) => Row[] | null;
  describe: string;
  /**
   * For a query watcher: whether a commit that wrote `path`, now holding `data()` (undefined once
   * deleted), can change the result. Absent: every write in the collection can.
   */
  mayChange?: (path: string, data: () => DocData | undefined) => boolean;
}

/** A plain value compared as the store's SQL compares it: same type, same value (1 and 1.0 alike). */
const isPlain = (v: unknown) => v === null || ["string", "number", "boolean"].includes(typeof v);

function fieldOf(data: DocData, segments: readonly string[]): unknown {
  let value: unknown = data;
  for (const segment of segments) {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
    value = (value as DocData)[segment];
  }
  return value;
}

/**
 * The query's `==` and `array-contains` filters on plain values, as a test of one document's data;
 * null when it has none. A document that fails it is not in the result, so its write can change the
 * result only if it was in the result before (decision 162). Other filters are left to the query.
 */
export function plainFilter(where: readonly WhereClause[] | undefined): ((data: DocData) => boolean) | null {
  const tests: ((data: DocData) => boolean)[] = [];
  for (const [field, op, value] of where ?? []) {
    if (!isPlain(value)) continue;
    const segments = fieldSegments(field);
    if (op === "==") tests.push((data) => fieldOf(data, segments) === value);
    else if (op === "array-contains")
      tests.push((data) => {
        const list = fieldOf(data, segments);
        return Array.isArray(list) && list.includes(value);
      });
  }
  return tests.length === 0 ? null : (data) => tests.every((test) => test(data));
}

export function addTo<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(value);
}

export function removeFrom<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) index.delete(key);
}

/** Whether two results show the same documents with the same stored JSON, in the same order. */
export function sameContent(a: readonly Row[], b: readonly Row[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i].path !== b[i].path || a[i].data !== b[i].data) return false;
  return true;
}

/** Printable ASCII only: there JavaScript's order of strings is SQLite's (BINARY: the UTF-8 bytes). */
const ASCII = /^[ -~]*$/;
/** A top-level field name: its JSON path and a property lookup read the same value. */
const PLAIN_FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * How a commit's written rows change a query's last result without running it (decision 197),
 * for a query with no filters, no cursor and at most one order field: a chat's thread is one. The
 * store orders such a query by the field's type, then its value, then the id, keeping only
 * documents that have the field; this follows that order where both agree without doubt (the
 * field a safe integer, the id ASCII) and answers null otherwise, so the query runs. With a limit,
 * a full last result hides documents past its last row: the new result is known only when at
 * least `limit` known rows come at or before that last row, since every hidden one comes after it.
 * Undefined for any other query.
 */
export function resultAdvance(query: Query): Watcher["advance"] {
  const orderBy = query.orderBy ?? [];
  if ((query.where?.length ?? 0) > 0 || query.startAfter !== undefined || orderBy.length > 1) return undefined;
  const [field, direction] = orderBy[0] ?? [undefined, "asc"];
  if (field !== undefined && !PLAIN_FIELD.test(field)) return undefined;
  const sign = direction === "desc" ? -1 : 1;
  const { limit } = query;
  /** The order value of each row seen; a row is never changed, a write makes a new one. */
  const keys = new WeakMap<Row, number | null | undefined>();
  /** A safe integer; undefined when the document lacks the field (not in the result); null when unsure. */
  const keyOf = (row: Row, docOf: (row: Row) => Doc): number | null | undefined => {
    if (keys.has(row)) return keys.get(row);
    let key: number | null | undefined = null;
    if (ASCII.test(row.id)) {
      if (field === undefined) key = 0;
      else {
        const data = docOf(row).data;
        const value = Object.hasOwn(data, field) ? data[field] : undefined;
        key = value === undefined ? undefined : Number.isSafeInteger(value) ? (value as number) : null;
      }
    }
    keys.set(row, key);
    return key;
  };
  /** Whether `a` comes before `b` (below 0), after it, or is it; null when one of them is unsure. */
  const compare = (a: Row, b: Row, docOf: (row: Row) => Doc): number | null => {
    const [x, y] = [keyOf(a, docOf), keyOf(b, docOf)];
    if (x === null || x === undefined || y === null || y === undefined) return null;
    return sign * (x !== y ? x - y : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  };

  // The last result is in the store's order, so a binary search that compares the new row with
  // only the rows it visits finds its place; only those rows' keys are read (parsed once each).
  return (last, writes, docOf) => {
    const rows = last.filter((row) => !writes.has(row.path));
    for (const row of writes.values()) {
      if (row === null) continue;
      const key = keyOf(row, docOf);
      if (key === undefined) continue; // without the field: not in the result
      if (key === null) return null;
      let lo = 0;
      let hi = rows.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        const order = compare(rows[mid], row, docOf);
        if (order === null) return null;
        if (order < 0) lo = mid + 1;
        else hi = mid;
      }
      rows.splice(lo, 0, row);
    }
    if (limit === undefined) return rows;
    if (last.length >= limit) {
      // Documents past the last result's last row may exist; none of them comes before it.
      if (rows.length < limit) return null;
      const order = compare(rows[limit - 1], last[last.length - 1], docOf);
      if (order === null || order > 0) return null;
    }
    return rows.length > limit ? rows.slice(0, limit) : rows;
  };
}
