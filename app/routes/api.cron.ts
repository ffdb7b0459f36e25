import type { ActionFunctionArgs } from "@remix-run/node";
import { timingSafeEqual } from "node:crypto";
import { getStore } from "~/engine/index.server";
import { runDueWork } from "~/features/bookings/scheduler.server";
import { getServerEnv } from "~/utils/env.server";

function secretMatches(given: string | null, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * POST /api/cron — runs due booking work (reminders, expiry, auto-completion). In Firebase mode a
 * scheduler (Cloud Scheduler) calls it every minute with the X-Cron-Secret header; without
 * CRON_SECRET configured the route is closed.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST")
    return Response.json({ error: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
  const secret = getServerEnv().CRON_SECRET;
  if (!secret) return Response.json({ error: "Scheduled work is not enabled on this server." }, { status: 404 });
  if (!secretMatches(request.headers.get("X-Cron-Secret"), secret))
    return Response.json({ error: "Forbidden." }, { status: 403 });
  return Response.json({ ok: true, ...(await runDueWork(await getStore())) });
}

export async function loader() {
  return Response.json({ error: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
}
