import type { TFunction } from "i18next";
import { lastSeenIn, type Presence } from "~/features/members/presence";

/** lastSeenText in the reader's language, from the "chat" namespace (the same keys as "members"). */
export function presenceText(t: TFunction, presence: Presence, now: number): string {
  return lastSeenIn((key, values) => t(key, values), presence, now);
}
