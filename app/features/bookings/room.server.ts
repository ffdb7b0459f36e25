/** The session room's chat: a booking's two participants talk through the chat service. */
import type { DocStore } from "~/engine/store/types";
import { ChatError, markSeen, openChat, sendMessage } from "~/features/chat/chat.server";
import { getBookingFor } from "./bookings.server";
import { roomChatId } from "./room";

/** Sends a message to the other participant through the chat service, opening the pair's chat once. */
export async function sendRoomMessage(
  store: DocStore,
  bookingId: string,
  uid: string,
  text: unknown,
): Promise<{ ok: true } | { ok: false; error: ChatError; status: number }> {
  const booking = await getBookingFor(store, bookingId, uid);
  const other = booking.mentorUid === uid ? booking.learnerUid : booking.mentorUid;
  try {
    const chatId = await openChat(store, uid, other);
    await sendMessage(store, uid, chatId, text);
    return { ok: true };
  } catch (error) {
    if (error instanceof ChatError) return { ok: false, error, status: error.status };
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
