import { Link } from "@remix-run/react";
import { dayOf, type CalendarRange } from "~/features/bookings/calendar-range";
import { formatTime } from "~/features/bookings/format";
import { nameInPlainText } from "~/features/members/member";
import type { SessionSummary } from "~/features/bookings/views.server";
import { parseIsoDate } from "~/utils/zoned-time";
import { useTranslation } from "react-i18next";
import { useFormatLocale } from "~/i18n/use-format-locale";

const CHIP: Record<string, string> = {
  requested: "border-amber-300 bg-amber-50 text-amber-900",
  accepted: "border-emerald-300 bg-emerald-50 text-emerald-900",
  completed: "border-slate-200 bg-slate-50 text-slate-700",
  disputed: "border-red-300 bg-red-50 text-red-900",
  resolved: "border-slate-200 bg-slate-50 text-slate-700",
  declined: "border-slate-200 bg-white text-slate-500 line-through",
  cancelled: "border-slate-200 bg-white text-slate-500 line-through",
};

function byDay(sessions: readonly SessionSummary[], timeZone: string): Map<string, SessionSummary[]> {
  const map = new Map<string, SessionSummary[]>();
  for (const s of sessions) {
    const day = dayOf(s.start, timeZone);
    map.set(day, [...(map.get(day) ?? []), s]);
  }
  return map;
}

function SessionChip({ session, timeZone }: { session: SessionSummary; timeZone: string }) {
  const { t } = useTranslation("bookings");
  const locale = useFormatLocale();
  return (
    <Link
      to={`/session/${session.id}`}
      className={`block truncate rounded border px-1.5 py-0.5 text-xs ${CHIP[session.state] ?? ""}`}
      title={t("month.chip", {
        skill: session.skillLabel,
        name: nameInPlainText(session.otherName),
        state: t(`week.states.${session.state}`),
      })}
    >
      <span className="tabular-nums">{formatTime(session.start, timeZone, locale)}</span>{" "}
      <bdi translate={session.skillOwn ? "no" : undefined}>{session.skillLabel}</bdi>
    </Link>
  );
}

function dayNumber(iso: string): number {
  return parseIsoDate(iso)?.day ?? 0;
}

/** The month view: a day per cell, each session a chip with its time. */
export interface CalendarViewProps {
  range: CalendarRange;
  sessions: SessionSummary[];
  timeZone: string;
}

export function MonthGrid({ range, sessions, timeZone }: CalendarViewProps) {
  const grouped = byDay(sessions, timeZone);
  const { t } = useTranslation("bookings");
  // The header names the first week's days, so it starts where the locale's week starts.
  const weekdays = range.days.slice(0, 7).map((iso) => {
    const d = parseIsoDate(iso);
    const ms = d ? Date.UTC(d.year, d.month - 1, d.day, 12) : 0;
    return { iso, weekday: new Date(ms).getUTCDay() };
  });
  return (
    // Scrolls sideways on a phone, so the keyboard must reach it (jsx-a11y does not know scrolling boxes).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="overflow-x-auto" role="region" aria-label={t("calendar.month")} tabIndex={0}>
      <div className="grid min-w-[42rem] grid-cols-7 gap-px overflow-hidden rounded-lg border border-slate-200 bg-slate-200">
        {weekdays.map((d) => (
          <div key={d.iso} className="bg-slate-50 px-2 py-1 text-xs font-semibold uppercase text-slate-500">
            {t(`weekdays.short.${d.weekday}`)}
          </div>
        ))}
        {range.days.map((day) => {
          const outside = !day.startsWith(range.month);
          return (
            <div
              key={day}
              className={`min-h-24 space-y-1 p-1.5 ${outside ? "bg-slate-50" : "bg-white"}`}
              data-day={day}
            >
              <p
                className={`text-xs font-medium ${day === range.today ? "inline-block rounded-full bg-brand-600 px-1.5 text-white" : outside ? "text-slate-500" : "text-slate-600"}`}
              >
                {dayNumber(day)}
              </p>
              {(grouped.get(day) ?? []).map((s) => (
                <SessionChip key={s.id} session={s} timeZone={timeZone} />
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}
