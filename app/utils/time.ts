const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600_000],
  ["month", 30 * 24 * 3600_000],
  ["week", 7 * 24 * 3600_000],
  ["day", 24 * 3600_000],
  ["hour", 3600_000],
  ["minute", 60_000],
];

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale);
  if (!format) relativeFormats.set(locale, (format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" })));
  return format;
}

/** "just now", "5 minutes ago", "yesterday": how long ago `timestamp` was, for lists. */
export function timeAgo(timestamp: number, now = Date.now(), locale = "en"): string {
  const elapsed = now - timestamp;
  if (elapsed < 45_000) return "just now";
  const format = relativeFormat(locale);
  for (const [unit, ms] of UNITS) {
    if (Math.abs(elapsed) >= ms) return format.format(-Math.round(elapsed / ms), unit);
  }
  return format.format(-Math.round(elapsed / 60_000), "minute");
}
