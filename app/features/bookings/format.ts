/**
 * Session times as people read them, in their own timezone and their locale (useFormatLocale in a
 * component, intlLocale(language) on the server). English keeps en-GB's "Mon 9 Mar, 10:00". Browser-safe.
 */
import type { Booking } from "./types";
import { optionsKey, SHORT_DATE_TIME } from "~/utils/format";

const formatters = new Map<string, Intl.DateTimeFormat>();
const TIME_24H: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
const LONG_DAY: Intl.DateTimeFormatOptions = { weekday: "long", day: "numeric", month: "long" };

/**
 * One formatter per format, locale and zone, keyed by format.ts's optionsKey: the options below are
 * constants, so their text is written once, not on every date or time (decisions 138, 139).
 */
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions, locale: string): Intl.DateTimeFormat {
  const intl = locale.startsWith("en") ? "en-GB" : locale;
  const key = `${intl}|${timeZone}|${optionsKey(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intl, { timeZone, ...options });
    formatters.set(key, f);
  }
  return f;
}

/** "Mon 9 Mar, 10:00" */
export function formatDateTime(ms: number, timeZone: string, locale = "en"): string {
  return formatter(timeZone, SHORT_DATE_TIME, locale).format(ms);
}

/** "10:00" */
export function formatTime(ms: number, timeZone: string, locale = "en"): string {
  return formatter(timeZone, TIME_24H, locale).format(ms);
}

/** "Monday 9 March" */
export function formatDay(ms: number, timeZone: string, locale = "en"): string {
  return formatter(timeZone, LONG_DAY, locale).format(ms);
}

/** "Mon 9 Mar, 10:00–11:00" */
export function formatSessionRange(b: Pick<Booking, "start" | "end">, timeZone: string, locale = "en"): string {
  return `${formatDateTime(b.start, timeZone, locale)}–${formatTime(b.end, timeZone, locale)}`;
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/**
 * How long until a start, through Intl in the reader's locale: "in 5 minutes", "in 3 hours", "in 3 days";
 * "dans 5 minutes", "dentro de 3 horas", "خلال 3 أيام". Minutes under an hour, whole hours (rounded)
 * under two days, then days. At or after the start: "now" in that locale.
 */
export function countdown(start: number, now: number, locale = "en"): string {
  let rtf = relativeFormats.get(locale);
  if (!rtf) relativeFormats.set(locale, (rtf = new Intl.RelativeTimeFormat(locale, { numeric: "auto" })));
  const ms = start - now;
  if (ms <= 0) return rtf.format(0, "second");
  const minutes = Math.ceil(ms / 60_000);
  if (minutes < 60) return rtf.format(minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (hours < 48) return rtf.format(hours, "hour");
  return rtf.format(Math.floor(minutes / 1440), "day");
}
