/** Rules of the header's live counters (SPEC.md §4), apart from the feeds that supply them. */

/** The bell badge: unread among the latest 20, "9+" above 9, nothing at 0. */
export function bellBadgeText(notifications: readonly { read: boolean }[]): string | null {
  const unread = notifications.filter((n) => !n.read).length;
  if (unread === 0) return null;
  return unread > 9 ? "9+" : String(unread);
}

/** Paths starting with /auth skip unread counting (SPEC.md §4). */
export function countsUnread(pathname: string): boolean {
  return !pathname.startsWith("/auth");
}
