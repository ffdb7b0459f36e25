/** What the benchmarks share: latency percentiles and a throwaway embedded store. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openSqliteStore } from "../app/engine/store/sqlite.server";
import type { DocStore } from "../app/engine/store/types";

export interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles of `values`, in their unit; NaN when there are no values. */
export function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) };
}

/** Runs `bench` on a new SQLite store in a temporary directory, then closes the store and removes the directory. */
export async function withTempStore<T>(prefix: string, bench: (store: DocStore) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const store = openSqliteStore(path.join(dir, "bench.sqlite"));
  try {
    return await bench(store);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
