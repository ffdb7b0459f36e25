/**
 * A mentor's weekly availability in their own timezone, turned into bookable start instants.
 * Pure and browser-safe: the server checks a requested start with the same function that lists
 * the slots, so what is shown and what is accepted cannot drift apart.
 */
import type { AvailabilityException, TeachingDoc, TimeRange, WeeklySlot } from "./types";
import type { AvailabilityProblem } from "./availability-text";
import { addDays, instantOf, isoDate, parseClock, parseIsoDate, weekdayOf, zonedParts } from "~/utils/zoned-time";

export const SLOT_STEP_MINUTES = 30;
/** A request needs at least this much notice, so the mentor has a chance to accept it. */
export const MIN_NOTICE_MS = 60 * 60_000;
/**
 * A slot a page offered a few minutes ago is still accepted: the panel lists starts at least an
 * hour ahead of when it was drawn, so without this a member choosing for a minute across a half
 * hour was refused the slot they were shown.
 */
export const NOTICE_GRACE_MS = 5 * 60_000;
/** How far ahead sessions can be booked. */
export const BOOKING_HORIZON_DAYS = 56;
export const MAX_SLOTS_PER_DAY = 8;
export const MAX_EXCEPTIONS = 60;
export const MAX_RATE_SP_PER_HOUR = 10_000;

const MINUTE = 60_000;

export interface DateParts {
  year: number;
  month: number;
  day: number;
}

function rangesOfDay(teaching: Pick<TeachingDoc, "weekly" | "exceptions">, date: DateParts): TimeRange[] {
  const exception = teaching.exceptions.find((e) => e.date === isoDate(date.year, date.month, date.day));
  if (exception) return exception.slots ?? [];
  const weekday = weekdayOf(date.year, date.month, date.day);
  return teaching.weekly.filter((slot) => slot.weekday === weekday);
}

/**
 * Start instants of sessions of `durationMinutes` in [from, to), one of the mentor's days at a
 * time, each day's ascending; a later day's starts all come after an earlier day's.
 */
function* startsByDay(
  teaching: Pick<TeachingDoc, "weekly" | "exceptions">,
  timeZone: string,
  { from, to, durationMinutes }: { from: number; to: number; durationMinutes: number },
): Generator<number[]> {
  // A day in the mentor's zone may start before `from`'s date in UTC terms: begin a day early.
  let date = addDays(zonedParts(from, timeZone), -1);
  const last = zonedParts(to, timeZone);
  const lastKey = isoDate(last.year, last.month, last.day);
  for (let guard = 0; guard < BOOKING_HORIZON_DAYS + 3; guard++) {
    const found = new Set<number>();
    for (const range of rangesOfDay(teaching, date)) {
      const startMin = parseClock(range.start);
      const endMin = parseClock(range.end);
      if (startMin === null || endMin === null || endMin <= startMin) continue;
      const windowEnd = instantOf(date, endMin, timeZone);
      for (let m = startMin; m + durationMinutes <= endMin; m += SLOT_STEP_MINUTES) {
        const start = instantOf(date, m, timeZone);
        // Real elapsed time decides: a window that spans a clock change is shorter or longer.
        if (start + durationMinutes * MINUTE > windowEnd) continue;
        if (start >= from && start < to) found.add(start);
      }
    }
    if (found.size > 0) yield [...found].sort((a, b) => a - b);
    if (isoDate(date.year, date.month, date.day) === lastKey) return;
    date = addDays(date, 1);
  }
}

/** Start instants (UTC ms, ascending) of sessions of `durationMinutes` in [from, to). */
export function bookableStarts(
  teaching: Pick<TeachingDoc, "weekly" | "exceptions">,
  timeZone: string,
  window: { from: number; to: number; durationMinutes: number },
): number[] {
  return [...startsByDay(teaching, timeZone, window)].flat();
}

export interface BusyRange {
  start: number;
  end: number;
}

export function overlaps(a: BusyRange, b: BusyRange): boolean {
  return a.start < b.end && b.start < a.end;
}

/** The starts whose sessions overlap none of the busy ranges. */
export function freeStarts(starts: readonly number[], durationMinutes: number, busy: readonly BusyRange[]): number[] {
  return starts.filter((start) => {
    const range = { start, end: start + durationMinutes * MINUTE };
    return !busy.some((b) => overlaps(range, b));
  });
}

/**
 * The first start in [from, to) whose session overlaps none of the busy ranges, or null. Walks
 * the mentor's days in order and stops at the first hit, so a card that shows it costs a few
 * conversions.
 */
export function nextFreeStart(
  teaching: Pick<TeachingDoc, "weekly" | "exceptions">,
  timeZone: string,
  busy: readonly BusyRange[],
  window: { from: number; to: number; durationMinutes: number },
): number | null {
  for (const day of startsByDay(teaching, timeZone, window)) {
    const free = freeStarts(day, window.durationMinutes, busy);
    if (free.length > 0) return free[0];
  }
  return null;
}

/**
 * Whether `start` is one of the slots offered at `now`, or offered within the last
 * NOTICE_GRACE_MS (notice and horizon included).
 */
export function isBookableStart(
  teaching: Pick<TeachingDoc, "weekly" | "exceptions">,
  timeZone: string,
  start: number,
  durationMinutes: number,
  now: number,
): boolean {
  if (start < now + MIN_NOTICE_MS - NOTICE_GRACE_MS || start > now + BOOKING_HORIZON_DAYS * 86_400_000) return false;
  // The same rule as bookableStarts, checked for one instant: a few conversions instead of a day's worth.
  const wall = zonedParts(start, timeZone);
  const minute = wall.hour * 60 + wall.minute;
  return rangesOfDay(teaching, wall).some((range) => {
    const startMin = parseClock(range.start);
    const endMin = parseClock(range.end);
    if (startMin === null || endMin === null || minute < startMin || minute + durationMinutes > endMin) return false;
    if ((minute - startMin) % SLOT_STEP_MINUTES !== 0) return false;
    return (
      instantOf(wall, minute, timeZone) === start &&
      start + durationMinutes * MINUTE <= instantOf(wall, endMin, timeZone)
    );
  });
}

/**
 * Checks one day's ranges: well-formed, start before end, not overlapping, not too many. `where`:
 * the weekday (0 = Sunday) or the exception's date.
 */
export function checkRanges(ranges: readonly TimeRange[], where: number | string): AvailabilityProblem | null {
  if (ranges.length > MAX_SLOTS_PER_DAY)
    return { key: "availability.problems.tooManyRanges", values: { max: MAX_SLOTS_PER_DAY }, where };
  const parsed: [number, number][] = [];
  for (const range of ranges) {
    const start = parseClock(range.start);
    const end = parseClock(range.end);
    if (start === null || end === null) return { key: "availability.problems.clock", where };
    if (end - start < 30)
      return { key: "availability.problems.tooShort", values: { range: `${range.start}–${range.end}` }, where };
    parsed.push([start, end]);
  }
  parsed.sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < parsed.length; i++) {
    if (parsed[i][0] < parsed[i - 1][1]) return { key: "availability.problems.overlap", where };
  }
  return null;
}

/** Validates a whole availability; null when it can be saved. */
export function checkAvailability(
  weekly: readonly WeeklySlot[],
  exceptions: readonly AvailabilityException[],
): AvailabilityProblem | null {
  for (let weekday = 0; weekday < 7; weekday++) {
    const error = checkRanges(
      weekly.filter((s) => s.weekday === weekday),
      weekday,
    );
    if (error) return error;
  }
  if (exceptions.length > MAX_EXCEPTIONS)
    return { key: "availability.problems.tooManyExceptions", values: { max: MAX_EXCEPTIONS } };
  const dates = new Set<string>();
  for (const exception of exceptions) {
    if (!parseIsoDate(exception.date)) return { key: "availability.problems.dateFormat" };
    if (dates.has(exception.date)) return { key: "availability.problems.twice", values: { date: exception.date } };
    dates.add(exception.date);
    if (exception.slots) {
      const error = checkRanges(exception.slots, exception.date);
      if (error) return error;
    }
  }
  return null;
}

/** Price in whole SP: the hourly rate pro rata, rounded half up (see docs/decisions/009). */
export function priceFor(ratePerHour: number, durationMinutes: number): number {
  return Math.round((ratePerHour * durationMinutes) / 60);
}
