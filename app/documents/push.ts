/**
 * Web push's documents (decision 046), the same on both engines. Only the server writes and reads
 * them; Firestore's rules refuse every browser read and write. Browser-safe. Decision:
 * docs/decisions/023-documents-typed-once.md.
 *
 *   push_subscriptions/{id}   one device of a member: the push service's endpoint and the keys the
 *                             payload is encrypted to; the id is a hash of the endpoint
 *   push_jobs/{key}           one push per event and member, sent by the timed-work leader to each
 *                             of the member's devices; the key names the event
 *                             (`n_{uid}_{notificationId}`, `chat_{chatId}_{uid}`, `starts_{bookingId}_{uid}`)
 *   push_settings/{uid}       the member's push column, quiet hours and "show message text"
 */
import { z } from "zod/v4";
import { anyRecord, count, flag, getParsed, oneOf, optionalText, optionalTime, strings, text } from "./fields";
import type { DocReader } from "./fields";

export const PUSH_SUBSCRIPTIONS = "push_subscriptions";
export const pushSubscriptionPath = (id: string) => `${PUSH_SUBSCRIPTIONS}/${id}`;
export const PUSH_JOBS = "push_jobs";
export const pushJobPath = (key: string) => `${PUSH_JOBS}/${key}`;
export const PUSH_SETTINGS = "push_settings";
export const pushSettingsPath = (uid: string) => `${PUSH_SETTINGS}/${uid}`;

export const pushSubscriptionSchema = z.object({
  uid: text(),
  /** The push service's URL for this browser (checked when it was stored: https, public address). */
  endpoint: text(),
  /** The browser's P-256 public key, base64url (65 bytes, uncompressed). */
  p256dh: text(),
  /** The 16-byte authentication secret, base64url. */
  auth: text(),
  /** What the member sees in the list, made from the user agent ("Chrome on Android"). */
  device: text("A browser"),
  createdAt: count(),
  /** When a push last reached the push service for it; null before. */
  lastUsedAt: optionalTime,
});
/** `push_subscriptions/{id}` */
export type PushSubscriptionDoc = z.output<typeof pushSubscriptionSchema>;
export interface PushSubscriptionRecord extends PushSubscriptionDoc {
  id: string;
}
export const readPushSubscription = ({ id, data }: { id: string; data: Record<string, unknown> }) => ({
  ...pushSubscriptionSchema.parse(data),
  id,
});

/** A notification written for the bell; a batch of chat messages; a session starting soon. */
export const PUSH_JOB_KINDS = ["notification", "chat", "starts"] as const;
export type PushJobKind = (typeof PUSH_JOB_KINDS)[number];

/**
 * pending → sending → sent, or back to pending with a later `nextAttemptAt` (a retry, or quiet
 * hours holding it); failed after the last attempt; skipped when there was nothing to send (no
 * device, category off, already read); interrupted when a worker stopped mid-send (not retried).
 */
export const PUSH_JOB_STATES = ["pending", "sending", "sent", "failed", "skipped", "interrupted"] as const;
export type PushJobState = (typeof PUSH_JOB_STATES)[number];

export const pushJobSchema = z.object({
  uid: text(),
  /** A kind this version cannot send reads as null: the job is skipped, never sent as another kind. */
  kind: z.unknown().transform((v) => (PUSH_JOB_KINDS.includes(v as PushJobKind) ? (v as PushJobKind) : null)),
  /** The notification id, the chat id or the booking id. */
  ref: text(),
  /** The notification's type (kind notification): its category decides whether it is pushed. */
  type: text(),
  /** A state this version does not know reads as skipped: closed, so nothing leaves on a guess. */
  state: oneOf(PUSH_JOB_STATES, "skipped"),
  attempts: count(),
  /** When a pending job may next be tried; for a sending job, when it counts as interrupted. */
  nextAttemptAt: count(),
  /** Set when the member's quiet hours held it: when they end. */
  heldUntil: optionalTime,
  /** After a partial failure, the devices still to reach; empty: every device the member has. */
  devices: strings,
  createdAt: count(),
  updatedAt: count(),
  sentAt: optionalTime,
  /** Why it was skipped, failed, held or interrupted (or why its last attempt failed); null before. */
  reason: optionalText,
});
/** `push_jobs/{key}` */
export type PushJobDoc = z.output<typeof pushJobSchema>;
export const readPushJob = (data: Record<string, unknown>): PushJobDoc => pushJobSchema.parse(data);

/** "HH:MM" on a 24-hour clock, or null. */
const clockTime = z
  .unknown()
  .transform((v) => (typeof v === "string" && /^([01]\d|2[0-3]):[0-5]\d$/.test(v) ? v : null));

export const pushSettingsSchema = z.object({
  /** Categories switched off for push are stored as false; features/push reads the map. */
  categories: anyRecord,
  /** Whether a chat notification quotes the message (decision 046: off unless the member turns it on). */
  showText: flag,
  /** Quiet hours in the member's time zone: both set, or none. */
  quietStart: clockTime,
  quietEnd: clockTime,
});
/** `push_settings/{uid}` */
export type PushSettingsDoc = z.output<typeof pushSettingsSchema>;
export const readPushSettings = (data: Record<string, unknown> | null | undefined): PushSettingsDoc =>
  pushSettingsSchema.parse(data ?? {});
export const getPushSettings = async (reader: DocReader, uid: string): Promise<PushSettingsDoc> =>
  (await getParsed(reader, pushSettingsPath(uid), readPushSettings)) ?? readPushSettings(null);
