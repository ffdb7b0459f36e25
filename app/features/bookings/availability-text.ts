/**
 * Availability as short text, the form's format: "09:00-12:00, 14:00-18:00" per weekday, and one
 * exception per line ("2026-12-24: off" or "2026-12-24: 10:00-12:00"). Works without JavaScript
 * and on every phone keyboard. Browser-safe.
 */
import type { TFunction } from "i18next";
import type { AvailabilityException, TimeRange, WeeklySlot } from "./types";

/**
 * Something wrong in an availability a member wrote: a message of the "bookings" catalogue
 * (`availability.problems.*`) and its values, so the form answers in the member's language.
 * `where` is the day it is about: a weekday (0 = Sunday), named through Intl in the reader's
 * locale, or an exception's date as the member typed it (the line to look at in the field).
 */
export interface AvailabilityProblem {
  key: `availability.problems.${string}`;
  values?: Record<string, string | number>;
  where?: number | string;
}

/** "Monday", "Lunes", "Lundi", "الاثنين": a weekday's name (0 = Sunday) at the start of a line. */
export function weekdayName(weekday: number, locale: string): string {
  // 1 January 2023 was a Sunday.
  const name = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" }).format(
    Date.UTC(2023, 0, 1 + weekday),
  );
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/** A problem's values for its message in `locale`, the day it is about among them. */
export function problemValues(problem: AvailabilityProblem, locale: string): Record<string, string | number> {
  const where = typeof problem.where === "number" ? weekdayName(problem.where, locale) : problem.where;
  return { ...problem.values, ...(where !== undefined && { where }) };
}

/** A problem's message in the reader's language; `t` is the "bookings" namespace's. */
export function availabilityProblemText(problem: AvailabilityProblem, t: TFunction, locale: string): string {
  return t(problem.key, problemValues(problem, locale));
}

export function rangesToText(ranges: readonly TimeRange[]): string {
  return ranges.map((r) => `${r.start}-${r.end}`).join(", ");
}

export function parseRanges(text: string): { ranges: TimeRange[]; error?: AvailabilityProblem } {
  const ranges: TimeRange[] = [];
  for (const raw of text.split(/[,;]/)) {
    const part = raw.trim();
    if (!part) continue;
    const match = /^(\d{1,2}):(\d{2})\s*[-–]\s*(\d{1,2}):(\d{2})$/.exec(part);
    if (!match) return { ranges, error: { key: "availability.problems.notRange", values: { part } } };
    const pad = (h: string) => h.padStart(2, "0");
    ranges.push({ start: `${pad(match[1])}:${match[2]}`, end: `${pad(match[3])}:${match[4]}` });
  }
  return { ranges };
}

export function weeklyFromDays(days: readonly string[]): { weekly: WeeklySlot[]; error?: AvailabilityProblem } {
  const weekly: WeeklySlot[] = [];
  for (let weekday = 0; weekday < 7; weekday++) {
    const { ranges, error } = parseRanges(days[weekday] ?? "");
    if (error) return { weekly, error };
    for (const range of ranges) weekly.push({ weekday, ...range });
  }
  return { weekly };
}

export function exceptionsToText(exceptions: readonly AvailabilityException[]): string {
  return exceptions.map((e) => `${e.date}: ${e.slots && e.slots.length ? rangesToText(e.slots) : "off"}`).join("\n");
}

export function parseExceptions(text: string): {
  exceptions: AvailabilityException[];
  error?: AvailabilityProblem;
} {
  const exceptions: AvailabilityException[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const match = /^(\d{4}-\d{2}-\d{2})\s*:?\s*(.*)$/.exec(line);
    if (!match) return { exceptions, error: { key: "availability.problems.exceptionDate", values: { line } } };
    const rest = match[2].trim();
    if (rest === "" || /^(off|closed|none|unavailable)$/i.test(rest)) {
      exceptions.push({ date: match[1], slots: null });
      continue;
    }
    const { ranges, error } = parseRanges(rest);
    if (error) return { exceptions, error: { ...error, key: "availability.problems.notRangeOn", where: match[1] } };
    exceptions.push({ date: match[1], slots: ranges });
  }
  return { exceptions };
}
