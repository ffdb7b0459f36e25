/**
 * The embedded engine's rate-limit storage: one table in a SQLite file beside the store's, shared by
 * every worker process serving it (decision 021). Each update is a read-modify-write of one row
 * under BEGIN IMMEDIATE, so two workers counting the same key never lose a hit.
 *
 * The counts are no documents (nobody watches them, no transaction reads them, a restore need not
 * bring them back), so they live in their own file: a counted attempt never waits for a document
 * commit's write lock or holds one up, never makes a document transaction re-validate, and never
 * changes the store's `PRAGMA data_version`, which every worker's change-log follower watches.
 */
import Database from "better-sqlite3";
import type { LimitEntry, LimitStorage, SharedLimitBackend } from "~/utils/rate-limit.server";

interface Row {
  hits: string;
  locked_until: number;
}

export function openSqliteLimitBackend(file: string): SharedLimitBackend & { close(): void } {
  const db = new Database(file);
  db.pragma("busy_timeout = 5000");
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.exec(`
    CREATE TABLE IF NOT EXISTS rate_limits (
      name TEXT NOT NULL,
      key TEXT NOT NULL,
      hits TEXT NOT NULL,
      locked_until INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      updated INTEGER NOT NULL,
      PRIMARY KEY (name, key)
    ) WITHOUT ROWID;
  `);
  const getStmt = db.prepare<[string, string], Row>(
    "SELECT hits, locked_until FROM rate_limits WHERE name = ? AND key = ?",
  );
  const putStmt = db.prepare<[string, string, string, number, number, number]>(
    "INSERT INTO rate_limits (name, key, hits, locked_until, expires_at, updated) VALUES (?, ?, ?, ?, ?, ?) " +
      "ON CONFLICT (name, key) DO UPDATE SET hits = excluded.hits, locked_until = excluded.locked_until, " +
      "expires_at = excluded.expires_at, updated = excluded.updated",
  );
  const deleteStmt = db.prepare<[string, string]>("DELETE FROM rate_limits WHERE name = ? AND key = ?");
  const expireStmt = db.prepare<[string, number]>("DELETE FROM rate_limits WHERE name = ? AND expires_at <= ?");
  const countStmt = db.prepare<[string], number>("SELECT count(*) FROM rate_limits WHERE name = ?").pluck();
  const trimStmt = db.prepare<[string, string, number]>(
    "DELETE FROM rate_limits WHERE name = ? AND key IN (SELECT key FROM rate_limits WHERE name = ? ORDER BY updated LIMIT ?)",
  );

  const toEntry = (row: Row | undefined): LimitEntry | undefined =>
    row ? { hits: JSON.parse(row.hits) as number[], lockedUntil: row.locked_until } : undefined;

  // Least recently updated first when trimming; the sequence keeps updates within one millisecond in order.
  let sequence = 0;
  const stamp = () => Date.now() * 1_000 + (sequence++ % 1_000);

  const updateTx = db.transaction(
    (
      name: string,
      key: string,
      change: (entry: LimitEntry | undefined) => { entry: LimitEntry; expiresAt: number },
    ) => {
      const next = change(toEntry(getStmt.get(name, key)));
      putStmt.run(name, key, JSON.stringify(next.entry.hits), next.entry.lockedUntil, next.expiresAt, stamp());
      return next.entry;
    },
  );
  const sweepTx = db.transaction((name: string, now: number, maxKeys: number) => {
    expireStmt.run(name, now);
    const over = countStmt.get(name)! - maxKeys;
    if (over > 0) trimStmt.run(name, name, over);
  });

  const storages = new Map<string, LimitStorage>();
  return {
    storage(name) {
      let storage = storages.get(name);
      if (!storage) {
        storage = {
          get: (key) => toEntry(getStmt.get(name, key)),
          update: (key, change) => updateTx.immediate(name, key, change),
          delete: (key) => void deleteStmt.run(name, key),
          sweep: (now, maxKeys) => sweepTx.immediate(name, now, maxKeys),
          get size() {
            return countStmt.get(name)!;
          },
        };
        storages.set(name, storage);
      }
      return storage;
    },
    close() {
      db.close();
    },
  };
}
