import { useTranslation } from "react-i18next";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { formatDate } from "~/utils/format";

/** A chart's day ("2026-11-20", a UTC day) as the reader writes a date. */
function Day({ day, locale }: { day: string; locale: string }) {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(ms)) return null;
  return <time dateTime={day}>{formatDate(ms, locale, "UTC", { day: "numeric", month: "short" })}</time>;
}

/**
 * The one chart of the back office: a server-rendered SVG bar chart of a daily series. Every chart
 * on /admin is this component with other data, so there is one drawing to get right.
 */
export function BarChart({
  title,
  days,
  values,
  format = String,
}: {
  title: string;
  days: string[];
  values: number[];
  format?: (value: number) => string;
}) {
  const width = 600;
  const height = 140;
  const top = 10;
  const bottom = 1;
  const max = Math.max(1, ...values);
  const step = width / Math.max(1, values.length);
  const total = values.reduce((sum, value) => sum + value, 0);
  const { t } = useTranslation("admin");
  const locale = useFormatLocale();
  const dayText = (day: string) => {
    const ms = Date.parse(`${day}T00:00:00Z`);
    return Number.isNaN(ms) ? day : formatDate(ms, locale, "UTC", { day: "numeric", month: "short" });
  };
  return (
    <figure className="card">
      <figcaption className="flex items-baseline justify-between text-sm">
        <span className="font-semibold text-slate-900">{title}</span>
        <span className="text-slate-500">{t("chart.total", { total: format(total), count: values.length })}</span>
      </figcaption>
      {/* Stretched to the card (no fixed aspect ratio), so a phone does not shrink it; the dates are
          HTML below it, readable at any width, not SVG text scaled with the drawing. */}
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="mt-3 h-32 w-full"
        role="img"
        aria-label={t("chart.label", { title, total: format(total), count: values.length })}
      >
        {values.map((value, i) => {
          const barHeight = ((height - top - bottom) * value) / max;
          return (
            <rect
              key={days[i]}
              x={i * step + 2}
              y={height - bottom - barHeight}
              width={Math.max(1, step - 4)}
              height={barHeight}
              rx={2}
              className="fill-brand-500"
            >
              <title>{`${dayText(days[i])}: ${format(value)}`}</title>
            </rect>
          );
        })}
        <line
          x1={0}
          x2={width}
          y1={height - bottom}
          y2={height - bottom}
          className="stroke-slate-200"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <p className="mt-1 flex justify-between text-xs text-slate-500" aria-hidden="true">
        <Day day={days[0]} locale={locale} />
        <Day day={days[days.length - 1]} locale={locale} />
      </p>
    </figure>
  );
}
