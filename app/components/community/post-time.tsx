import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { formatDate, intlLocale, relativeTime } from "~/utils/format";

const EXACT: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

/** A post's exact time in the reader's `locale`, in UTC, as shown on hover. */
export function exactTime(at: number, locale: string): string {
  return `${formatDate(at, locale, "UTC", EXACT)} UTC`;
}

/**
 * How long ago a post or thread was written, in the reader's `locale`, with the exact UTC time on
 * hover, drawn with words the caller already has: a list of threads draws one per row, and a
 * `useTranslation` per row was a good part of what the list cost to render (issue 28, decision 153).
 */
export function postTime(at: number, now: number, t: TFunction<"community">, locale: string) {
  return (
    <time dateTime={new Date(at).toISOString()} title={exactTime(at, locale)}>
      {now - at < 45_000 ? t("time.justNow") : relativeTime(at, locale, now)}
    </time>
  );
}

/** `postTime` for a component that has no words of its own: one `useTranslation` gives words and locale. */
export function PostTime({ at, now }: { at: number; now: number }) {
  const { t, i18n } = useTranslation("community");
  return postTime(at, now, t, intlLocale(i18n.language));
}
