import { readFileSync } from "node:fs";
import path from "node:path";
import { openSqliteStore } from "~/engine/store/sqlite.server";
import type { DocStore } from "~/engine/store/types";

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set: run the end-to-end tests through playwright.config.ts");
  return dir;
}

let store: DocStore | undefined;

/**
 * The server's own SQLite file, opened from the test process to arrange and inspect state.
 * Writes made here are not seen by the server's live watchers: use it for set-up before a page
 * loads and for assertions, and let the app make the changes a test watches for.
 */
export function e2eStore(): DocStore {
  store ??= openSqliteStore(path.join(dataDir(), "skillswap.sqlite"));
  return store;
}

/** The secret the server generated on start, to sign session cookies the way it does. */
export function sessionSecret(): string {
  return readFileSync(path.join(dataDir(), "session-secret"), "utf8").trim();
}

/** The uid of the account signed up with `email`, as the embedded auth stores it. */
export async function uidOf(email: string): Promise<string | undefined> {
  const entry = await e2eStore().get<{ uid: string }>(`auth_emails/${email.toLowerCase()}`);
  return entry?.data.uid;
}
