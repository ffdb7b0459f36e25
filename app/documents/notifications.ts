/**
 * `notifications/{uid}/messages/{id}`: what a member is told (the bell, /notifications). Only the
 * server writes them (features/notifications); the notifications feed reads the same path.
 * Browser-safe. Decision: docs/decisions/023-documents-typed-once.md.
 */
import { z } from "zod/v4";
import { count, filledText, flag, text, type StoredDoc, withId } from "./fields";

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
