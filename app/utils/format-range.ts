import { cached, optionsKey } from "./format";

/*
 * Apart from format.ts, which every page's bundle carries (the header formats SP and times): only
 * /subscriptions shows a range of days, and its loader writes it, never the browser: Chromium's Intl
 * puts plain spaces around the range's dash where Node's puts thin ones, so a range drawn again in
 * the browser would not hydrate (decision 136).
 */

/** A run of a date range's text: the start's, the end's, or shared by both (the separator, a common year). */
export interface DateRangePart {
  source: "startRange" | "endRange" | "shared";
  text: string;
}

const MEDIUM_DATE: Intl.DateTimeFormatOptions = { dateStyle: "medium" };

/**
 * "12 Nov – 12 Dec 2026", "12 nov – 12 dic 2026", "12 nov. – 12 déc. 2026", "12/11/2026 – 12/12/2026":
 * a range of days as `locale` writes one (Intl's formatRange: its own separator, a year said once when
 * both ends share it), in runs by source so a page can put each end in its own `<time>`.
 */
export function formatDateRangeParts(
  start: number,
  end: number,
  locale: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions = MEDIUM_DATE,
): DateRangePart[] {
  const format = cached(
    `d|${locale}|${timeZone}|${optionsKey(options)}`,
    () => new Intl.DateTimeFormat(locale, { ...options, timeZone }),
  );
  const runs: DateRangePart[] = [];
  for (const part of format.formatRangeToParts(start, end)) {
    const last = runs[runs.length - 1];
    if (last?.source === part.source) last.text += part.value;
    else runs.push({ source: part.source, text: part.value });
  }
  return runs;
}
