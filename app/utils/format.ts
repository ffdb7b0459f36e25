/**
 * Dates, times, relative times, numbers, SP and EUR as a reader of `locale` writes them (decision
 * 049). Every function takes the locale: a page passes its reader's (useFormatLocale() in a
 * component, the request's language in a loader), so server-rendered and hydrated text agree.
 * Time zones are the caller's (a member's own zone), never the locale's.
 */

/** The Intl locale for a language of the app: English as SkillSwap always wrote it (en-IE: "€5.00", "Wed 25 Nov"); the pseudo-locale formats as English. */
export function intlLocale(language: string): string {
  if (language === "en" || language.startsWith("en-")) return "en-IE";
  return language;
}

// Building an Intl formatter costs far more than using one, and the header formats on every render.
type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.ListFormat;
const cache = new Map<string, Formatter>();
/** The formatter made once for `key`; every formatting module of the app shares this cache. */
export function cached<T extends Formatter>(key: string, make: () => T): T {
  let format = cache.get(key) as T | undefined;
  if (!format) cache.set(key, (format = make()));
  return format;
}

// An options object's text, written once per object: most calls pass one of the module's constants
// (SHORT_DATE_TIME, ONE_DECIMAL, the defaults below), and a JSON.stringify on every call was most of
// what a kept formatter still cost (issue 28, decision 138). Options objects are never changed after
// they are passed; a literal written at the call still works, its text written once for that call.
const optionTexts = new WeakMap<object, string>();
/** `options` as text, the part of a cache key that says which formatter of a locale it is. */
export function optionsKey(options: object): string {
  let text = optionTexts.get(options);
  if (text === undefined) optionTexts.set(options, (text = JSON.stringify(options)));
  return text;
}

const NO_OPTIONS: Intl.NumberFormatOptions = {};
/** "4.5", "4,5": a rating's average, one decimal always shown. */
export const ONE_DECIMAL: Intl.NumberFormatOptions = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
const WHOLE: Intl.NumberFormatOptions = { maximumFractionDigits: 0 };

export function formatNumber(value: number, locale: string, options: Intl.NumberFormatOptions = NO_OPTIONS): string {
  return cached(`n|${locale}|${optionsKey(options)}`, () => new Intl.NumberFormat(locale, options)).format(value);
}

/** Right-to-left languages of the app (as in app/i18n/config.ts), by the locale's language subtag. */
const RTL_LANGUAGES = new Set(["ar"]);

/** First strong isolate and pop directional isolate: the text between reads in its own direction (decision 079). */
export const FSI = "\u2068";
export const PDI = "\u2069";

/**
 * "1,250 SP", "1.250 SP", "⁨١٬٢٥٠ SP⁩": whole SP with the locale's digits and grouping; "SP" is a unit
 * name, never translated. In a right-to-left locale the amount is bidi-isolated (FSI…PDI): without it
 * the Latin "SP" and the digits are reordered by the Arabic around them and an Arabic sentence reads
 * "SP ٤٠" (decision 079). Left-to-right locales get the plain text, unchanged.
 */
export function formatSp(amount: number, locale: string): string {
  return isolatedInRightToLeft(`${formatNumber(amount, locale, WHOLE)} SP`, locale);
}

/** Text bidi-isolated (FSI…PDI) in a right-to-left locale, so Latin words and digits keep their order; as is elsewhere. */
export function isolatedInRightToLeft(text: string, locale: string): string {
  return RTL_LANGUAGES.has(locale.split("-")[0]) ? isolated(text) : text;
}

/**
 * Text bidi-isolated (FSI…PDI) in every locale: a member's name may be written in either direction,
 * so "محمد" before "sent you 5 SP" or "Ahmed 42" inside Arabic would reorder the words around it
 * (decision 109). A name holds no isolate mark of its own to end it early: bidi controls are dropped
 * when it is typed (utils/bidi.ts).
 */
export function isolated(text: string): string {
  return `${FSI}${text}${PDI}`;
}

/** A member's name isolated; `missing` (neutral words in the reader's language) when it is blank. */
export function isolatedName(name: string, missing: string): string {
  return name.trim() ? isolated(name.trim()) : missing;
}

/** One isolate as isolated() writes it, its text captured: where a page or an HTML mail puts a <bdi>. */
export const ISOLATE = /\u2068([^\u2068\u2069]*)\u2069/;

/** A price from cents: "€5.00", "5,00 €", "‏5٫00 €". */
export function formatPrice(amountCents: number, currency: string, locale: string): string {
  return formatNumber(amountCents / 100, locale, { style: "currency", currency: currency.toUpperCase() });
}

/** "Mon 9 Mar, 10:00": a session's or slot's start, on a 24-hour clock, wherever one is shown. */
export const SHORT_DATE_TIME: Intl.DateTimeFormatOptions = {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
};

/** "Wed 25 Nov": formatDate's default. */
const DAY_MONTH: Intl.DateTimeFormatOptions = { weekday: "short", day: "numeric", month: "short" };
const HOUR_MINUTE: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit" };

export function formatDate(
  ms: number,
  locale: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions = DAY_MONTH,
): string {
  return cached(
    `d|${locale}|${timeZone}|${optionsKey(options)}`,
    () => new Intl.DateTimeFormat(locale, { ...options, timeZone }),
  ).format(ms);
}

export function formatTime(ms: number, locale: string, timeZone: string): string {
  return formatDate(ms, locale, timeZone, HOUR_MINUTE);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600_000],
  ["month", 30 * 24 * 3600_000],
  ["week", 7 * 24 * 3600_000],
  ["day", 24 * 3600_000],
  ["hour", 3600_000],
  ["minute", 60_000],
];

/** "just now", "3 hours ago", "hace 3 horas", "il y a 3 heures", "قبل ٣ ساعات": how long ago, for lists. */
export function relativeTime(timestamp: number, locale: string, now = Date.now()): string {
  const elapsed = now - timestamp;
  const format = cached(`r|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: "auto" }));
  if (elapsed < 45_000) return locale.startsWith("en") ? "just now" : format.format(0, "second");
  for (const [unit, ms] of UNITS) {
    if (Math.abs(elapsed) >= ms) return format.format(-Math.round(elapsed / ms), unit);
  }
  return format.format(-Math.round(elapsed / 60_000), "minute");
}

/** "Guitar, Piano and Spanish", "Guitarra, Piano y Español": a list of names joined as `locale` joins one ("and"). */
export function listFormat(locale: string): Intl.ListFormat {
  return cached(`l|${locale}`, () => new Intl.ListFormat(locale, { type: "conjunction" }));
}

/** Where Intl.Locale has no week information: the first day by language (1 = Monday … 7 = Sunday). */
const FIRST_DAY_FALLBACK: Record<string, number> = { en: 1, es: 1, fr: 1, ar: 6 };

const firstDays = new Map<string, number>();

/**
 * The first day of a calendar week for `locale`, 1 = Monday … 7 = Sunday (ISO numbering), from the
 * locale's own week information (Intl.Locale#getWeekInfo, or the older weekInfo getter), else a table.
 */
export function firstDayOfWeek(locale: string): number {
  // Asked on every /calendar view: remembered per locale (Intl.Locale's week data is not cheap).
  let day = firstDays.get(locale);
  if (day === undefined) {
    day = weekStart(locale);
    if (firstDays.size < 100) firstDays.set(locale, day);
  }
  return day;
}

function weekStart(locale: string): number {
  try {
    const intl = new Intl.Locale(locale) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const info = intl.getWeekInfo?.() ?? intl.weekInfo;
    if (info && info.firstDay >= 1 && info.firstDay <= 7) return info.firstDay;
  } catch {
    // An unknown locale: the table below.
  }
  return FIRST_DAY_FALLBACK[locale.split("-")[0]!] ?? 1;
}

/** A wait before trying again, "5 seconds" or "2 minutes", in the reader's language (Intl's unit names). */
export function waitWords(ms: number, locale: string): string {
  const [count, unit] =
    ms < 60_000 ? [Math.max(1, Math.ceil(ms / 1_000)), "second"] : [Math.ceil(ms / 60_000), "minute"];
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" }).format(count);
}
