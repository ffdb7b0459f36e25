import type { ActionFunctionArgs } from "@remix-run/node";
import { timingSafeEqual } from "node:crypto";
import { getFiles, getStore } from "~/engine/index.server";
import { runDueWork } from "~/features/bookings/scheduler.server";
import { runDataExportWork } from "~/features/export/work.server";
import { runMailWork } from "~/features/mail/work.server";
import { runPushWork } from "~/features/push/work.server";
import { lapseDueProposals } from "~/features/board/proposals.server";
import { runPostAlerts } from "~/features/board/post-alerts.server";
import { runDueDigests } from "~/features/digest/run.server";
import { convertStoredPictures } from "~/features/members/picture-migration.server";
import { runDueRetention } from "~/features/retention/retention.server";
import { getServerEnv } from "~/utils/env.server";
import { postOnly } from "~/utils/forms.server";

function secretMatches(given: string | null, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * POST /api/cron — runs due booking work (reminders, expiry, auto-completion), then sends the mail
 * that is due (chat batches, the mails of booking changes and reminders), and the first time
 * converts the pictures stored before decision 027, builds the members' data archives that wait,
 * and once a day deletes what is past its retention period (decision 044). In Firebase mode a
 * scheduler (Cloud Scheduler) calls it every minute with the X-Cron-Secret header; without
 * CRON_SECRET configured the route is closed.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return postOnly();
  const secret = getServerEnv().CRON_SECRET;
  if (!secret) return Response.json({ error: "Scheduled work is not enabled on this server." }, { status: 404 });
  if (!secretMatches(request.headers.get("X-Cron-Secret"), secret))
    return Response.json({ error: "Forbidden." }, { status: 403 });
  const store = await getStore();
  const due = await runDueWork(store);
  // Archives first, so the mail that says one is ready leaves in this same call.
  const exports = await runDataExportWork(store);
  const mail = await runMailWork(store);
  const push = await runPushWork(store);
  const lapsedProposals = await lapseDueProposals(store);
  const boardAlerts = await runPostAlerts(store);
  // Once an hour: digests of the members whose day or week has ended (decision 047), queued for the next mail step.
  const digests = await runDueDigests(store);
  // Once, at the first call: pictures stored before decision 027 lose their metadata.
  const pictures = await convertStoredPictures(store, await getFiles());
  // Once a day: what is past its period goes (decision 044).
  const retention = await runDueRetention(store);
  return Response.json({
    ok: true,
    ...due,
    exports,
    mail,
    push,
    lapsedProposals,
    boardAlerts,
    digests,
    pictures,
    retention,
  });
}

export const loader = postOnly;
