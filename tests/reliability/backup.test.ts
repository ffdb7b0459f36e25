import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { useTempStore } from "../support/temp-store";
import { postEntry } from "~/features/wallet/ledger.server";
import { reconcileAll } from "~/features/wallet/reconcile.server";
import { backupDatabase, BackupError, restoreDatabase } from "~/engine/store/backup.server";
import { openSqliteStore } from "~/engine/store/sqlite.server";

const temp = useTempStore("skillswap-backup-");
const { store } = temp;

describe("backup and restore of the embedded store", () => {
  it("restores a backup taken under write load to wallets that reconcile", async () => {
    const source = path.join(temp.dir(), "test.sqlite");
    const uids = Array.from({ length: 8 }, (_, i) => `member${i}`);
    for (const uid of uids)
      await postEntry(store, uid, { id: "welcome", amount: 200, type: "welcome_bonus", description: "Welcome bonus" });

    // Writers keep posting entries, each in its own transaction, while the backup runs.
    let writing = true;
    let written = 0;
    const writers = uids.map(async (uid) => {
      for (let n = 0; writing; n++) {
        await postEntry(store, uid, { id: `top_${n}`, amount: 5, type: "top_up", description: "Top-up" });
        written++;
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    // The backup starts once the writers are under way.
    await vi.waitFor(() => expect(written).toBeGreaterThan(0), { interval: 1 });
    const backup = path.join(temp.dir(), "backups", "copy.sqlite");
    await backupDatabase(source, backup);
    writing = false;
    await Promise.all(writers);
    expect(written).toBeGreaterThan(uids.length);

    const target = path.join(temp.dir(), "restored", "skillswap.sqlite");
    expect(restoreDatabase(backup, target).keptAs).toBeNull();
    const restored = openSqliteStore(target);
    try {
      const report = await reconcileAll(restored);
      expect(report.checked).toBe(uids.length);
      expect(report.failures).toEqual([]);
    } finally {
      await restored.close();
    }
  });

  it("refuses a damaged backup and leaves the database as it was", async () => {
    await postEntry(store, "ada", { id: "welcome", amount: 200, type: "welcome_bonus", description: "Welcome bonus" });
    const backup = path.join(temp.dir(), "copy.sqlite");
    await backupDatabase(path.join(temp.dir(), "test.sqlite"), backup);
    const bytes = readFileSync(backup);
    bytes.fill(0x41, 4096, 8192); // overwrite the second page
    writeFileSync(backup, bytes);

    const target = path.join(temp.dir(), "live", "skillswap.sqlite");
    await backupDatabase(path.join(temp.dir(), "test.sqlite"), target);
    const before = readFileSync(target);
    expect(() => restoreDatabase(backup, target)).toThrow(BackupError);
    expect(readFileSync(target).equals(before)).toBe(true);
    expect(existsSync(`${target}.restoring`)).toBe(false);
  });

  it("keeps the database it replaces", async () => {
    await postEntry(store, "ada", { id: "welcome", amount: 200, type: "welcome_bonus", description: "Welcome bonus" });
    const backup = path.join(temp.dir(), "copy.sqlite");
    await backupDatabase(path.join(temp.dir(), "test.sqlite"), backup);
    const target = path.join(temp.dir(), "live", "skillswap.sqlite");
    await backupDatabase(path.join(temp.dir(), "test.sqlite"), target);
    const { keptAs } = restoreDatabase(backup, target, new Date("2026-01-02T03:04:05Z"));
    expect(keptAs).toBe(`${target}.before-restore-2026-01-02T03-04-05-000Z`);
    expect(existsSync(keptAs!)).toBe(true);
    await expect(backupDatabase(path.join(temp.dir(), "test.sqlite"), backup)).rejects.toThrow("never overwrites");
  });
});
