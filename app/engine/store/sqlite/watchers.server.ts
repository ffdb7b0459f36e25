/** Watchers of documents and queries, indexed by the paths and collections they depend on. */
import type { Doc } from "../types";
import { type Row } from "./paths.server";

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
