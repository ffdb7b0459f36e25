/**
 * The mail step of timed work: queue the chat batches that are due, then send what is due. Run by
 * the leader among the worker processes on every tick (embedded engine), or by POST /api/cron
 * (Firebase). Failures are logged and left for the next run; they never stop the other timed work.
 */
import { getAuth, getMailTransport, isOnline } from "~/engine/index.server";
import type { DocStore } from "~/engine/store/types";
import { getServerEnv } from "~/utils/env.server";
import { batchChatMail } from "./chat-batch.server";
import { deliverDueMail, type DeliveryDeps, type DeliveryReport } from "./delivery.server";

async function engineDeps(): Promise<DeliveryDeps> {
  const env = getServerEnv();
  const auth = await getAuth();
  return {
    transport: await getMailTransport(),
    recipient: async (uid) => {
      const user = await auth.getUser(uid);
      return user ? { email: user.email, displayName: user.displayName } : null;
    },
    origin: new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin,
    unsubscribeSecret: env.SESSION_SECRET,
  };
}

export interface MailWorkReport extends DeliveryReport {
  batched: number;
}

export interface MailWorkDeps extends DeliveryDeps {
  isOnline: (uid: string) => Promise<boolean>;
}

export async function runMailWork(store: DocStore, now = Date.now(), deps?: MailWorkDeps): Promise<MailWorkReport> {
  const batches = await batchChatMail(store, deps?.isOnline ?? isOnline, now);
  const delivery = await deliverDueMail(store, deps ?? (await engineDeps()), now);
  return { batched: batches.queued, ...delivery };
}
