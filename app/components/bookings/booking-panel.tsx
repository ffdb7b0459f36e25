import { Link, useFetcher } from "@remix-run/react";
import { useMemo, useState } from "react";
import { requestTopUp } from "~/components/wallet/open-top-up";
import { formatDateTime, formatTime } from "~/features/bookings/format";
import { groupSlots } from "~/features/bookings/slot-groups";
import type { BookingActionResult } from "~/features/bookings/types";
import { DEFAULT_DURATION, DURATIONS } from "~/features/bookings/types";
import { ChoiceChips } from "~/components/choice-chips";
import type { BookingPanelData } from "~/features/bookings/views.server";

/**
 * Book a session with a member: skill, duration and a free slot shown in the learner's own
 * timezone. The server computes the price again and holds it from the wallet on request.
 * Mount on a member's page with the data of loadBookingPanel(store, mentorUid, viewer).
 */
export function BookingPanel({ data }: { data: BookingPanelData }) {
  const fetcher = useFetcher<BookingActionResult>();
  const [skillTag, setSkillTag] = useState(data.skills[0]?.tag ?? "");
  const [duration, setDuration] = useState<number>(DEFAULT_DURATION);
  const [start, setStart] = useState<number | null>(null);
  const skill = data.skills.find((s) => s.tag === skillTag);
  const price = skill?.prices[duration] ?? 0;
  const slots = useMemo(
    () => groupSlots(data.slots[duration] ?? [], data.viewerTimeZone),
    [data.slots, duration, data.viewerTimeZone],
  );
  const result = fetcher.data;
  const busy = fetcher.state !== "idle";

  if (data.isSelf) return null;
  if (data.skills.length === 0) {
    return (
      <section className="card" aria-labelledby="book-title">
        <h2 id="book-title" className="text-lg font-semibold">
          Book a session
        </h2>
        <p className="mt-2 text-sm text-slate-600">{data.mentorName} has not opened any skills for booking yet.</p>
      </section>
    );
  }

  if (result?.ok && result.bookingId) {
    return (
      <section className="card" aria-labelledby="book-title" role="status">
        <h2 id="book-title" className="text-lg font-semibold">
          Request sent
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          {price > 0 ? `${price} SP are held from your wallet until the session is done. ` : ""}
          {data.mentorName} will accept or decline; you'll get a notification either way.
        </p>
        <Link to={`/session/${result.bookingId}`} className="btn-primary mt-4 inline-flex">
          Open the session
        </Link>
      </section>
    );
  }

  return (
    <section className="card" aria-labelledby="book-title">
      <h2 id="book-title" className="text-lg font-semibold">
        Book a session with {data.mentorName}
      </h2>
      <fetcher.Form method="post" action="/api/bookings" className="mt-4 space-y-5">
        <input type="hidden" name="mentorUid" value={data.mentorUid} />
        {data.offerId ? <input type="hidden" name="offerId" value={data.offerId} /> : null}
        <div>
          <label htmlFor="booking-skill" className="label">
            Skill
          </label>
          <select
            id="booking-skill"
            name="skillTag"
            className="input"
            value={skillTag}
            onChange={(e) => setSkillTag(e.target.value)}
          >
            {data.skills.map((s) => (
              <option key={s.tag} value={s.tag}>
                {s.label} — {s.rateText ?? (s.rate === 0 ? "free swap" : `${s.rate} SP per hour`)}
              </option>
            ))}
          </select>
        </div>
        <ChoiceChips
          legend="Duration"
          name="durationMinutes"
          options={DURATIONS}
          value={duration}
          onChange={(d) => {
            setDuration(d);
            setStart(null);
          }}
          label={(d) => `${d} min`}
        />
        <fieldset>
          <legend className="label">Time ({data.viewerTimeZone})</legend>
          {slots.days.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">No free {duration}-minute slots in the next two weeks.</p>
          ) : (
            <>
              <div role="group" aria-labelledby="next-slots-title" className="mt-1">
                <p id="next-slots-title" className="text-xs font-semibold uppercase tracking-wide text-slate-500">
                  Next free
                </p>
                <div className="mt-1 flex flex-wrap gap-1.5">
                  {slots.next.map((t) => (
                    <button
                      key={t}
                      type="button"
                      aria-pressed={start === t}
                      onClick={() => setStart(t)}
                      className={`rounded-md border px-2 py-1 text-sm tabular-nums ${start === t ? "border-brand-600 bg-brand-600 text-white" : "border-brand-300 bg-brand-50 text-brand-800 hover:border-brand-500"}`}
                    >
                      {formatDateTime(t, data.viewerTimeZone)}
                    </button>
                  ))}
                </div>
              </div>
              <div className="mt-3 max-h-72 space-y-3 overflow-y-auto pe-1" data-testid="slot-days">
                {slots.days.map(({ day, parts }) => (
                  <div key={day} role="group" aria-label={day}>
                    <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{day}</p>
                    {parts.map(({ part, starts }) => (
                      <div
                        key={part}
                        role="group"
                        aria-label={`${day}, ${part.toLowerCase()}`}
                        className="mt-1 grid grid-cols-[5.5rem_minmax(0,1fr)] items-start gap-2"
                      >
                        <p className="pt-1 text-xs text-slate-500">{part}</p>
                        <div className="flex flex-wrap gap-1.5">
                          {starts.map((t) => (
                            <label
                              key={t}
                              className={`cursor-pointer rounded-md border px-2 py-1 text-sm tabular-nums has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${start === t ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 hover:border-brand-400"}`}
                            >
                              <input
                                type="radio"
                                name="start"
                                value={t}
                                checked={start === t}
                                onChange={() => setStart(t)}
                                className="sr-only"
                              />
                              {formatTime(t, data.viewerTimeZone)}
                            </label>
                          ))}
                        </div>
                      </div>
                    ))}
                  </div>
                ))}
              </div>
            </>
          )}
        </fieldset>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
          <p className="text-sm">
            Price: <strong data-testid="booking-price">{price === 0 ? "free" : `${price} SP`}</strong>
            <span className="ms-2 text-slate-500">Your balance: {data.balance} SP</span>
          </p>
          <button type="submit" className="btn-primary" disabled={busy || start === null}>
            {busy ? "Requesting…" : "Request booking"}
          </button>
        </div>
        {result && !result.ok ? (
          <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            <p>{result.error}</p>
            {result.code === "insufficient_funds" ? (
              <button type="button" className="btn-secondary mt-2" onClick={requestTopUp}>
                Top up SP
              </button>
            ) : null}
          </div>
        ) : null}
      </fetcher.Form>
    </section>
  );
}
