import { Form } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useEnteredBeforeHydration } from "~/components/use-entered-before-hydration";
import { useTranslation } from "react-i18next";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { copyDay } from "~/features/bookings/availability-grid";
import {
  availabilityProblemText,
  exceptionsToText,
  parseExceptions,
  parseRanges,
} from "~/features/bookings/availability-text";
import { formatDate } from "~/utils/format";
import { interleave } from "~/i18n/interleave";
import { parseIsoDate } from "~/utils/zoned-time";
import type { CalendarActionResult } from "~/features/bookings/types";
import { TimeZoneInput } from "~/components/time-zone-input";
import { Outcome } from "./calendar-outcome";
import { WEEK_ORDER, WeeklyHoursGrid } from "./weekly-hours-grid";

export interface Availability {
  timeZone: string;
  days: string[];
  exceptions: string;
  skills: { tag: string; label: string; rate: number | null }[];
}

/** What the calendar page hands the availability editor and its form. */
export interface AvailabilityProps {
  availability: Availability;
  result: CalendarActionResult | undefined;
  busy: boolean;
}

/**
 * The availability form. Its fields (a text per weekday, the exceptions as lines) are what is
 * sent and work without JavaScript or a pointer; once the page runs, the hourly grid, "copy a
 * day" and the exception picker edit those same fields.
 */
export function AvailabilityForm({ availability, result, busy }: AvailabilityProps) {
  const [days, setDays] = useState(availability.days);
  const [exceptions, setExceptions] = useState(availability.exceptions);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const form = useRef<HTMLFormElement>(null);
  useEnteredBeforeHydration(form, (entered) => {
    setDays(availability.days.map((day, weekday) => String(entered.get(`day${weekday}`) ?? day)));
    setExceptions(String(entered.get("exceptions") ?? availability.exceptions));
  });
  const { t } = useTranslation("bookings");

  return (
    <Form ref={form} method="post" className="mt-4 space-y-4">
      <input type="hidden" name="intent" value="availability" />
      <div>
        <label htmlFor="availability-timezone" className="label">
          {t("availability.timeZone")}
        </label>
        <TimeZoneInput id="availability-timezone" name="timezone" defaultValue={availability.timeZone} />
      </div>
      {hydrated ? (
        <>
          <WeeklyHoursGrid days={days} onChange={setDays} />
          <CopyDay days={days} onCopy={setDays} />
        </>
      ) : null}
      <fieldset className="space-y-2">
        <legend className="label">{t("availability.asText")}</legend>
        {WEEK_ORDER.map((weekday) => (
          <div key={weekday} className="grid grid-cols-[7rem_minmax(0,1fr)] items-center gap-2">
            <label htmlFor={`day${weekday}`} className="text-sm font-medium text-slate-700">
              {t(`weekdays.long.${weekday}`)}
            </label>
            <input
              id={`day${weekday}`}
              name={`day${weekday}`}
              value={days[weekday]}
              onChange={(e) => setDays(days.map((d, i) => (i === weekday ? e.target.value : d)))}
              placeholder={t("availability.dayPlaceholder")}
              className="input"
            />
          </div>
        ))}
      </fieldset>
      {hydrated ? <ExceptionPicker text={exceptions} onChange={setExceptions} /> : null}
      <div>
        <label htmlFor="availability-exceptions" className="label">
          {t("availability.exceptions")}
        </label>
        <textarea
          id="availability-exceptions"
          name="exceptions"
          rows={3}
          value={exceptions}
          onChange={(e) => setExceptions(e.target.value)}
          placeholder={t("availability.exceptionsPlaceholder")}
          className="input font-mono text-sm"
        />
        <p className="mt-1 text-xs text-slate-500">{t("availability.exceptionsHelp")}</p>
      </div>
      <Outcome result={result} intent="availability" />
      <button type="submit" className="btn-primary" disabled={busy}>
        {t("availability.save")}
      </button>
    </Form>
  );
}

function CopyDay({ days, onCopy }: { days: string[]; onCopy: (days: string[]) => void }) {
  const [from, setFrom] = useState<number>(1);
  const [targets, setTargets] = useState<number[]>([]);
  const [done, setDone] = useState("");
  const { t } = useTranslation("bookings");
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">{t("copy.title")}</legend>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="copy-from" className="text-sm text-slate-700">
          {t("copy.from")}
        </label>
        <select
          id="copy-from"
          value={from}
          onChange={(e) => setFrom(Number(e.target.value))}
          className="input w-auto py-1"
        >
          {WEEK_ORDER.map((weekday) => (
            <option key={weekday} value={weekday}>
              {t(`weekdays.long.${weekday}`)}
            </option>
          ))}
        </select>
        <span className="text-sm text-slate-700" id="copy-to-label">
          {t("copy.to")}
        </span>
        <div className="flex flex-wrap gap-2" role="group" aria-labelledby="copy-to-label">
          {WEEK_ORDER.filter((weekday) => weekday !== from).map((weekday) => (
            <label key={weekday} className="flex items-center gap-1 text-sm">
              <input
                type="checkbox"
                checked={targets.includes(weekday)}
                onChange={(e) =>
                  setTargets(e.target.checked ? [...targets, weekday] : targets.filter((t) => t !== weekday))
                }
                className="h-4 w-4 rounded border-slate-300"
              />
              {t(`weekdays.short.${weekday}`)}
            </label>
          ))}
        </div>
        <button
          type="button"
          className="btn-secondary py-1"
          onClick={() => {
            const to = targets.filter((t) => t !== from);
            if (to.length === 0) return setDone(t("copy.tick"));
            onCopy(copyDay(days, from, to));
            setDone(t("copy.done", { day: t(`weekdays.long.${from}`), count: to.length }));
          }}
        >
          {t("copy.button")}
        </button>
      </div>
      <p role="status" className="mt-1 text-xs text-slate-600">
        {done}
      </p>
    </fieldset>
  );
}

/** "Thursday 24 December 2026" in the reader's locale. */
function longDate(iso: string, locale: string): string {
  const d = parseIsoDate(iso);
  return d
    ? formatDate(Date.UTC(d.year, d.month - 1, d.day, 12), locale, "UTC", {
        weekday: "long",
        day: "numeric",
        month: "long",
        year: "numeric",
      })
    : iso;
}

function ExceptionPicker({ text, onChange }: { text: string; onChange: (text: string) => void }) {
  const [date, setDate] = useState("");
  const [off, setOff] = useState(true);
  const [hours, setHours] = useState("");
  const [error, setError] = useState("");
  const { t } = useTranslation("bookings");
  const locale = useFormatLocale();
  const list = parseExceptions(text).exceptions;

  const add = () => {
    if (!parseIsoDate(date)) return setError(t("exceptions.chooseDate"));
    let slots = null;
    if (!off) {
      const parsed = parseRanges(hours);
      if (parsed.error) return setError(availabilityProblemText(parsed.error, t, locale));
      if (parsed.ranges.length === 0) return setError(t("exceptions.typeHours"));
      slots = parsed.ranges;
    }
    setError("");
    const next = [...list.filter((e) => e.date !== date), { date, slots }].sort((a, b) => a.date.localeCompare(b.date));
    onChange(exceptionsToText(next));
  };

  return (
    <fieldset className="rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">{t("exceptions.title")}</legend>
      {list.length ? (
        <ul className="mb-3 divide-y divide-slate-100 text-sm" aria-label={t("exceptions.list")}>
          {list.map((e) => (
            <li key={e.date} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
              <span>
                {interleave(
                  (hours) => t("exceptions.item", { date: "\u2064", hours }),
                  <strong>
                    {e.slots && e.slots.length
                      ? e.slots.map((r) => `${r.start}–${r.end}`).join(", ")
                      : t("exceptions.dayOff")}
                  </strong>,
                  { mark: "\u2064", element: <time dateTime={e.date}>{longDate(e.date, locale)}</time> },
                )}
              </span>
              <button
                type="button"
                className="text-xs font-medium text-slate-600 underline hover:text-red-700"
                aria-label={t("exceptions.remove", { date: longDate(e.date, locale) })}
                onClick={() => onChange(exceptionsToText(list.filter((x) => x.date !== e.date)))}
              >
                {t("exceptions.removeShort")}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="exception-date" className="label">
            {t("exceptions.date")}
          </label>
          <input
            id="exception-date"
            type="date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            className="input w-auto"
          />
        </div>
        <div className="flex flex-col gap-1 text-sm" role="radiogroup" aria-label={t("exceptions.thatDay")}>
          <label className="flex items-center gap-1.5">
            <input type="radio" name="exception-kind" checked={off} onChange={() => setOff(true)} />
            {t("exceptions.off")}
          </label>
          <label className="flex items-center gap-1.5">
            <input type="radio" name="exception-kind" checked={!off} onChange={() => setOff(false)} />
            {t("exceptions.other")}
          </label>
        </div>
        {off ? null : (
          <div className="min-w-40 flex-1">
            <label htmlFor="exception-hours" className="label">
              {t("exceptions.hours")}
            </label>
            <input
              id="exception-hours"
              value={hours}
              onChange={(e) => setHours(e.target.value)}
              placeholder={t("exceptions.hoursPlaceholder")}
              className="input"
            />
          </div>
        )}
        <button type="button" className="btn-secondary" onClick={add}>
          {t("exceptions.add")}
        </button>
      </div>
      {error ? (
        <p role="alert" className="field-error mt-1">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
