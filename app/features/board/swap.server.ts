/**
 * A swap's two sessions on the store (decision 041): which session is the other one, and
 * cancelling both when a member asks to. Each session stays an ordinary booking at price 0, so
 * cancelling one moves no SP and the other is only cancelled when its member says so.
 */
import { getSwapLink } from "~/documents/board";
import { getBooking, type Booking } from "~/documents/bookings";
import type { DocStore } from "~/engine/store/types";
import { applyCommand, BookingError } from "~/features/bookings/bookings.server";
import { fixedT } from "~/i18n/i18n.server";

/** The swap's other session when `uid` takes part in it; null for a booking that is not a swap's. */
export async function swapPartnerOf(store: DocStore, booking: Booking, uid: string): Promise<Booking | null> {
  if (!booking.swapId) return null;
  const link = await getSwapLink(store, booking.swapId);
  const otherId = link?.bookingIds?.find((id) => id !== booking.id);
  if (!otherId) return null;
  const other = await getBooking(store, otherId);
  return other && other.participants.includes(uid) ? other : null;
}

/**
 * After one session of a swap was cancelled at the member's request: cancels the other too.
 * Answers what to tell the member, in `language`, when the other could not be cancelled (it started, say).
 */
export async function cancelSwapPartner(
  store: DocStore,
  bookingId: string,
  uid: string,
  now = Date.now(),
  /** The member's, for the line that says why the other session stays. */
  language = "en",
): Promise<string | null> {
  const booking = await getBooking(store, bookingId);
  const partner = booking ? await swapPartnerOf(store, booking, uid) : null;
  if (!partner) return null;
  try {
    await applyCommand(store, partner.id, { uid }, { kind: "cancel" }, now);
    return null;
  } catch (error) {
    if (error instanceof BookingError)
      return fixedT(language, "board")("swap.otherStays", { reason: error.textIn(language) });
    throw error;
  }
}
