/**
 * The video call's signalling on the server: the only writer of bookings/{id}/signals. Both
 * engines store it alike; browsers read it through the call:<bookingId> live feed.
 */
import { randomBytes } from "node:crypto";
import { createRateLimiter, waitText } from "~/utils/rate-limit.server";
import type { DocStore } from "~/engine/store/types";
import { signalsOf } from "~/documents/bookings";
import { getBookingFor } from "~/features/bookings/bookings.server";
import { messageId } from "~/features/chat/pair";
import { callWindow, memberSignalId, type CallWindow, type SignalInput } from "./signals";

export class CallError extends Error {
  constructor(
    readonly status: 403 | 409 | 429,
    message: string,
    /** The message's key in the "chat" namespace's call.error (the signals route translates it), and its wait. */
    readonly key: `call.error.${"closed.not-accepted" | "closed.too-early" | "closed.over" | "moved" | "tooFast"}`,
    readonly waitMs = 0,
  ) {
    super(message);
    this.name = "CallError";
  }
}

// A negotiation is a few descriptions and a few dozen ICE candidates; a script posting faster
// than any browser is refused.
export const SIGNAL_WINDOW_MS = 10_000;
export const SIGNAL_MAX_PER_WINDOW = 300;
const limiter = createRateLimiter({
  name: "call_signal",
  windowMs: SIGNAL_WINDOW_MS,
  max: SIGNAL_MAX_PER_WINDOW,
  maxKeys: 50_000,
});

const CLOSED: Record<Exclude<CallWindow, "open">, string> = {
  "not-accepted": "The call is open only for accepted sessions.",
  "too-early": "The call opens 10 minutes before the session starts.",
  over: "This session has ended, and its call with it.",
};
const MOVED = "This call continues in another tab or device.";

/**
 * Applies one signal of `uid` in booking `bookingId`. Anyone but the two participants gets the
 * booking's 404; outside the call's window (accepted, from 10 minutes before the start until the
 * end) only leaving is possible. A tab that is no longer the member's peer is told so (409).
 */
export async function postSignal(
  store: DocStore,
  bookingId: string,
  uid: string,
  input: SignalInput,
  now = Date.now(),
): Promise<void> {
  const booking = await getBookingFor(store, bookingId, uid);
  const other = booking.mentorUid === uid ? booking.learnerUid : booking.mentorUid;
  const base = signalsOf(bookingId);
  const memberPath = `${base}/${memberSignalId(uid)}`;
  if (input.type !== "leave") {
    const window = callWindow(booking, now);
    if (window !== "open") throw new CallError(403, CLOSED[window], `call.error.closed.${window}`);
    const decision = limiter.check(uid, now);
    if (!decision.allowed)
      throw new CallError(
        429,
        `Too many call messages. Wait ${waitText(decision.retryAfterMs)} and try again.`,
        "call.error.tooFast",
        decision.retryAfterMs,
      );
    limiter.hit(uid, now);
  }

  if (input.type === "join") {
    // This tab takes the call (over) for the member. What earlier tabs of the member sent or were
    // sent is of no use to anyone now, so it goes, keeping the feed to the current negotiation.
    await store.transaction(async (tx) => {
      const stale = [
        ...(await tx.query({ collection: base, where: [["from", "==", uid]] })),
        ...(await tx.query({ collection: base, where: [["to", "==", uid]] })),
      ];
      for (const doc of stale) tx.delete(doc.path);
      tx.set(memberPath, {
        kind: "member",
        uid,
        audience: [booking.mentorUid, booking.learnerUid],
        peer: input.peer,
        audio: input.audio,
        video: input.video,
        screen: input.screen,
        left: false,
        updatedAt: now,
      });
    });
    return;
  }

  if (input.type === "media" || input.type === "leave") {
    await store.transaction(async (tx) => {
      const member = await tx.get(memberPath);
      if (member?.data.peer !== input.peer) {
        // A tab that lost the call leaving changes nothing; one that changes its media is told why not.
        if (input.type === "leave") return;
        throw new CallError(409, MOVED, "call.error.moved");
      }
      if (input.type === "leave")
        tx.update(memberPath, { peer: null, left: true, audio: false, video: false, screen: false, updatedAt: now });
      else tx.update(memberPath, { audio: input.audio, video: input.video, screen: input.screen, updatedAt: now });
    });
    return;
  }

  const member = await store.get(memberPath);
  if (member?.data.peer !== input.peer) throw new CallError(409, MOVED, "call.error.moved");
  const body = input.type === "description" ? { description: input.description } : { candidate: input.candidate };
  await store.create(`${base}/${messageId(now, randomBytes(6).toString("hex"))}`, {
    kind: input.type,
    from: uid,
    to: other,
    fromPeer: input.peer,
    toPeer: input.toPeer,
    seq: input.seq,
    ...body,
    createdAt: now,
  });
}
