/**
 * A store that counts the documents its reads answer (get, getAll and query, outside and inside
 * transactions), by top-level collection: what a step reads, whatever the machine's load. `paths`
 * lists every path asked for with get or getAll, in order, found or not. The stand-in is an object
 * of its own, so the read cache (kept per store object) keeps a cache of its own for it.
 */
import type { DocStore, Transaction } from "~/engine/store/types";

export function countingReads(store: DocStore): {
  store: DocStore;
  reads: Map<string, number>;
  paths: string[];
} {
  const reads = new Map<string, number>();
  const paths: string[] = [];
  const count = <T>(answer: T): T => {
    const docs = (Array.isArray(answer) ? answer : [answer]) as ({ path: string } | null)[];
    for (const doc of docs) {
      const collection = doc?.path.split("/")[0];
      if (collection) reads.set(collection, (reads.get(collection) ?? 0) + 1);
    }
    return answer;
  };
  const counted = <O extends object>(target: O, names: string[]): O =>
    new Proxy(target, {
      get(t, key, receiver) {
        const value = Reflect.get(t, key, receiver) as unknown;
        if (typeof key !== "string" || typeof value !== "function") return value;
        if (key === "transaction")
          return (fn: (tx: Transaction) => Promise<unknown>) =>
            (t as DocStore).transaction((tx) => fn(counted(tx, ["get", "query"])));
        if (!names.includes(key)) return (value as (...a: unknown[]) => unknown).bind(t);
        return async (...args: unknown[]) => {
          if (key === "get") paths.push(args[0] as string);
          if (key === "getAll") paths.push(...(args[0] as string[]));
          return count(await (value as (...a: unknown[]) => Promise<unknown>).apply(t, args));
        };
      },
    });
  return { store: counted(store, ["get", "getAll", "query"]), reads, paths };
}
