/**
 * The booking panel's free slots as a person scans them: the next few first, then each day split
 * into morning, afternoon and evening in the learner's own timezone. Browser-safe and pure.
 */
import { formatDay } from "./format";
import { zonedParts } from "~/utils/zoned-time";

export const NEXT_SLOTS = 4;
export const DAY_PARTS = ["Morning", "Afternoon", "Evening"] as const;
export type DayPart = (typeof DAY_PARTS)[number];

/** Before noon is morning, noon to 18:00 afternoon, from 18:00 evening. */
export function dayPartOf(ms: number, timeZone: string): DayPart {
  const hour = zonedParts(ms, timeZone).hour;
  return hour < 12 ? "Morning" : hour < 18 ? "Afternoon" : "Evening";
}

export interface SlotDay {
  /** "Friday 9 January" in the reader's locale. */
  day: string;
  /** The day as 2026-01-09, for its <time> element. */
  date: string;
  parts: { part: DayPart; starts: number[] }[];
}

export function groupSlots(
  starts: readonly number[],
  timeZone: string,
  nextCount = NEXT_SLOTS,
  locale = "en",
): { next: number[]; days: SlotDay[] } {
  const sorted = [...starts].sort((a, b) => a - b);
  const days: SlotDay[] = [];
  for (const start of sorted) {
    const day = formatDay(start, timeZone, locale);
    let entry = days[days.length - 1];
    if (!entry || entry.day !== day) {
      const { year, month, day: dayOfMonth } = zonedParts(start, timeZone);
      const date = `${year}-${String(month).padStart(2, "0")}-${String(dayOfMonth).padStart(2, "0")}`;
      days.push((entry = { day, date, parts: [] }));
    }
    const part = dayPartOf(start, timeZone);
    let group = entry.parts.find((p) => p.part === part);
    if (!group) entry.parts.push((group = { part, starts: [] }));
    group.starts.push(start);
  }
  return { next: sorted.slice(0, nextCount), days };
}
