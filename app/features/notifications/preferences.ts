/**
 * Which notifications a member wants, kept on users/{uid}.notificationPrefs. Pure and
 * browser-safe: the settings page shows the same categories the server applies.
 * Decision: docs/decisions/013-notification-preferences.md.
 */
import type { NotificationType } from "./types";

export const NOTIFICATION_CATEGORIES = [
  "messages",
  "sessions",
  "reminders",
  "replies",
  "mentions",
  "answers",
  "board",
  "wallet",
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/** true = send; a category missing from the stored map is on, so members who never chose get everything. */
export type NotificationPrefs = Record<NotificationCategory, boolean>;

export const CATEGORY_OF: Record<NotificationType, NotificationCategory | null> = {
  message: "messages",
  booking: "sessions",
  reminder: "reminders",
  forum_reply: "replies",
  forum_mention: "mentions",
  forum_answer: "answers",
  // A new board post whose skill the member wants or teaches (one notice an hour at most).
  board_post: "board",
  // Proposals on board posts and their outcomes are about sessions, so they follow that choice.
  board_proposal: "sessions",
  // Money and account notices are always sent: a member must learn that SP arrived or left.
  welcome_bonus: null,
  top_up: null,
  subscription: null,
  system: null,
};

/** Categories a member cannot turn off; the settings page shows them as always on. */
export const ALWAYS_SENT: readonly NotificationCategory[] = ["wallet"];

export function readNotificationPrefs(profile: Record<string, unknown> | null | undefined): NotificationPrefs {
  const stored = profile?.notificationPrefs;
  const map = stored && typeof stored === "object" ? (stored as Record<string, unknown>) : {};
  const prefs = {} as NotificationPrefs;
  for (const category of NOTIFICATION_CATEGORIES)
    prefs[category] = ALWAYS_SENT.includes(category) || map[category] !== false;
  return prefs;
}

export function shouldNotify(prefs: NotificationPrefs, type: NotificationType): boolean {
  const category = CATEGORY_OF[type];
  return category === null || ALWAYS_SENT.includes(category) || prefs[category];
}
