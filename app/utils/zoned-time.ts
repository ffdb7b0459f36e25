/**
 * Wall-clock times in IANA zones, without a date library: the runtime's Intl data is the
 * source of truth for offsets and daylight-saving rules. Browser-safe.
 *
 * A wall-clock time that does not exist (the hour skipped when clocks go forward) resolves to
 * the same distance past the gap (02:30 → 03:30), and one that exists twice (the hour repeated
 * when clocks go back) resolves to the earlier instant. These are the rules of Temporal's
 * "compatible" disambiguation, so both are deterministic and match what calendars do.
 */

export interface WallClock {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

export interface ZonedParts extends WallClock {
  /** 0 = Sunday … 6 = Saturday, as in Date#getUTCDay */
  weekday: number;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function intlWallClock(utcMs: number, timeZone: string): WallClock {
  const values: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(utcMs))) {
    if (part.type !== "literal") values[part.type] = Number(part.value);
  }
  return { year: values.year, month: values.month, day: values.day, hour: values.hour % 24, minute: values.minute };
}

// Offsets only change at instants on the UTC quarter-hour grid (every zone's offset is a whole
// number of quarter hours and clocks change at whole local minutes on the quarter hour), so one
// Intl lookup per zone and quarter hour answers every instant inside it. Intl is slow enough
// that this decides how many bookings a second the server can check.
const QUARTER_HOUR = 15 * MINUTE;
const MAX_CACHED_OFFSETS = 100_000;
/** Zone → quarter-hour block start → offset: number keys, so a lookup builds no string. */
const offsets = new Map<string, Map<number, number>>();
let cachedOffsets = 0;

/** How far `timeZone` is ahead of UTC at `utcMs`, in ms (Tokyo: +9 h). */
export function offsetAt(utcMs: number, timeZone: string): number {
  const blockStart = Math.floor(utcMs / QUARTER_HOUR) * QUARTER_HOUR;
  let zone = offsets.get(timeZone);
  let offset = zone?.get(blockStart);
  if (offset === undefined) {
    const wall = intlWallClock(blockStart, timeZone);
    offset = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - blockStart;
    if (cachedOffsets >= MAX_CACHED_OFFSETS) {
      offsets.clear();
      cachedOffsets = 0;
      zone = undefined;
    }
    if (!zone) offsets.set(timeZone, (zone = new Map()));
    zone.set(blockStart, offset);
    cachedOffsets++;
  }
  return offset;
}

/** The wall clock in `timeZone` at the instant `utcMs`. */
export function zonedParts(utcMs: number, timeZone: string): ZonedParts {
  const local = new Date(utcMs + offsetAt(utcMs, timeZone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    weekday: local.getUTCDay(),
  };
}

const zoneNames = new Map<string, string | null>();

/** The canonical name of an IANA zone the runtime knows, or null; remembered per name. */
export function knownTimeZone(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 64) return null;
  let known = zoneNames.get(value);
  if (known === undefined) {
    try {
      known = new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
    } catch {
      known = null;
    }
    if (zoneNames.size < 1_000) zoneNames.set(value, known);
  }
  return known;
}

/** Reads the runtime's Intl data directly; for tests of the cache above. */
export function intlOffsetAt(utcMs: number, timeZone: string): number {
  const wall = intlWallClock(utcMs, timeZone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - Math.floor(utcMs / MINUTE) * MINUTE;
}

function sameWallClock(a: WallClock, b: WallClock): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour && a.minute === b.minute;
}

/** The UTC instant of a wall-clock time in `timeZone` (see the module comment for gaps and overlaps). */
export function zonedTimeToUtc(wall: WallClock, timeZone: string): number {
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // Offset changes are at least days apart, so the offsets a day either side cover every case.
  const before = offsetAt(naive - DAY, timeZone);
  const after = offsetAt(naive + DAY, timeZone);
  // No change within a day either side (nearly always): the time exists once, at this offset.
  if (before === after) return naive - before;
  const candidates = [...new Set([naive - before, naive - after])]
    .filter((t) => sameWallClock(zonedParts(t, timeZone), wall))
    .sort((a, b) => a - b);
  if (candidates.length > 0) return candidates[0];
  // In a gap: read the time with the offset from before the change, which lands past the gap.
  return naive - before;
}

export function weekdayOf(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** "2026-03-08" */
export function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export function parseIsoDate(value: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** The calendar date `days` after the given one (days may be negative). */
export function addDays(
  date: { year: number; month: number; day: number },
  days: number,
): { year: number; month: number; day: number } {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** "HH:MM" → minutes after midnight; "24:00" is the end of the day. Null when malformed. */
export function parseClock(value: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes !== 0)) return null;
  return hours * 60 + minutes;
}

/** The instant of `minutes` after midnight on a date in `timeZone`; 24:00 is the next day's 00:00. */
export function instantOf(
  date: { year: number; month: number; day: number },
  minutes: number,
  timeZone: string,
): number {
  const day = addDays(date, Math.floor(minutes / 1440));
  const rest = minutes % 1440;
  return zonedTimeToUtc({ ...day, hour: Math.floor(rest / 60), minute: rest % 60 }, timeZone);
}
