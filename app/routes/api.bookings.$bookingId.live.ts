import type { LoaderFunctionArgs } from "@remix-run/node";
import { eventStream } from "remix-utils/sse/server";
import { getStore } from "~/engine/index.server";
import { BookingError, bookingPath, getBookingFor } from "~/features/bookings/bookings.server";
import { messagePayload, roomChatId, roomPayload } from "~/features/bookings/room";
import type { MessageDoc } from "~/features/chat/types";
import type { BookingDoc } from "~/features/bookings/types";
import { getUserId } from "~/utils/auth.server";

const KEEPALIVE_MS = 25_000;

/**
 * GET /api/bookings/:bookingId/live — the session room's live state for its two participants:
 * state, confirmations, meeting link and shared notes, and their conversation, sent again after
 * every change.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const uid = await getUserId(request);
  if (!uid) return Response.json({ error: "Not authenticated" }, { status: 401 });
  const store = await getStore();
  const bookingId = params.bookingId ?? "";
  let chatId: string | null;
  try {
    chatId = roomChatId(await getBookingFor(store, bookingId, uid));
  } catch (error) {
    if (error instanceof BookingError) return Response.json({ error: error.message }, { status: error.status });
    throw error;
  }
  const response = eventStream(request.signal, (send) => {
    const stop = store.watchDoc<BookingDoc>(
      bookingPath(bookingId),
      (doc) => {
        if (doc) send({ event: "room", data: JSON.stringify(roomPayload({ ...doc.data, id: doc.id }, uid, Date.now())) });
      },
      (error) => send({ event: "room:error", data: JSON.stringify({ error: error.message }) }),
    );
    // The conversation with the other participant, newest 50, oldest first.
    const stopMessages = chatId
      ? store.watchQuery<MessageDoc>(
          { collection: `chats/${chatId}/messages`, orderBy: [["timestamp", "desc"]], limit: 50 },
          (docs) => send({ event: "messages", data: JSON.stringify(docs.map((d) => messagePayload(d.id, d.data)).reverse()) }),
          () => {},
        )
      : () => {};
    const keepalive = setInterval(() => send({ event: "ping", data: String(Date.now()) }), KEEPALIVE_MS);
    return () => {
      clearInterval(keepalive);
      stop();
      stopMessages();
    };
  });
  response.headers.set("Cache-Control", "no-cache, no-transform");
  return response;
}
