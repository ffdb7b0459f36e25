/**
 * Retention of push jobs (decision 055): a job that is over (sent, failed, skipped or interrupted)
 * is kept PUSH_JOB_KEEP_DAYS after its last change, long enough to answer "why did my phone not
 * ring?", then deleted by the daily retention run (decision 044). Pending and sending jobs are
 * never touched: they are still to go. Deleting an old job's key cannot send its push again: the
 * notice it was for is written once, and a session's "starts in 10 minutes" is long past.
 */
import { PUSH_JOBS, type PushJobState } from "~/documents/push";
import type { DocStore } from "~/engine/store/types";
import { deleteInBatches } from "~/features/retention/delete-batches.server";

export const PUSH_JOB_KEEP_DAYS = 7;
const DAY_MS = 24 * 3_600_000;
export const FINISHED_PUSH_STATES: readonly PushJobState[] = ["sent", "failed", "skipped", "interrupted"];

/** Deletes the finished push jobs last changed more than PUSH_JOB_KEEP_DAYS before `now`; answers how many. */
export async function sweepFinishedPushJobs(store: DocStore, now: number): Promise<number> {
  const before = now - PUSH_JOB_KEEP_DAYS * DAY_MS;
  let deleted = 0;
  for (const state of FINISHED_PUSH_STATES)
    deleted += await deleteInBatches(store, {
      collection: PUSH_JOBS,
      where: [
        ["state", "==", state],
        ["updatedAt", "<", before],
      ],
    });
  return deleted;
}
