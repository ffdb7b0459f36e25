import type { LoaderFunctionArgs } from "@remix-run/node";
import { getStore } from "~/engine/index.server";
import { BookingError, getBookingFor } from "~/features/bookings/bookings.server";
import { ICS_HEADERS, sessionEvent } from "~/features/bookings/ical.server";
import { namesOf } from "~/features/members/members.server";
import { calendarFile } from "~/features/bookings/ics";
import { getUserId } from "~/features/auth/auth.server";
import { getUser } from "~/documents/users";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { publicOrigin } from "~/utils/origin.server";

/** GET /api/bookings/:bookingId.ics — one session as a calendar file, for its participants only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const uid = await getUserId(request);
  if (!uid) return new Response("Not authenticated.", { status: 401 });
  const store = await getStore();
  try {
    const booking = await getBookingFor(store, params.bookingId ?? "", uid);
    const other = booking.mentorUid === uid ? booking.learnerUid : booking.mentorUid;
    // The member downloads it themselves: the language of their pages (profile, cookie, browser).
    const language = await languageOf(request, (await getUser(store, uid))?.language);
    const names = await namesOf(store, [other], language);
    const body = calendarFile(
      [sessionEvent(booking, names.get(other)?.text ?? null, publicOrigin(request), language)],
      {
        name: fixedT(language, "bookings")("ical.fileName"),
        stamp: Date.now(),
      },
    );
    return new Response(body, {
      headers: { ...ICS_HEADERS, "Content-Disposition": `attachment; filename="skillswap-session-${booking.id}.ics"` },
    });
  } catch (error) {
    if (error instanceof BookingError)
      return new Response(error.textIn(await languageOf(request)), { status: error.status });
    throw error;
  }
}
