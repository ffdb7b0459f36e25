import { useTranslation } from "react-i18next";
import { formatDate, intlLocale, relativeTime } from "~/utils/format";

const EXACT: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

/** A post's exact time in the reader's `locale`, in UTC, as shown on hover. */
export function exactTime(at: number, locale: string): string {
  return `${formatDate(at, locale, "UTC", EXACT)} UTC`;
}

/**
 * How long ago a post or thread was written, in the reader's locale, with the exact UTC time on hover.
 * One `useTranslation` gives both the words and the locale: a thread draws one of these per post,
 * and each hook call is a good part of what it costs to render (issue 28).
 */
export function PostTime({ at, now }: { at: number; now: number }) {
  const { t, i18n } = useTranslation("community");
  const locale = intlLocale(i18n.language);
  return (
    <time dateTime={new Date(at).toISOString()} title={exactTime(at, locale)}>
      {now - at < 45_000 ? t("time.justNow") : relativeTime(at, locale, now)}
    </time>
  );
}
