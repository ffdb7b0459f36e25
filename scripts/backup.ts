/**
 * `npm run backup [-- FILE]`: a consistent copy of $DATA_DIR/skillswap.sqlite, safe while the
 * server runs (SQLite's online backup API). Default FILE: $DATA_DIR/backups/skillswap-<time>.sqlite.
 */
import path from "node:path";
import { backupDatabase } from "../app/engine/store/backup.server";

const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");
const source = path.join(dataDir, "skillswap.sqlite");
const destination = path.resolve(
  process.argv[2] ??
    path.join(dataDir, "backups", `skillswap-${new Date().toISOString().replace(/[:.]/g, "-")}.sqlite`),
);

backupDatabase(source, destination).then(
  ({ pages }) => {
    console.log(`Backed up ${source} to ${destination} (${pages} pages, integrity ok).`);
  },
  (error: unknown) => {
    console.error(`The backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
