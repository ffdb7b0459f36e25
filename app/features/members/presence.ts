import type { StatusDoc } from "~/documents/status";

/** Presence as people read it: a dot and "last seen …". Browser-safe. */
export interface Presence {
  online: boolean;
  lastChanged: number;
}

export function presenceOf(status: StatusDoc): Presence {
  return { online: status.state === "online", lastChanged: status.last_changed };
}

/**
 * "Online", "Offline", "Last seen 5 min ago" in the reader's language: `t` is namespace "members"
 * (useLastSeen in a component, fixedT(language, "members") in a loader) or "chat" (the same keys).
 */
export function lastSeenIn(t: (key: string, values?: { count: number }) => string, presence: Presence, now: number) {
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
