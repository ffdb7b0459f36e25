/**
 * Notification mail's documents (decision 022), the same on both engines. Only the server writes
 * and reads them. Browser-safe. Decision: docs/decisions/023-documents-typed-once.md.
 *
 *   mail_jobs/{key}              one mail per event and recipient; the key names the event
 *                                (`booking_{id}_accepted_{uid}`), so a rewrite is never a second mail
 *   mail_chat/{chatId}_{uid}     a conversation's unread messages waiting for their batched mail
 *
 * The transports' own collections (the embedded `outbox`, the Trigger Email extension's `mail`)
 * are the engine's business: engine/mail/collection.server.ts.
 */
import { z } from "zod/v4";
import { count, flag, oneOf, optionalText, optionalTime, text } from "./fields";

export const MAIL_JOBS = "mail_jobs";
export const mailJobPath = (key: string) => `${MAIL_JOBS}/${key}`;
export const CHAT_MAIL = "mail_chat";
export const chatMailPath = (chatId: string, uid: string) => `${CHAT_MAIL}/${chatId}_${uid}`;

export const MAIL_KINDS = [
  "booking_requested",
  "booking_accepted",
  "booking_declined",
  "booking_cancelled",
  "session_reminder",
  "new_messages",
  "board_posts",
  "data_export_ready",
  "digest",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * pending → sending → sent, or back to pending with a later `nextAttemptAt` after a failure, or
 * failed after the last attempt; skipped when the member turned the category off or left;
 * interrupted when the worker stopped between handing the message over and recording it (not
 * retried: the message may have left, and a second copy is worse than none).
 */
export const MAIL_JOB_STATES = ["pending", "sending", "sent", "failed", "skipped", "interrupted"] as const;
export type MailJobState = (typeof MAIL_JOB_STATES)[number];

export const mailJobSchema = z.object({
  uid: text(),
  /** A kind this version cannot write reads as null: the job is skipped, never sent as another kind. */
  kind: z.unknown().transform((v) => (MAIL_KINDS.includes(v as MailKind) ? (v as MailKind) : null)),
  /**
   * The booking id, the chat id for new_messages, the archive id for data_export_ready, the hour's
   * bell notice id (`board_{hour}`) for board_posts, the period for digest.
   */
  ref: text(),
  /** Who caused a cancellation: "system" when a request expired unanswered; null otherwise. */
  by: optionalText,
  /** A state this version does not know reads as skipped: closed, so no mail leaves on a guess. */
  state: oneOf(MAIL_JOB_STATES, "skipped"),
  attempts: count(),
  /** When a pending job may next be tried; for a sending job, when it counts as interrupted. */
  nextAttemptAt: count(),
  createdAt: count(),
  updatedAt: count(),
  /** When it was handed to the transport; null before. */
  sentAt: optionalTime,
  /** Why it was skipped, failed or interrupted (or why its last attempt failed); null before. */
  reason: optionalText,
});
/** `mail_jobs/{key}` */
export type MailJobDoc = z.output<typeof mailJobSchema>;
/** What a writer stores for a new job (`by` only when there is one: a store refuses undefined). */
export type NewMailJobDoc = Pick<
  MailJobDoc,
  "uid" | "ref" | "attempts" | "nextAttemptAt" | "createdAt" | "updatedAt"
> & {
  kind: MailKind;
  by?: string;
  state: "pending";
};
export const readMailJob = (data: Record<string, unknown>): MailJobDoc => mailJobSchema.parse(data);

export const chatMailSchema = z.object({
  uid: text(),
  chatId: text(),
  pending: flag,
  /** The newest message not yet covered by a mail or a decision not to send one. */
  lastMessageAt: count(),
  /** When the batch step looks at it next. */
  dueAt: count(),
  /** When this conversation last mailed this member; null if it never did. */
  lastMailedAt: optionalTime,
});
/** `mail_chat/{chatId}_{uid}` */
export type ChatMailDoc = z.output<typeof chatMailSchema>;
export const readChatMail = (data: Record<string, unknown>): ChatMailDoc => chatMailSchema.parse(data);
