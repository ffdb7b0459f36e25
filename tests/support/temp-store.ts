/**
 * A fresh embedded DocStore for every test of a file, in its own temporary directory.
 *
 * `useTempStore` registers the vitest hooks itself. Call it at the top of the file, before the
 * file's own `beforeEach`: before-hooks run in the order they were registered and after-hooks in
 * reverse, so the file's setup sees an open store and its teardown runs before the store closes.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach } from "vitest";
import { openSqliteStore } from "~/engine/store/sqlite.server";
import { STORE_BEHIND } from "~/engine/store/read-cache.server";
import type { DocStore } from "~/engine/store/types";

export interface TempStore {
  /**
   * Stands for the running test's store: every call (and vi.spyOn) goes to the store opened for
   * that test, so module-level helpers and providers built once can hold it like a plain DocStore.
   */
  store: DocStore;
  /** The running test's temporary directory (holding the store's file), for other files a test needs. */
  dir(): string;
}

export function useTempStore(prefix = "skillswap-test-"): TempStore {
  let current: { dir: string; store: DocStore } | undefined;

  beforeEach(() => {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    current = { dir, store: openSqliteStore(path.join(dir, "test.sqlite")) };
  });

  // The closed store stays current until the next test: later after-hooks (vi.restoreAllMocks
  // in the console.error guard) still reach it to undo spies.
  afterEach(async () => {
    if (!current) return;
    try {
      await current.store.close();
    } finally {
      rmSync(current.dir, { recursive: true, force: true });
    }
  });

  const running = () => {
    if (!current)
      throw new Error("useTempStore: the store is opened by the first beforeEach; use it inside hooks and tests.");
    return current;
  };

  // Every operation, including vi.spyOn's property lookups and redefinition, reaches the running
  // test's store; methods come bound to it, so a method passed around on its own still works.
  const store = new Proxy({} as DocStore, {
    get(_target, key) {
      const target = running().store;
      // Values the read cache keeps belong to this test's store, not to the stand-in (decision 083).
      if (key === STORE_BEHIND) return target;
      const value: unknown = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
    set: (_target, key, value) => Reflect.set(running().store, key, value),
    has: (_target, key) => Reflect.has(running().store, key),
    ownKeys: () => Reflect.ownKeys(running().store),
    getPrototypeOf: () => Reflect.getPrototypeOf(running().store),
    getOwnPropertyDescriptor: (_target, key) => Reflect.getOwnPropertyDescriptor(running().store, key),
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(running().store, key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(running().store, key),
  });

  return { store, dir: () => running().dir };
}
