import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { formatDay, formatTime } from "~/features/bookings/format";
import { nameInPlainText } from "~/features/members/member";
import { useTranslation } from "react-i18next";
import { intlLocale } from "~/utils/format";
import { placeInWeek } from "~/features/bookings/week-layout";
import { parseIsoDate } from "~/utils/zoned-time";
import type { CalendarViewProps } from "./calendar-views";

const HOUR_PX = 44;
/** The grid opens scrolled to this hour, or to the first session when that is earlier. */
const FIRST_HOUR_SHOWN = 8;

const BLOCK: Record<string, string> = {
  requested:
    "border-2 border-dashed border-amber-500 bg-[repeating-linear-gradient(135deg,#fffbeb_0_6px,#fef3c7_6px_12px)] text-amber-950",
  accepted: "border border-emerald-400 bg-emerald-100 text-emerald-950",
  disputed: "border border-red-400 bg-red-50 text-red-900",
};
const PAST_BLOCK = "border border-slate-300 bg-slate-100 text-slate-700";

/** "Monday 9 March" for an ISO date, whatever the zone, in the reader's locale. */
function dayName(iso: string, locale: string): string {
  const d = parseIsoDate(iso);
  return d ? formatDay(Date.UTC(d.year, d.month - 1, d.day, 12), "UTC", locale) : iso;
}

/** The weekday of an ISO date, 0 = Sunday. */
function weekdayOf(iso: string): number {
  const d = parseIsoDate(iso);
  return d ? new Date(Date.UTC(d.year, d.month - 1, d.day, 12)).getUTCDay() : 0;
}

/** "08:00": an hour of the grid's side column. */
function clock(hour: number): string {
  return `${String(hour).padStart(2, "0")}:00`;
}

/**
 * The side column's 24 hour labels as markup, written once per process: they are the same for every
 * member, language and week, and as 24 elements they were about a tenth of the week grid's render on
 * every view (issue 28, decision 105). The markup is what React wrote for them, so what a person sees
 * and what the layout suites measure are unchanged; nothing in it comes from a member.
 */
export const HOUR_LABELS_HTML = Array.from(
  { length: 24 },
  (_, h) =>
    `<span class="absolute end-1 -translate-y-1/2 text-[0.65rem] tabular-nums text-slate-500 first:translate-y-0" style="top:${h === 0 ? "0" : `${h * HOUR_PX}px`}">${clock(h)}</span>`,
).join("");

/**
 * The week as an hourly grid: each session at its time in the member's zone, as tall as it lasts;
 * requests still waiting for an answer dashed and named "Pending · …: pending request". Declined and cancelled
 * sessions hold no time, so they stay in the month view and the lists.
 */
export function WeekGrid({ range, sessions, timeZone }: CalendarViewProps) {
  const shown = sessions.filter((s) => s.state !== "declined" && s.state !== "cancelled");
  const placed = placeInWeek(shown, range.days, timeZone);
  const scroller = useRef<HTMLDivElement>(null);
  const { t, i18n } = useTranslation("bookings");
  const locale = intlLocale(i18n.language);
  const earliest = Math.min(...[...placed.values()].flat().map((p) => p.top), FIRST_HOUR_SHOWN * 60);
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = (Math.floor(earliest / 60) * HOUR_PX) | 0;
  }, [earliest, range.days]);

  return (
    <div>
      <div
        ref={scroller}
        className="max-h-[32rem] overflow-auto rounded-lg border border-slate-200"
        role="region"
        aria-label={t("week.region", { day: dayName(range.days[0]!, locale) })}
        // A scrolling region is reached by keyboard, also in a week without a session to tab to.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        <div className="grid min-w-[42rem] grid-cols-[3rem_repeat(7,minmax(0,1fr))]">
          <div className="sticky top-0 z-20 border-b border-slate-200 bg-slate-50" aria-hidden="true" />
          {range.days.map((day) => (
            <div
              key={day}
              className="sticky top-0 z-20 border-b border-s border-slate-200 bg-slate-50 px-1.5 py-1 text-xs font-semibold text-slate-600"
              aria-hidden="true"
            >
              {/* One text, not three nodes and an unstyled <span>: only today's number is marked (decision 115). */}
              {day === range.today ? (
                <>
                  {`${t(`weekdays.short.${weekdayOf(day)}`)} `}
                  <span className="inline-block rounded-full bg-brand-600 px-1.5 text-white">
                    {parseIsoDate(day)?.day}
                  </span>
                </>
              ) : (
                `${t(`weekdays.short.${weekdayOf(day)}`)} ${parseIsoDate(day)?.day}`
              )}
            </div>
          ))}
          <div
            className="relative"
            style={{ height: 24 * HOUR_PX }}
            aria-hidden="true"
            dangerouslySetInnerHTML={{ __html: HOUR_LABELS_HTML }}
          />
          {range.days.map((day) => (
            <section
              key={day}
              aria-label={t("week.day", { day: dayName(day, locale) })}
              data-day={day}
              className={`relative border-s border-slate-200 ${day === range.today ? "bg-brand-50/40" : "bg-white"}`}
              style={{
                height: 24 * HOUR_PX,
                backgroundImage: `repeating-linear-gradient(to bottom, #e2e8f0 0 1px, transparent 1px ${HOUR_PX}px)`,
              }}
            >
              <ol>
                {(placed.get(day) ?? []).map(({ item: s, top, bottom, lane, lanes }) => {
                  const pending = s.state === "requested";
                  const start = formatTime(s.start, timeZone, locale);
                  // The name starts with what the block shows, so people who speak a visible label can use it.
                  const label = t("week.session", {
                    pending: pending ? "yes" : "no",
                    start,
                    skill: s.skillLabel,
                    state: t(`week.states.${s.state}`),
                    name: nameInPlainText(s.otherName),
                    end: formatTime(s.end, timeZone, locale),
                  });
                  return (
                    <li
                      key={`${s.id}-${top}`}
                      className="absolute px-0.5"
                      style={{
                        top: (top / 60) * HOUR_PX,
                        height: Math.max(((bottom - top) / 60) * HOUR_PX, 18),
                        insetInlineStart: `${(lane / lanes) * 100}%`,
                        width: `${100 / lanes}%`,
                      }}
                    >
                      <Link
                        to={`/session/${s.id}`}
                        aria-label={label}
                        title={label}
                        data-testid="week-session"
                        data-state={s.state}
                        className={`block h-full overflow-hidden rounded px-1 text-[0.7rem] leading-tight ${BLOCK[s.state] ?? PAST_BLOCK}`}
                      >
                        <span className="block truncate font-semibold tabular-nums">
                          {pending ? t("week.pending") : ""}
                          {start}
                        </span>{" "}
                        {/* The space keeps "14:00 Spanish" one phrase in the text, as in the accessible name. */}
                        <span className="block truncate" translate={s.skillOwn ? "no" : undefined}>
                          {s.skillLabel}
                        </span>
                      </Link>
                    </li>
                  );
                })}
              </ol>
            </section>
          ))}
        </div>
      </div>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-hidden="true">
        <span className="inline-flex items-center gap-1.5">
          <span className={`inline-block h-3 w-4 rounded ${BLOCK.accepted}`} /> {t("week.legendAccepted")}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className={`inline-block h-3 w-4 rounded ${BLOCK.requested}`} /> {t("week.legendPending")}
        </span>
      </p>
    </div>
  );
}
