/** Rules of the header's live counters (SPEC.md §4), apart from the feeds that supply them. */

/** Unread notifications among those fetched (the latest 20): what the bell counts. */
export function unreadCount(notifications: readonly { read: boolean }[]): number {
  return notifications.filter((n) => !n.read).length;
}

/** The bell badge: "9+" above 9 unread, nothing at 0. */
export function bellBadgeText(unread: number): string | null {
  if (unread === 0) return null;
  return unread > 9 ? "9+" : String(unread);
}

/** Paths starting with /auth skip unread counting (SPEC.md §4). */
export function countsUnread(pathname: string): boolean {
  return !pathname.startsWith("/auth");
}
