/** Watchers of documents and queries, indexed by the paths and collections they depend on. */
import type { Doc, DocData, WhereClause } from "../types";
import { fieldSegments, type Row } from "./paths.server";

export interface Watcher {
  active: boolean;
  /** Identical evaluations share one SQL run per flush. */
  evalKey: string;
  evaluate(): Row[];
  /** `docOf` parses a row once per flush for every watcher handed the same row, frozen (decision 162). */
  deliver(rows: Row[], docOf: (row: Row) => Doc): void;
  onError?: (error: Error) => void;
  /** Content signature last delivered; undefined until the initial callback. */
  last: string | undefined;
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
