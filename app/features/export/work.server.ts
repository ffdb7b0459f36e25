/**
 * The data-archive step of timed work, with the engine's ports: run by the leader among the worker
 * processes on every tick (embedded engine, without holding up the rest of the tick), or awaited
 * by POST /api/cron (Firebase).
 */
import { getAuth, getFiles } from "~/engine/index.server";
import { WORKER_ID } from "~/engine/leader.server";
import type { DocStore } from "~/engine/store/types";
import { runExportWork, type ExportWorkDeps, type ExportWorkReport } from "./export.server";

async function engineDeps(): Promise<ExportWorkDeps> {
  const auth = await getAuth();
  return {
    files: await getFiles(),
    account: async (uid) => {
      const user = await auth.getUser(uid);
      return user ? { email: user.email } : null;
    },
    signIns: (uid) => auth.signInHistory(uid),
    workerId: WORKER_ID,
  };
}

export async function runDataExportWork(store: DocStore): Promise<ExportWorkReport> {
  return runExportWork(store, await engineDeps());
}

let running: Promise<unknown> | null = null;

/** Starts the step unless this process is already building; never waits for it. */
export function kickDataExportWork(store: DocStore): void {
  if (running) return;
  running = runDataExportWork(store)
    .catch((error: unknown) => console.error("Data archive work failed:", error))
    .finally(() => {
      running = null;
    });
}
