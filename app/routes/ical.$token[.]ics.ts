import type { LoaderFunctionArgs } from "@remix-run/node";
import { getStore } from "~/engine/index.server";
import { feedFor, ICS_HEADERS, uidForToken } from "~/features/bookings/ical.server";
import { publicOrigin } from "~/utils/origin.server";
import { fixedT, languageOf } from "~/i18n/i18n.server";

/**
 * GET /ical/:token.ics — a member's private feed of sessions for calendar apps, which cannot sign
 * in: the unguessable token is the credential, and revoking it on /calendar ends access.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const store = await getStore();
  const uid = await uidForToken(store, params.token ?? "");
  if (!uid) return new Response(fixedT(await languageOf(request), "bookings")("ical.gone"), { status: 404 });
  return new Response(await feedFor(store, uid, publicOrigin(request)), { headers: ICS_HEADERS });
}
