/**
 * POST /api/heartbeat: is this page's session still good? 204 when it is, 401 when it ended
 * (signed out elsewhere, revoked, expired); the origin rule refuses another site's request with a
 * 403. No body, no store write: the cheapest authenticated action the app answers, which is why
 * bench:chat measures a message's CPU against it (decision 052).
 *
 * The embedded live transport asks it when its stream gave up: an EventSource cannot read the
 * status that closed it, and without the answer a page whose session ended would reconnect to
 * /api/live every 30 s for as long as it stays open, each time answered 401.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { getUserId } from "~/features/auth/auth.server";
import { postOnly } from "~/utils/forms.server";
import { assertSameOrigin } from "~/utils/origin.server";

const NO_STORE = { "Cache-Control": "no-store" };

export const loader = postOnly;

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return postOnly();
  assertSameOrigin(request);
  if (!(await getUserId(request)))
    return Response.json(
      { ok: false, error: "Your session has ended. Sign in again to see live updates." },
      { status: 401, headers: NO_STORE },
    );
  return new Response(null, { status: 204, headers: NO_STORE });
}
