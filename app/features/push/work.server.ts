/**
 * The push step of timed work: queue "starts in 10 minutes" for sessions about to begin, then
 * send what is due. Run by the leader among the worker processes on every tick (embedded engine),
 * or by POST /api/cron (Firebase). Failures are logged and left for the next run.
 */
import { getPushSender } from "~/engine/index.server";
import type { DocStore } from "~/engine/store/types";
import type { PushSender } from "~/engine/push/types";
import { deliverDuePushes, type PushReport } from "./delivery.server";
import { queueSessionStarts } from "./queue.server";

export interface PushWorkReport extends PushReport {
  starting: number;
}

export async function runPushWork(store: DocStore, now = Date.now(), sender?: PushSender): Promise<PushWorkReport> {
  const starting = await queueSessionStarts(store, now);
  const delivery = await deliverDuePushes(store, sender ?? (await getPushSender()), now);
  return { starting, ...delivery };
}
