/**
 * The member's push choices (push_settings/{uid}, app/documents/push.ts), pure and browser-safe:
 * the push column beside the bell-and-e-mail choices, quiet hours, and whether a chat push quotes
 * the message. Decision: docs/decisions/046-web-push.md.
 */
import type { PushSettingsDoc } from "~/documents/push";
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from "~/features/notifications/preferences";
import type { NotificationType } from "~/features/notifications/types";
import type { QuietHours } from "./quiet-hours";

/** Categories with something to push; board post alerts are gathered hourly in the bell only. */
export const PUSH_CATEGORIES = NOTIFICATION_CATEGORIES.filter((c) => c !== "board");
export type PushCategory = (typeof PUSH_CATEGORIES)[number];

/**
 * The bell's notifications that also go out as a push, with the category whose push choice
 * decides. Chat messages are pushed by the chat itself (one push per conversation, updated), the
 * hour-before reminder gives way to "starts in 10 minutes", and welcome, plan and admin notices
 * are read in the app.
 */
export const PUSHED_TYPES: Partial<Record<NotificationType, PushCategory>> = {
  booking: "sessions",
  board_proposal: "sessions",
  forum_reply: "replies",
  forum_mention: "mentions",
  forum_answer: "answers",
  top_up: "wallet",
};

export interface PushChoices {
  categories: Record<PushCategory, boolean>;
  showText: boolean;
  quietHours: QuietHours | null;
}

/** A category missing from the stored map is on: turning push on for a device means wanting pushes. */
export function readPushChoices(settings: PushSettingsDoc): PushChoices {
  const categories = {} as Record<PushCategory, boolean>;
  for (const category of PUSH_CATEGORIES) categories[category] = settings.categories[category] !== false;
  return {
    categories,
    showText: settings.showText,
    quietHours:
      settings.quietStart && settings.quietEnd && settings.quietStart !== settings.quietEnd
        ? { start: settings.quietStart, end: settings.quietEnd }
        : null,
  };
}

export const isPushCategory = (c: NotificationCategory | string): c is PushCategory =>
  (PUSH_CATEGORIES as readonly string[]).includes(c);
