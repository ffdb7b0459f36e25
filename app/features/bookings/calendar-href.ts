/**
 * The calendar's own address with these search parameters. Absolute, because react-router resolves a
 * path that starts with "/" without the route's path names and keeps it (decision 114); a relative
 * "?view=…" was resolved three times per link on every render, five links a view (decision 139).
 */
export function calendarHref(params: Record<string, string>): string {
  return `/calendar?${new URLSearchParams(params)}`;
}
