/**
 * `status/{uid}`: whether a member is online, and since when. Public (anyone signed in may read
 * it; the presence feed and the directory do). On the embedded engine the live streams write it
 * (online while one is open); on Firebase each open page of the member renews it with a lease
 * (decision 034), and it reads offline once the lease runs out. Browser-safe. Decision:
 * docs/decisions/023-documents-typed-once.md.
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

/**
 * How long a member whose presence stopped being renewed still reads online. The embedded engine
 * drops a dead worker's streams after it (engine/live/presence.server.ts); on Firebase it is the
 * lease each beat of an open page grants, so a closed tab reads offline at most this long after
 * its last beat. Firebase's rules hold the same number (firebase/firestore.rules, status/{uid}).
 */
export const PRESENCE_LEASE_MS = 20_000;
/** How often an open page renews its lease on Firebase: three beats per lease, so one lost beat does not flicker. */
export const PRESENCE_BEAT_MS = Math.floor(PRESENCE_LEASE_MS / 3);

/**
 * What an open page writes on each beat (Firebase): online, at the server's time (`serverTime` is
 * the SDK's serverTimestamp(); the rules refuse any other time), for one lease.
 */
export function onlineBeat<T>(serverTime: T) {
  return { state: "online" as const, last_changed: serverTime, lease_ms: PRESENCE_LEASE_MS };
}

export const statusSchema = z.object({
  state: oneOf(PRESENCE_STATES, "offline"),
  /** Milliseconds since the epoch of the last change (on Firebase: of the last beat); 0 when never known. */
  last_changed: count(),
  /** Online only until last_changed + lease_ms; 0 (the embedded engine) means until written offline. */
  lease_ms: count(),
});
export type StatusDoc = z.output<typeof statusSchema>;

const NEVER_SEEN: StatusDoc = { state: "offline", last_changed: 0, lease_ms: 0 };

/** When an online status with a lease runs out, or null when it does not. */
export function leaseEndOf(status: StatusDoc): number | null {
  return status.state === "online" && status.lease_ms > 0 ? status.last_changed + status.lease_ms : null;
}

/**
 * The member's presence at `now`: a missing document has never been online (offline, never
 * seen); an online status whose lease ran out is offline, last seen at its last beat.
 */
export function readStatus(data: Record<string, unknown> | null | undefined, now = Date.now()): StatusDoc {
  if (!data) return NEVER_SEEN;
  const status = statusSchema.parse(data);
  const end = leaseEndOf(status);
  return end !== null && end <= now ? { ...status, state: "offline" } : status;
}

export async function getStatus(reader: DocReader, uid: string, now = Date.now()): Promise<StatusDoc> {
  return (await getParsed(reader, statusPath(uid), (data) => readStatus(data, now))) ?? NEVER_SEEN;
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
