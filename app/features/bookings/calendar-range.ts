/** The days a calendar view shows, in the member's timezone. Browser-safe. */
import { addDays, instantOf, isoDate, parseIsoDate, weekdayOf, zonedParts, type WallClock } from "~/utils/zoned-time";

export type CalendarView = "week" | "month";

export interface CalendarRange {
  view: CalendarView;
  /** ISO dates shown, in order (a month view pads to whole weeks, starting on the locale's first day). */
  days: string[];
  /** The month a month view is about (YYYY-MM), for greying out padding days. */
  month: string;
  from: number;
  to: number;
  previous: string;
  next: string;
  today: string;
}

type DateParts = Pick<WallClock, "year" | "month" | "day">;

const key = (d: DateParts) => isoDate(d.year, d.month, d.day);

/** The first day of `d`'s week, weeks starting on `firstDay` (1 = Monday … 7 = Sunday, as firstDayOfWeek). */
function weekStartOf(d: DateParts, firstDay: number): DateParts {
  const isoWeekday = weekdayOf(d.year, d.month, d.day) || 7;
  return addDays(d, -((isoWeekday - firstDay + 7) % 7));
}

export function calendarRange(
  view: CalendarView,
  anchorIso: string | null,
  timeZone: string,
  now: number,
  firstDay = 1,
): CalendarRange {
  const today = zonedParts(now, timeZone);
  const anchor = (anchorIso && parseIsoDate(anchorIso)) || today;
  let first: DateParts;
  let count: number;
  let previous: DateParts;
  let next: DateParts;
  if (view === "week") {
    first = weekStartOf(anchor, firstDay);
    count = 7;
    previous = addDays(first, -7);
    next = addDays(first, 7);
  } else {
    const monthStart = { year: anchor.year, month: anchor.month, day: 1 };
    const nextMonth = addDays({ ...monthStart, day: 28 }, 7);
    const monthEnd = addDays({ year: nextMonth.year, month: nextMonth.month, day: 1 }, -1);
    first = weekStartOf(monthStart, firstDay);
    const lastShown = addDays(weekStartOf(monthEnd, firstDay), 6);
    count =
      Math.round(
        (Date.UTC(lastShown.year, lastShown.month - 1, lastShown.day) -
          Date.UTC(first.year, first.month - 1, first.day)) /
          86_400_000,
      ) + 1;
    previous = addDays(monthStart, -1);
    previous = { ...previous, day: 1 };
    next = { year: nextMonth.year, month: nextMonth.month, day: 1 };
  }
  const days = Array.from({ length: count }, (_, i) => key(addDays(first, i)));
  return {
    view,
    days,
    month: `${String(anchor.year).padStart(4, "0")}-${String(anchor.month).padStart(2, "0")}`,
    from: instantOf(first, 0, timeZone),
    to: instantOf(addDays(first, count), 0, timeZone),
    previous: key(previous),
    next: key(next),
    today: key(today),
  };
}

/** The ISO date of an instant in `timeZone`. */
export function dayOf(ms: number, timeZone: string): string {
  return key(zonedParts(ms, timeZone));
}
