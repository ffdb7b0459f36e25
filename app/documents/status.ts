/**
 * `status/{uid}`: whether a member is online, and since when. Public (anyone signed in may read
 * it; the presence feed and the directory do). On Firebase it lives in the Realtime Database at the
 * same path, written by the browser with an onDisconnect; on the embedded engine the live streams
 * write it. Browser-safe. Decision: docs/decisions/023-documents-typed-once.md.
 *
 * `presence_streams/{uid}`: the embedded engine's record of which worker processes hold an open
 * stream of the member (engine/live/presence.server.ts), so several workers make one presence.
 */
import { z } from "zod/v4";
import { count, getParsed, oneOf, strings, type DocReader } from "./fields";

export const STATUS = "status";
export const statusPath = (uid: string) => `${STATUS}/${uid}`;

export const PRESENCE_STATES = ["online", "offline"] as const;
export type PresenceState = (typeof PRESENCE_STATES)[number];

export const statusSchema = z.object({
  state: oneOf(PRESENCE_STATES, "offline"),
  /** Milliseconds since the epoch of the last change; 0 when never known. */
  last_changed: count(),
});
export type StatusDoc = z.output<typeof statusSchema>;

const NEVER_SEEN: StatusDoc = { state: "offline", last_changed: 0 };

/** A member with no status document has never been online: offline, never seen. */
export function readStatus(data: Record<string, unknown> | null | undefined): StatusDoc {
  return data ? statusSchema.parse(data) : NEVER_SEEN;
}

export async function getStatus(reader: DocReader, uid: string): Promise<StatusDoc> {
  return (await getParsed(reader, statusPath(uid), readStatus)) ?? NEVER_SEEN;
}

export const PRESENCE_STREAMS = "presence_streams";
export const presenceStreamsPath = (uid: string) => `${PRESENCE_STREAMS}/${uid}`;
export const presenceStreamsSchema = z.object({
  /** Ids of the worker processes holding at least one open stream of the member. */
  holders: strings,
});
export type PresenceStreamsDoc = z.output<typeof presenceStreamsSchema>;
export const readPresenceStreams = (data: Record<string, unknown>): PresenceStreamsDoc =>
  presenceStreamsSchema.parse(data);
