/**
 * Availability as short text, the form's format: "09:00-12:00, 14:00-18:00" per weekday, and one
 * exception per line ("2026-12-24: off" or "2026-12-24: 10:00-12:00"). Works without JavaScript
 * and on every phone keyboard. Browser-safe.
 */
import type { AvailabilityException, TimeRange, WeeklySlot } from "./types";

export function rangesToText(ranges: readonly TimeRange[]): string {
  return ranges.map((r) => `${r.start}-${r.end}`).join(", ");
}

export function parseRanges(text: string): { ranges: TimeRange[]; error?: string } {
  const ranges: TimeRange[] = [];
  for (const raw of text.split(/[,;]/)) {
    const part = raw.trim();
    if (!part) continue;
    const match = /^(\d{1,2}):(\d{2})\s*[-–]\s*(\d{1,2}):(\d{2})$/.exec(part);
    if (!match) return { ranges, error: `"${part}" is not a time range like 09:00-12:00.` };
    const pad = (h: string) => h.padStart(2, "0");
    ranges.push({ start: `${pad(match[1])}:${match[2]}`, end: `${pad(match[3])}:${match[4]}` });
  }
  return { ranges };
}

export function weeklyFromDays(days: readonly string[]): { weekly: WeeklySlot[]; error?: string } {
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

export function parseExceptions(text: string): { exceptions: AvailabilityException[]; error?: string } {
  const exceptions: AvailabilityException[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const match = /^(\d{4}-\d{2}-\d{2})\s*:?\s*(.*)$/.exec(line);
    if (!match) return { exceptions, error: `"${line}": start each exception with a date like 2026-12-24.` };
    const rest = match[2].trim();
    if (rest === "" || /^(off|closed|none|unavailable)$/i.test(rest)) {
      exceptions.push({ date: match[1], slots: null });
      continue;
    }
    const { ranges, error } = parseRanges(rest);
    if (error) return { exceptions, error: `${match[1]}: ${error}` };
    exceptions.push({ date: match[1], slots: ranges });
  }
  return { exceptions };
}
