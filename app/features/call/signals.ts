/**
 * The video call's signalling, as both browsers and the server see it. Browser-safe.
 *
 * Documents live at bookings/{id}/signals/{id} and only the server writes them:
 * - `member_<uid>`: one per participant, naming the tab ("peer") that holds the call for that
 *   member and its microphone, camera and screen state. A new peer takes the call over.
 * - every other id: one negotiation message (a session description or an ICE candidate) from one
 *   peer to the other member's current peer, numbered by its sender so it is applied in order.
 */
import { z } from "zod";

/** "Join call" opens this long before the start and stays until the end. */
export const CALL_OPENS_BEFORE_MS = 10 * 60_000;
export const MAX_SDP_LENGTH = 100_000;

export type CallWindow = "not-accepted" | "too-early" | "open" | "over";

/** Whether the call can be joined at `now`: accepted sessions, from 10 minutes before the start until the end. */
export function callWindow(b: { state: string; start: number; end: number }, now: number): CallWindow {
  if (b.state !== "accepted") return "not-accepted";
  if (now < b.start - CALL_OPENS_BEFORE_MS) return "too-early";
  if (now >= b.end) return "over";
  return "open";
}

const peerId = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, "A peer id is 8 to 64 letters, digits or dashes.");
const media = { audio: z.boolean(), video: z.boolean(), screen: z.boolean() };

const description = z.object({
  type: z.enum(["offer", "answer", "rollback"]),
  sdp: z.string().max(MAX_SDP_LENGTH).default(""),
});
const candidate = z.object({
  candidate: z.string().max(2_000),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(1_000).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});

/** What a browser may post to POST /api/bookings/:id/signals. */
export const signalInput = z.discriminatedUnion("type", [
  z.object({ type: z.literal("join"), peer: peerId, ...media }),
  z.object({ type: z.literal("media"), peer: peerId, ...media }),
  z.object({ type: z.literal("leave"), peer: peerId }),
  z.object({
    type: z.literal("description"),
    peer: peerId,
    toPeer: peerId,
    seq: z.number().int().min(1).max(1_000_000),
    description,
  }),
  z.object({
    type: z.literal("candidate"),
    peer: peerId,
    toPeer: peerId,
    seq: z.number().int().min(1).max(1_000_000),
    candidate,
  }),
]);
export type SignalInput = z.infer<typeof signalInput>;

export const memberSignalId = (uid: string) => `member_${uid}`;
