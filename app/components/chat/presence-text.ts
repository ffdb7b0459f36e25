import type { TFunction } from "i18next";
import type { Presence } from "~/features/members/presence";

/** lastSeenText (features/members/presence) in the reader's language, from the "chat" namespace. */
export function presenceText(t: TFunction, presence: Presence, now: number): string {
  if (presence.online) return t("presence.online");
  if (!presence.lastChanged) return t("presence.offline");
  const minutes = Math.floor((now - presence.lastChanged) / 60_000);
  if (minutes < 1) return t("presence.justNow");
  if (minutes < 60) return t("presence.minutes", { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t("presence.hours", { count: hours });
  const days = Math.floor(hours / 24);
  return days === 1 ? t("presence.yesterday") : t("presence.days", { count: days });
}
