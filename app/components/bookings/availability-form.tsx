import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import { WEEKDAY_NAMES } from "~/features/bookings/availability";
import { copyDay } from "~/features/bookings/availability-grid";
import { exceptionsToText, parseExceptions, parseRanges } from "~/features/bookings/availability-text";
import { formatDay } from "~/features/bookings/format";
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

  return (
    <Form method="post" className="mt-4 space-y-4">
      <input type="hidden" name="intent" value="availability" />
      <div>
        <label htmlFor="availability-timezone" className="label">
          Your timezone
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
        <legend className="label">Hours as text</legend>
        {WEEK_ORDER.map((weekday) => (
          <div key={weekday} className="grid grid-cols-[7rem_minmax(0,1fr)] items-center gap-2">
            <label htmlFor={`day${weekday}`} className="text-sm font-medium text-slate-700">
              {WEEKDAY_NAMES[weekday]}
            </label>
            <input
              id={`day${weekday}`}
              name={`day${weekday}`}
              value={days[weekday]}
              onChange={(e) => setDays(days.map((d, i) => (i === weekday ? e.target.value : d)))}
              placeholder="e.g. 09:00-12:00, 14:00-18:00"
              className="input"
            />
          </div>
        ))}
      </fieldset>
      {hydrated ? <ExceptionPicker text={exceptions} onChange={setExceptions} /> : null}
      <div>
        <label htmlFor="availability-exceptions" className="label">
          Exceptions
        </label>
        <textarea
          id="availability-exceptions"
          name="exceptions"
          rows={3}
          value={exceptions}
          onChange={(e) => setExceptions(e.target.value)}
          placeholder={"2026-12-24: off\n2026-12-27: 10:00-12:00"}
          className="input font-mono text-sm"
        />
        <p className="mt-1 text-xs text-slate-500">
          One date per line: “off”, or the hours that replace that day's usual ones.
        </p>
      </div>
      <Outcome result={result} intent="availability" />
      <button type="submit" className="btn-primary" disabled={busy}>
        Save availability
      </button>
    </Form>
  );
}

function CopyDay({ days, onCopy }: { days: string[]; onCopy: (days: string[]) => void }) {
  const [from, setFrom] = useState<number>(1);
  const [targets, setTargets] = useState<number[]>([]);
  const [done, setDone] = useState("");
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">Copy a day</legend>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="copy-from" className="text-sm text-slate-700">
          Copy the hours of
        </label>
        <select
          id="copy-from"
          value={from}
          onChange={(e) => setFrom(Number(e.target.value))}
          className="input w-auto py-1"
        >
          {WEEK_ORDER.map((weekday) => (
            <option key={weekday} value={weekday}>
              {WEEKDAY_NAMES[weekday]}
            </option>
          ))}
        </select>
        <span className="text-sm text-slate-700" id="copy-to-label">
          to
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
              {WEEKDAY_NAMES[weekday].slice(0, 3)}
            </label>
          ))}
        </div>
        <button
          type="button"
          className="btn-secondary py-1"
          onClick={() => {
            const to = targets.filter((t) => t !== from);
            if (to.length === 0) return setDone("Tick the days to copy to.");
            onCopy(copyDay(days, from, to));
            setDone(`Copied ${WEEKDAY_NAMES[from]}'s hours to ${to.length} ${to.length === 1 ? "day" : "days"}.`);
          }}
        >
          Copy hours
        </button>
      </div>
      <p role="status" className="mt-1 text-xs text-slate-600">
        {done}
      </p>
    </fieldset>
  );
}

/** "Thursday 24 December 2026" */
function longDate(iso: string): string {
  const d = parseIsoDate(iso);
  return d ? `${formatDay(Date.UTC(d.year, d.month - 1, d.day, 12), "UTC")} ${d.year}` : iso;
}

function ExceptionPicker({ text, onChange }: { text: string; onChange: (text: string) => void }) {
  const [date, setDate] = useState("");
  const [off, setOff] = useState(true);
  const [hours, setHours] = useState("");
  const [error, setError] = useState("");
  const list = parseExceptions(text).exceptions;

  const add = () => {
    if (!parseIsoDate(date)) return setError("Choose a date.");
    let slots = null;
    if (!off) {
      const parsed = parseRanges(hours);
      if (parsed.error || parsed.ranges.length === 0)
        return setError(parsed.error ?? "Type the hours of that day, like 10:00-12:00.");
      slots = parsed.ranges;
    }
    setError("");
    const next = [...list.filter((e) => e.date !== date), { date, slots }].sort((a, b) => a.date.localeCompare(b.date));
    onChange(exceptionsToText(next));
  };

  return (
    <fieldset className="rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">Exceptions by date</legend>
      {list.length ? (
        <ul className="mb-3 divide-y divide-slate-100 text-sm" aria-label="Your exceptions">
          {list.map((e) => (
            <li key={e.date} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
              <span>
                {longDate(e.date)}:{" "}
                <strong>
                  {e.slots && e.slots.length ? e.slots.map((r) => `${r.start}–${r.end}`).join(", ") : "day off"}
                </strong>
              </span>
              <button
                type="button"
                className="text-xs font-medium text-slate-600 underline hover:text-red-700"
                aria-label={`Remove the exception of ${longDate(e.date)}`}
                onClick={() => onChange(exceptionsToText(list.filter((x) => x.date !== e.date)))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="exception-date" className="label">
            Date
          </label>
          <input
            id="exception-date"
            type="date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            className="input w-auto"
          />
        </div>
        <div className="flex flex-col gap-1 text-sm" role="radiogroup" aria-label="That day">
          <label className="flex items-center gap-1.5">
            <input type="radio" name="exception-kind" checked={off} onChange={() => setOff(true)} />
            Day off
          </label>
          <label className="flex items-center gap-1.5">
            <input type="radio" name="exception-kind" checked={!off} onChange={() => setOff(false)} />
            Other hours
          </label>
        </div>
        {off ? null : (
          <div className="min-w-40 flex-1">
            <label htmlFor="exception-hours" className="label">
              Hours that day
            </label>
            <input
              id="exception-hours"
              value={hours}
              onChange={(e) => setHours(e.target.value)}
              placeholder="e.g. 10:00-12:00"
              className="input"
            />
          </div>
        )}
        <button type="button" className="btn-secondary" onClick={add}>
          Add exception
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
