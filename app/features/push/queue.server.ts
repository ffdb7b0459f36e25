/**
 * Push jobs (push_jobs/{key}, app/documents/push.ts), written inside the transaction of the change
 * they report, as mail jobs are (decision 022): one per event and member, the key naming the
 * event, so a transaction run again writes the same job. The one worker holding the timed-work
 * lease sends them (delivery.server.ts); nothing here reads, so the hooks follow any read phase.
 */
import type { DocStore, Transaction } from "~/engine/store/types";
import { BOOKINGS, readBooking } from "~/documents/bookings";
import { pushJobPath, type PushJobDoc, type PushJobKind } from "~/documents/push";
import type { NotificationType } from "~/features/notifications/types";
import { PUSHED_TYPES } from "./settings";

/** A conversation's push waits this long, so a member reading it in an open tab gets none. */
export const CHAT_PUSH_DELAY_MS = 5_000;
/** "Your session starts in 10 minutes." */
export const STARTS_BEFORE_MS = 10 * 60_000;

type NewPushJob = Omit<PushJobDoc, "kind" | "sentAt" | "heldUntil" | "reason"> & { kind: PushJobKind };

function queuePush(
  tx: Transaction,
  key: string,
  uid: string,
  kind: PushJobKind,
  ref: string,
  type: string,
  dueAt: number,
  now: number,
) {
  const job: NewPushJob = {
    uid,
    kind,
    ref,
    type,
    state: "pending",
    attempts: 0,
    nextAttemptAt: dueAt,
    devices: [],
    createdAt: now,
    updatedAt: now,
  };
  tx.set(pushJobPath(key), job);
}

/** The bell's hook (features/notifications): a notice of a pushed type also goes out as a push. */
export function queueNotificationPush(
  tx: Transaction,
  uid: string,
  notificationId: string,
  type: NotificationType,
  now: number,
) {
  if (!PUSHED_TYPES[type]) return;
  queuePush(tx, `n_${uid}_${notificationId}`, uid, "notification", notificationId, type, now, now);
}

/**
 * The chat's hook, on every message to a member with a device for push (hasPushDevice): one job
 * per conversation and recipient, written again by each new message, so ten messages are one push
 * that updates (its tag) rather than ten.
 */
export function queueChatPush(tx: Transaction, chatId: string, recipientUid: string, now: number) {
  queuePush(
    tx,
    `chat_${chatId}_${recipientUid}`,
    recipientUid,
    "chat",
    chatId,
    "message",
    now + CHAT_PUSH_DELAY_MS,
    now,
  );
}

/** Run by the leader: each participant of an accepted session starting within 10 minutes gets one job. */
export async function queueSessionStarts(store: DocStore, now: number): Promise<number> {
  const soon = await store.query({
    collection: BOOKINGS,
    where: [
      ["state", "==", "accepted"],
      ["start", ">", now],
      ["start", "<=", now + STARTS_BEFORE_MS],
    ],
    limit: 200,
  });
  let queued = 0;
  for (const doc of soon) {
    const booking = readBooking(doc);
    for (const uid of new Set(booking.participants)) {
      const key = `starts_${booking.id}_${uid}`;
      const made = await store.transaction(async (tx) => {
        if (await tx.get(pushJobPath(key))) return false;
        queuePush(tx, key, uid, "starts", booking.id, "reminder", now, now);
        return true;
      });
      if (made) queued++;
    }
  }
  return queued;
}
