import { useTranslation } from "react-i18next";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { formatDate } from "~/utils/format";

const DATE_TIME: Intl.DateTimeFormatOptions = {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
};
const DATE: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric" };

/**
 * A time of the back office, as the reader writes a date and time, in UTC: admins compare times
 * across members in every zone, so the page says UTC rather than converting (decision 064).
 * `date` shows the day only.
 */
export function UtcTime({ ms, date = false, seconds = false }: { ms: number; date?: boolean; seconds?: boolean }) {
  const { t } = useTranslation("admin");
  const locale = useFormatLocale();
  const text = formatDate(ms, locale, "UTC", date ? DATE : seconds ? { ...DATE_TIME, second: "2-digit" } : DATE_TIME);
  return <time dateTime={new Date(ms).toISOString()}>{date ? text : t("utc", { time: text })}</time>;
}
