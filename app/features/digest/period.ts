/**
 * A digest's period, in the member's time zone (decision 047). Pure.
 *
 * - daily: a calendar day, local midnight to local midnight.
 * - weekly: a week from Monday 00:00 to the next Monday 00:00, local time (ISO 8601's week).
 *
 * The digest of a period is sent after it ends; `lastCompletedPeriod` answers the one to send now.
 * Its key names the period (`daily_2026-11-25`, `weekly_2026-11-16` for the week starting Monday
 * 16 November), so the member's digest for it has one id whichever worker gets there, however often.
 */
import type { DigestFrequency } from "~/documents/digest";
import { addDays, isoDate, knownTimeZone, zonedParts, zonedTimeToUtc } from "~/utils/zoned-time";

export interface DigestPeriod {
  key: string;
  /** [from, to): the instants the period covers. */
  from: number;
  to: number;
}

const midnight = (date: { year: number; month: number; day: number }, timeZone: string) =>
  zonedTimeToUtc({ ...date, hour: 0, minute: 0 }, timeZone);

/** The period of `frequency` running at `now`, in `timeZone` (UTC when unknown): the next one to end. */
export function currentPeriod(frequency: Exclude<DigestFrequency, "off">, now: number, timeZone: string): DigestPeriod {
  const zone = knownTimeZone(timeZone) ?? "UTC";
  const today = zonedParts(now, zone);
  const date = { year: today.year, month: today.month, day: today.day };
  const start = frequency === "daily" ? date : addDays(date, -((today.weekday + 6) % 7));
  return {
    key: `${frequency}_${isoDate(start.year, start.month, start.day)}`,
    from: midnight(start, zone),
    to: midnight(addDays(start, frequency === "daily" ? 1 : 7), zone),
  };
}

/** The latest period of `frequency` that has ended at `now`, in `timeZone` (UTC when unknown). */
export function lastCompletedPeriod(
  frequency: Exclude<DigestFrequency, "off">,
  now: number,
  timeZone: string,
): DigestPeriod {
  const zone = knownTimeZone(timeZone) ?? "UTC";
  const today = zonedParts(now, zone);
  const date = { year: today.year, month: today.month, day: today.day };
  // The period running now starts today (daily) or on this week's Monday (weekly).
  const currentStart = frequency === "daily" ? date : addDays(date, -((today.weekday + 6) % 7));
  const start = addDays(currentStart, frequency === "daily" ? -1 : -7);
  return {
    key: `${frequency}_${isoDate(start.year, start.month, start.day)}`,
    from: midnight(start, zone),
    to: midnight(currentStart, zone),
  };
}
