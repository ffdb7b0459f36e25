import { formatDateTime, formatTime } from "~/features/bookings/format";

/**
 * A session's "Mon 9 Mar, 10:00–11:00" (formatSessionRange's text) as a <time>. A line may break
 * after an en dash, so "10:00–" ended one line and "11:00" began the next; the dash and the end
 * time are one unbreakable run, and the date before them still wraps at its spaces, so nothing
 * overflows sideways at 320 px (decision 079).
 */
export function SessionRange({
  session,
  timeZone,
  locale,
}: {
  session: { start: number; end: number };
  timeZone: string;
  locale: string;
}) {
  return (
    <time dateTime={new Date(session.start).toISOString()}>
      {formatDateTime(session.start, timeZone, locale)}
      <span className="whitespace-nowrap">{`–${formatTime(session.end, timeZone, locale)}`}</span>
    </time>
  );
}
