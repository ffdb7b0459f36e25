/** The session room's data and its chat action, for /session/:sessionId. */
import type { DocStore } from "~/engine/store/types";
import { ChatError, markSeen, openChat, sendMessage } from "~/features/chat/chat.server";
import { bookingPayload, chatMessagesFeed } from "~/engine/live/feeds";
import { readFeed } from "~/features/live/subscribe.server";
import { reviewsOfBooking } from "~/features/reviews/reviews.server";
import { bookingPath, getBookingFor } from "./bookings.server";
import { namesOf } from "./ical.server";
import { roomChatId } from "./room";

/**
 * The room's first paint: the same two live feeds the browser then follows (the booking and the
 * pair's conversation), read once, plus what does not change while it is open.
 */
export async function loadSessionRoom(store: DocStore, bookingId: string, uid: string) {
  const booking = await getBookingFor(store, bookingId, uid);
  const otherUid = booking.mentorUid === uid ? booking.learnerUid : booking.mentorUid;
  const chatId = roomChatId(booking);
  const [names, reviews, messages] = await Promise.all([
    namesOf(store, [otherUid]),
    reviewsOfBooking(store, bookingId),
    chatId ? readFeed(store, uid, chatMessagesFeed(chatId)) : Promise.resolve([]),
  ]);
  const mine = reviews.find((r) => r.reviewerUid === uid);
  const theirs = reviews.find((r) => r.reviewerUid === otherUid);
  return {
    id: booking.id,
    uid,
    skillLabel: booking.skillLabel,
    start: booking.start,
    end: booking.end,
    durationMinutes: booking.durationMinutes,
    price: booking.price,
    otherUid,
    otherName: names.get(otherUid) ?? "Member",
    chatId,
    booking: bookingPayload({ id: booking.id, path: bookingPath(booking.id), data: booking }),
    myReview: mine ? { rating: mine.rating, comment: mine.comment } : null,
    theirReview: theirs ? { rating: theirs.rating, comment: theirs.comment } : null,
    messages,
  };
}

/** Sends a message to the other participant through the chat service, opening the pair's chat once. */
export async function sendRoomMessage(store: DocStore, bookingId: string, uid: string, text: unknown): Promise<{ ok: true } | { ok: false; error: string; status: number }> {
  const booking = await getBookingFor(store, bookingId, uid);
  const other = booking.mentorUid === uid ? booking.learnerUid : booking.mentorUid;
  try {
    const chatId = await openChat(store, uid, other);
    await sendMessage(store, uid, chatId, text);
    return { ok: true };
  } catch (error) {
    if (error instanceof ChatError) return { ok: false, error: error.message, status: error.status };
    throw error;
  }
}

/**
 * The member has the room open, so the other participant's messages in it are seen: the same
 * chat service call as an open inbox thread, clearing the Chat dot. Answers how many were marked.
 */
export async function markRoomSeen(store: DocStore, bookingId: string, uid: string): Promise<number> {
  const chatId = roomChatId(await getBookingFor(store, bookingId, uid));
  if (!chatId) return 0;
  try {
    return await markSeen(store, uid, chatId);
  } catch (error) {
    // No message has been sent yet, so the pair's chat does not exist: nothing to mark.
    if (error instanceof ChatError && error.status === 404) return 0;
    throw error;
  }
}
