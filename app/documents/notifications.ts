/**
 * `notifications/{uid}/messages/{id}`: what a member is told (the bell, /notifications). Only the
 * server writes them (features/notifications); the notifications feed reads the same path.
 * Browser-safe. Decision: docs/decisions/023-documents-typed-once.md.
 */
import { z } from "zod/v4";
import { count, filledText, flag, messageParams, text, type StoredDoc, withId } from "./fields";

export const NOTIFICATIONS = "notifications";
export const notificationsOf = (uid: string) => `${NOTIFICATIONS}/${uid}/messages`;
export const notificationPath = (uid: string, id: string) => `${notificationsOf(uid)}/${id}`;

/** Where a notification without a link of its own takes the member. */
export const NOTIFICATIONS_PAGE = "/notifications";

export const notificationSchema = z.object({
  /**
   * A NotificationType when written by this version; read as the stored string, because a later
   * version may send kinds this one does not know (they show without a special icon).
   */
  type: text(),
  /**
   * What the notice says, as a key of the "notifications" catalogue (`kinds.<kind>`), rendered with
   * `params` in the reader's language when read (decision 060). Empty on documents written before
   * it: those show their stored `title` and `body`, which new documents still carry in English
   * for readers that do not render kinds (the data export, push, the digest).
   */
  kind: text(),
  /** The values the kind's message names (skill, minutes, SP, a member's name); strings and numbers only. */
  params: messageParams,
  title: text(),
  body: text(),
  /** A same-site path the notification opens. */
  link: filledText(NOTIFICATIONS_PAGE),
  read: flag,
  timestamp: count(),
});
export type NotificationDoc = z.output<typeof notificationSchema>;
export interface Notification extends NotificationDoc {
  id: string;
}

export const readNotification: (doc: StoredDoc) => Notification = withId(notificationSchema);
