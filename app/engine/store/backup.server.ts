/**
 * Backups of the embedded engine's SQLite file. A backup is taken with SQLite's online backup API
 * (through better-sqlite3), so it is one consistent snapshot even while the server keeps writing:
 * the copy restarts whenever a write lands in a page already copied. A restore checks the copy
 * (PRAGMA integrity_check) before it replaces anything and keeps the file it replaces.
 */
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

export class BackupError extends Error {}

/** "ok", or the problems SQLite found, one a line. */
export function integrityOf(file: string): string {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const rows = db.pragma("integrity_check") as Array<{ integrity_check: string }>;
    return rows.map((row) => row.integrity_check).join("\n");
  } catch (error) {
    // A file damaged badly enough that SQLite cannot even check it.
    return error instanceof Error ? error.message : String(error);
  } finally {
    db?.close();
  }
}

/** Copies the live database to `destination` and checks the copy. */
export async function backupDatabase(source: string, destination: string): Promise<{ pages: number }> {
  if (!existsSync(source)) throw new BackupError(`There is no database at ${source}: check DATA_DIR.`);
  if (existsSync(destination)) throw new BackupError(`${destination} exists already: a backup never overwrites one.`);
  mkdirSync(path.dirname(destination), { recursive: true });
  // The server writes in WAL mode; another connection may read meanwhile.
  const db = new Database(source, { fileMustExist: true });
  let pages = 0;
  try {
    db.pragma("busy_timeout = 5000");
    const result = await db.backup(destination);
    pages = result.totalPages;
  } finally {
    db.close();
  }
  // A backup is one self-contained file: no -wal or -shm beside it.
  const copy = new Database(destination, { fileMustExist: true });
  try {
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
  const integrity = integrityOf(destination);
  if (integrity !== "ok") {
    rmSync(destination, { force: true });
    throw new BackupError(`The copy failed its integrity check and was removed:\n${integrity}`);
  }
  return { pages };
}

/**
 * Puts `backup` in place of `target` (the server must be stopped). Returns where the replaced
 * database was kept, if there was one.
 */
export function restoreDatabase(backup: string, target: string, now = new Date()): { keptAs: string | null } {
  if (!existsSync(backup)) throw new BackupError(`There is no backup at ${backup}.`);
  const integrity = integrityOf(backup);
  if (integrity !== "ok")
    throw new BackupError(`The backup failed its integrity check; nothing was changed:\n${integrity}`);
  mkdirSync(path.dirname(target), { recursive: true });
  // Copy next to the target first, so the swap below is a rename on one file system.
  const incoming = `${target}.restoring`;
  copyFileSync(backup, incoming);
  let keptAs: string | null = null;
  if (existsSync(target)) {
    keptAs = `${target}.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`;
    // Checkpoint what the WAL holds into the old file, so what is kept is complete.
    const old = new Database(target, { fileMustExist: true });
    try {
      old.pragma("wal_checkpoint(TRUNCATE)");
    } finally {
      old.close();
    }
    renameSync(target, keptAs);
  }
  // A WAL or shared-memory file of the old database must not be replayed onto the restored one.
  rmSync(`${target}-wal`, { force: true });
  rmSync(`${target}-shm`, { force: true });
  renameSync(incoming, target);
  return { keptAs };
}
