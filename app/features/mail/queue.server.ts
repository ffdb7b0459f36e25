/**
 * Mail jobs (`mail_jobs/{key}`, app/documents/mail.ts), one per event and recipient, written
 * inside the transaction of the change they report (a booking answered, a reminder due, a batch of
 * chat messages) so that a mail exists exactly when its event happened. The key names the event
 * (`booking_{id}_accepted_{uid}`), so writing the job again for the same event is the same
 * document, never a second mail; the transports turn the key into the message id. Sending happens
 * later, in the one worker that holds the timed-work lease (delivery.server.ts): a slow or failing
 * SMTP server never touches the booking or the message that caused the mail.
 */
import type { Transaction } from "~/engine/store/types";
import { mailJobPath, type MailKind, type NewMailJobDoc } from "~/documents/mail";
import type { BookingState } from "~/features/bookings/types";
import type { MailCategory } from "./templates";

/** null: sent whatever the member's settings (they asked for it: their data archive). */
export const CATEGORY_OF_MAIL: Record<MailKind, MailCategory | null> = {
  booking_requested: "sessions",
  booking_accepted: "sessions",
  booking_declined: "sessions",
  booking_cancelled: "sessions",
  session_reminder: "reminders",
  new_messages: "messages",
  board_posts: "board",
  data_export_ready: null,
  // The digest has its own choice (daily, weekly, off: decision 047), read when the mail is written.
  digest: null,
};

/** Writes only, so it can follow every read of the transaction it is part of. Sent from `dueAt` on. */
export function queueMail(
  tx: Transaction,
  key: string,
  job: Pick<NewMailJobDoc, "uid" | "kind" | "ref" | "by">,
  now: number,
  dueAt = now,
): void {
  const doc: NewMailJobDoc = {
    ...job,
    state: "pending",
    attempts: 0,
    nextAttemptAt: dueAt,
    createdAt: now,
    updatedAt: now,
  };
  if (doc.by === undefined) delete doc.by;
  tx.set(mailJobPath(key), doc);
}

const MAILED_TRANSITIONS: Partial<Record<BookingState, MailKind>> = {
  requested: "booking_requested",
  accepted: "booking_accepted",
  declined: "booking_declined",
  cancelled: "booking_cancelled",
};

/**
 * The booking's hook: a booking that entered `state` (requested, accepted, declined, cancelled)
 * mails the members its notifications went to. A state is entered once per booking, so the key
 * `booking_{id}_{state}_{uid}` is the event. Other states send no mail.
 */
export function queueBookingMails(
  tx: Transaction,
  bookingId: string,
  state: BookingState,
  recipients: readonly string[],
  by: string,
  now: number,
): void {
  const kind = MAILED_TRANSITIONS[state];
  if (!kind) return;
  for (const uid of new Set(recipients))
    queueMail(tx, `booking_${bookingId}_${state}_${uid}`, { uid, kind, ref: bookingId, by }, now);
}

/** The reminder's hook: once per booking (the booking's reminderSent flag commits with it). */
export function queueReminderMails(tx: Transaction, bookingId: string, participants: readonly string[], now: number) {
  for (const uid of new Set(participants))
    queueMail(tx, `reminder_${bookingId}_${uid}`, { uid, kind: "session_reminder", ref: bookingId }, now);
}
