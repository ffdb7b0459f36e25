/**
 * `npm run restore -- FILE`: puts a backup in place of $DATA_DIR/skillswap.sqlite. Stop the server
 * first. The backup is integrity-checked before anything changes; the replaced database is kept
 * beside it; then every wallet is reconciled (balance == sum of entries) and any mismatch is listed.
 */
import path from "node:path";
import { BackupError, restoreDatabase } from "../app/engine/store/backup.server";
import { openSqliteStore } from "../app/engine/store/sqlite.server";
import { reconcileAll } from "../app/features/wallet/reconcile.server";

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error("Name the backup to restore: npm run restore -- data/backups/skillswap-….sqlite");
    return 2;
  }
  const target = path.join(path.resolve(process.env.DATA_DIR ?? "./data"), "skillswap.sqlite");
  const { keptAs } = restoreDatabase(path.resolve(file), target);
  console.log(`Restored ${file} to ${target}.${keptAs ? ` The database it replaced is kept as ${keptAs}.` : ""}`);
  const store = openSqliteStore(target);
  try {
    const { checked, failures } = await reconcileAll(store);
    for (const failure of failures)
      console.log(
        `MISMATCH wallet ${failure.uid}: balance ${failure.balance ?? "invalid"}, entries sum ${failure.sum}`,
      );
    console.log(`Reconciled ${checked} wallet(s): ${checked - failures.length} ok, ${failures.length} mismatched.`);
    return failures.length === 0 ? 0 : 1;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof BackupError ? `The restore failed: ${error.message}` : error);
    process.exit(2);
  },
);
