/**
 * Per-user notifications at `notifications/{uid}/messages/{id}`. Only the server writes them
 * (ARCHITECTURE.md); they are added inside the transaction of the change they report so a person
 * is never told about a credit that did not happen.
 */
import { getUser, userPath } from "~/documents/users";
import { randomUUID } from "node:crypto";
import { NotFoundError, type DocStore, type Transaction } from "~/engine/store/types";
import { readNotificationPrefs, shouldNotify, type NotificationPrefs } from "./preferences";
import {
  notificationPath,
  notificationsOf,
  readNotification,
  type Notification,
  type NotificationDoc,
} from "~/documents/notifications";
import type { NotificationInput } from "./types";
import { noticeText, type NoticeKind, type NoticeParams } from "./text";
import { fixedT } from "~/i18n/i18n.server";
import { SOURCE_LANGUAGE } from "~/i18n/config";
import { queueNotificationPush } from "~/features/push/queue.server";

export type { NotificationInput } from "./types";

export const NOTIFICATIONS_FETCHED = 20;

/** The id named a notification the user does not have; routes answer it with a 404. */
export class NotificationNotFoundError extends Error {
  readonly status = 404;
  constructor(id: string) {
    super(`Notification ${id} was not found.`);
    this.name = "NotificationNotFoundError";
  }
}

function assertId(kind: string, value: string): void {
  if (!value || value.length > 300 || value.includes("/") || value === "." || value === "..") {
    throw new Error(`Invalid ${kind}: ${JSON.stringify(value)}`);
  }
}

/**
 * Writes only, so it can follow the reads of any transaction. `set` rather than `create`: with a
 * fixed id the caller already decided this happens once, and a leftover document must not make
 * the credit it accompanies fail.
 *
 * With `prefs` (read earlier by `prepareNotifications`) a type the member turned off is not
 * written at all. Without them it always writes: right for money notices, which are always
 * sent; a caller reporting anything else should use `prepareNotifications`.
 */
export function addNotification(
  tx: Transaction,
  uid: string,
  input: NotificationInput,
  now: number,
  prefs?: NotificationPrefs,
): void {
  assertId("user id", uid);
  if (prefs && !shouldNotify(prefs, input.type)) return;
  const id = input.id ?? randomUUID();
  assertId("notification id", id);
  // A kind is rendered when read; its English words are kept beside it for readers that show the
  // stored text (the data export, push, the digest, an earlier version).
  const words = input.kind ? noticeWords(input.kind, input.params) : { title: input.title, body: input.body };
  const doc: Partial<NotificationDoc> & { type: NotificationInput["type"] } = {
    type: input.type,
    ...words,
    link: input.link,
    read: false,
    timestamp: now,
  };
  tx.set(notificationPath(uid, id), doc);
  // Web push (decision 046): a notice of a pushed type also reaches the member's devices.
  queueNotificationPush(tx, uid, id, input.type, now);
}

/**
 * What a notice of `kind` stores: the kind and its parameters, rendered when read, and its English
 * title and body for readers that show the stored text (an earlier version, the data export).
 */
export function noticeWords(kind: NoticeKind, params: NoticeParams) {
  return {
    kind,
    params,
    ...noticeText({ kind, params, title: "", body: "" }, fixedT(SOURCE_LANGUAGE, "notifications")),
  };
}

export interface PreparedNotifications {
  /** Writes only: call after every read of the transaction, like the ledger's commit(). */
  add(uid: string, input: NotificationInput, now: number): void;
}

/**
 * The read phase of notifying: reads each recipient's preferences inside `tx` so that the
 * writes later in the same transaction honour them (DocStore transactions read before writing).
 */
export async function prepareNotifications(tx: Transaction, uids: readonly string[]): Promise<PreparedNotifications> {
  const unique = [...new Set(uids)];
  for (const uid of unique) assertId("user id", uid);
  const profiles = await Promise.all(unique.map((uid) => getUser(tx, uid)));
  const prefsByUid = new Map(unique.map((uid, i) => [uid, readNotificationPrefs(profiles[i])]));
  return {
    add(uid, input, now) {
      const prefs = prefsByUid.get(uid);
      if (!prefs) throw new Error(`prepareNotifications did not read ${uid}`);
      addNotification(tx, uid, input, now, prefs);
    },
  };
}

/** Stores which categories `uid` wants; always-sent categories are stored as on whatever is asked. */
export async function saveNotificationPrefs(
  store: DocStore,
  uid: string,
  wanted: Partial<NotificationPrefs>,
): Promise<NotificationPrefs> {
  const prefs = readNotificationPrefs({ notificationPrefs: wanted });
  await store.update(userPath(uid), { notificationPrefs: prefs });
  return prefs;
}

export async function markRead(store: DocStore, uid: string, id: string): Promise<void> {
  assertId("user id", uid);
  assertId("notification id", id);
  try {
    await store.update(notificationPath(uid, id), { read: true });
  } catch (error) {
    if (error instanceof NotFoundError) throw new NotificationNotFoundError(id);
    throw error;
  }
}

// Firestore caps a transaction at 500 writes; batches well below it keep each one short.
const MARK_ALL_BATCH = 200;

/** Marks every unread notification of `uid` read; returns how many changed. */
export async function markAllRead(store: DocStore, uid: string): Promise<number> {
  assertId("user id", uid);
  let changed = 0;
  for (;;) {
    const count = await store.transaction(async (tx) => {
      const unread = await tx.query({
        collection: notificationsOf(uid),
        where: [["read", "==", false]],
        limit: MARK_ALL_BATCH,
      });
      for (const doc of unread) tx.update(doc.path, { read: true });
      return unread.length;
    });
    changed += count;
    if (count < MARK_ALL_BATCH) return changed;
  }
}

export async function listNotifications(
  store: DocStore,
  uid: string,
  limit = NOTIFICATIONS_FETCHED,
): Promise<Notification[]> {
  assertId("user id", uid);
  const docs = await store.query({ collection: notificationsOf(uid), orderBy: [["timestamp", "desc"]], limit });
  return docs.map(readNotification);
}
