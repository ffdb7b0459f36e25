/**
 * Quiet hours (decision 046): a daily range in the member's time zone during which pushes are
 * held until it ends. A range whose start is after its end runs across midnight (22:00–07:00).
 * Pure.
 */
const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

const minutesOf = (clock: string): number => {
  const [h, m] = clock.split(":").map(Number);
  return h! * 60 + m!;
};

/** The wall-clock minute of the day at `now` in `timeZone` (UTC when the zone is unknown). */
function localMinute(now: number, timeZone: string): { minute: number; secondsMs: number } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).formatToParts(now);
  } catch {
    parts = new Intl.DateTimeFormat("en-GB", {
      timeZone: "UTC",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).formatToParts(now);
  }
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { minute: get("hour") * 60 + get("minute"), secondsMs: now % MINUTE_MS };
}

export interface QuietHours {
  /** "HH:MM" */
  start: string;
  /** "HH:MM" */
  end: string;
}

/** Whether `minute` of the day falls in [start, end), across midnight when start > end. */
export function inQuietRange(minute: number, { start, end }: QuietHours): boolean {
  const from = minutesOf(start);
  const to = minutesOf(end);
  if (from === to) return false;
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}

/**
 * When the quiet hours around `now` end (ms since the epoch), or null when `now` is not in them.
 * Counted in wall-clock minutes of `timeZone`, so a range that spans a daylight-saving change ends
 * at its wall-clock end give or take the hour the clocks moved.
 */
export function quietUntil(now: number, quiet: QuietHours | null, timeZone: string): number | null {
  if (!quiet) return null;
  const { minute, secondsMs } = localMinute(now, timeZone);
  if (!inQuietRange(minute, quiet)) return null;
  const left = (minutesOf(quiet.end) - minute + DAY_MINUTES) % DAY_MINUTES;
  return now - secondsMs + left * MINUTE_MS;
}
