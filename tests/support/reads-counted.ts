import type { DocStore } from "~/engine/store/types";

/**
 * `store` seen through a stand-in that records the path of every document read through it (`get`,
 * `getAll`). The stand-in is an object of its own, so the read cache (kept per store object) keeps a
 * cache of its own for it.
 */
export function readsCounted(store: DocStore): { counted: DocStore; read: string[] } {
  const read: string[] = [];
  const counted = new Proxy(store, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (key === "get") return (p: string) => (read.push(p), target.get(p));
      if (key === "getAll") return (paths: string[]) => (read.push(...paths), target.getAll(paths));
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { counted, read };
}
