import type { ActionFunctionArgs } from "@remix-run/node";
import { getStore } from "~/engine/index.server";
import { BookingError } from "~/features/bookings/bookings.server";
import { signalInput } from "~/features/call/signals";
import { CallError, postSignal } from "~/features/call/signals.server";
import { getUserId } from "~/features/auth/auth.server";
import { postOnly } from "~/utils/forms.server";
import { assertSameOrigin } from "~/utils/origin.server";
import { waitIn } from "~/features/chat/errors";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { intlLocale } from "~/utils/format";

export const loader = postOnly;

/**
 * POST /api/bookings/:bookingId/signals — one WebRTC signal (join, media state, leave, a session
 * description or an ICE candidate) from one of the booking's two participants, as JSON. The
 * other participant receives it through the call:<bookingId> live feed.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return postOnly();
  assertSameOrigin(request);
  const uid = await getUserId(request);
  // Shown in the call panel when the session ended mid-call: in the page's language.
  if (!uid)
    return Response.json(
      { ok: false, error: fixedT(await languageOf(request), "chat")("call.error.notAuthenticated") },
      { status: 401 },
    );
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return Response.json({ ok: false, error: "Send the signal as JSON." }, { status: 400 });
  }
  const parsed = signalInput.safeParse(body);
  if (!parsed.success)
    return Response.json(
      { ok: false, error: parsed.error.issues[0]?.message ?? "This is not a call signal." },
      { status: 400 },
    );
  try {
    await postSignal(await getStore(), params.bookingId ?? "", uid, parsed.data);
    return Response.json({ ok: true });
  } catch (error) {
    if (error instanceof CallError) {
      const language = await languageOf(request);
      const message = fixedT(language, "chat")(error.key, {
        wait: waitIn(error.waitMs, intlLocale(language)),
      });
      return Response.json({ ok: false, error: message }, { status: error.status });
    }
    if (error instanceof BookingError)
      return Response.json({ ok: false, error: error.textIn(await languageOf(request)) }, { status: error.status });
    throw error;
  }
}
