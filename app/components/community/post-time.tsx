import { useTranslation } from "react-i18next";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { formatDate, relativeTime } from "~/utils/format";

const EXACT: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

/** A post's exact time in the reader's locale, in UTC, as shown on hover. */
export function useExactTime(): (at: number) => string {
  const locale = useFormatLocale();
  return (at) => `${formatDate(at, locale, "UTC", EXACT)} UTC`;
}

/** How long ago a post or thread was written, in the reader's locale, with the exact UTC time on hover. */
export function PostTime({ at, now }: { at: number; now: number }) {
  const { t } = useTranslation("community");
  const locale = useFormatLocale();
  const exact = useExactTime();
  return (
    <time dateTime={new Date(at).toISOString()} title={exact(at)}>
      {now - at < 45_000 ? t("time.justNow") : relativeTime(at, locale, now)}
    </time>
  );
}
