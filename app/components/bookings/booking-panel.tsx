import { Link, useFetcher } from "@remix-run/react";
import { useMemo, useRef, useState } from "react";
import { useEnteredBeforeHydration } from "~/components/use-entered-before-hydration";
import { requestTopUp } from "~/components/wallet/open-top-up";
import { formatDateTime, formatTime } from "~/features/bookings/format";
import { groupSlots, type DayPart } from "~/features/bookings/slot-groups";
import type { BookingActionResult } from "~/features/bookings/types";
import { DEFAULT_DURATION, DURATIONS } from "~/features/bookings/types";
import { ChoiceChips } from "~/components/choice-chips";
import type { BookingPanelData } from "~/features/bookings/views.server";
import { useTranslation } from "react-i18next";
import { interleave } from "~/i18n/interleave";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { formatSp } from "~/utils/format";
import { IsolatedName } from "~/components/members/isolated-name";

/**
 * Book a session with a member: skill, duration and a free slot shown in the learner's own
 * timezone. The server computes the price again and holds it from the wallet on request.
 * Mount on a member's page with the data of loadBookingPanel(store, mentorUid, viewer); the route
 * names the "bookings" namespace.
 */
/** The day parts of slot-groups, as catalogue keys. */
const PART_KEYS: Record<DayPart, string> = {
  Morning: "panel.parts.morning",
  Afternoon: "panel.parts.afternoon",
  Evening: "panel.parts.evening",
};

export function BookingPanel({ data }: { data: BookingPanelData }) {
  const fetcher = useFetcher<BookingActionResult>();
  const { t } = useTranslation("bookings");
  const locale = useFormatLocale();
  const [skillTag, setSkillTag] = useState(data.skills[0]?.tag ?? "");
  const [duration, setDuration] = useState<number>(DEFAULT_DURATION);
  const [start, setStart] = useState<number | null>(null);
  const form = useRef<HTMLFormElement>(null);
  useEnteredBeforeHydration(form, (entered) => {
    const durationTicked = Number(entered.get("durationMinutes"));
    // Slots are drawn for the default duration until the page runs: a slot ticked with another
    // duration may not exist in that one, so only the duration is kept then.
    if ((DURATIONS as readonly number[]).includes(durationTicked) && durationTicked !== duration)
      return setDuration(durationTicked);
    const slot = entered.get("start");
    if (typeof slot === "string") setStart(Number(slot));
  });
  const skill = data.skills.find((s) => s.tag === skillTag);
  const price = skill?.prices[duration] ?? 0;
  const slots = useMemo(
    () => groupSlots(data.slots[duration] ?? [], data.viewerTimeZone, undefined, locale),
    [data.slots, duration, data.viewerTimeZone, locale],
  );
  const result = fetcher.data;
  const busy = fetcher.state !== "idle";
  const mentor = <IsolatedName name={data.mentorName} />;

  if (data.isSelf) return null;
  if (data.skills.length === 0) {
    return (
      <section className="card" aria-labelledby="book-title">
        <h2 id="book-title" className="text-lg font-semibold">
          {t("panel.title")}
        </h2>
        <p className="mt-2 text-sm text-slate-600">{interleave((name) => t("panel.notOpen", { name }), mentor)}</p>
      </section>
    );
  }

  if (result?.ok && result.bookingId) {
    return (
      <section className="card" aria-labelledby="book-title" role="status">
        <h2 id="book-title" className="text-lg font-semibold">
          {t("panel.sent")}
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          {price > 0 ? `${t("panel.held", { amount: formatSp(price, locale) })} ` : ""}
          {interleave((name) => t("panel.willAnswer", { name }), mentor)}
        </p>
        <Link to={`/session/${result.bookingId}`} className="btn-primary mt-4 inline-flex">
          {t("panel.open")}
        </Link>
      </section>
    );
  }

  return (
    <section className="card" aria-labelledby="book-title">
      <h2 id="book-title" className="text-lg font-semibold">
        {interleave((name) => t("panel.titleWith", { name }), mentor)}
      </h2>
      <fetcher.Form ref={form} method="post" action="/api/bookings" className="mt-4 space-y-5">
        <input type="hidden" name="mentorUid" value={data.mentorUid} />
        {data.offerId ? <input type="hidden" name="offerId" value={data.offerId} /> : null}
        <div>
          <label htmlFor="booking-skill" className="label">
            {t("panel.skill")}
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
                {t("panel.skillOption", {
                  skill: s.label,
                  rate: s.offer
                    ? t(s.offer.per === "hour" ? "panel.perHour" : "panel.perSession", {
                        amount: formatSp(s.offer.sp, locale),
                      })
                    : s.rate === 0
                      ? t("calendar.freeSwap")
                      : t("panel.perHour", { amount: formatSp(s.rate, locale) }),
                })}
              </option>
            ))}
          </select>
        </div>
        <ChoiceChips
          legend={t("panel.duration")}
          name="durationMinutes"
          options={DURATIONS}
          value={duration}
          onChange={(d) => {
            setDuration(d);
            setStart(null);
          }}
          label={(d) => t("panel.minutes", { count: d })}
        />
        <fieldset>
          <legend className="label">{t("panel.time", { timeZone: data.viewerTimeZone })}</legend>
          {slots.days.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">{t("panel.noSlots", { count: duration })}</p>
          ) : (
            <>
              <div role="group" aria-labelledby="next-slots-title" className="mt-1">
                <p id="next-slots-title" className="text-xs font-semibold uppercase tracking-wide text-slate-500">
                  {t("panel.nextFree")}
                </p>
                <div className="mt-1 flex flex-wrap gap-1.5">
                  {slots.next.map((at) => (
                    <button
                      key={at}
                      type="button"
                      aria-pressed={start === at}
                      onClick={() => setStart(at)}
                      className={`rounded-md border px-2 py-1 text-sm tabular-nums ${start === at ? "border-brand-600 bg-brand-600 text-white" : "border-brand-300 bg-brand-50 text-brand-800 hover:border-brand-500"}`}
                    >
                      <time dateTime={new Date(at).toISOString()}>
                        {formatDateTime(at, data.viewerTimeZone, locale)}
                      </time>
                    </button>
                  ))}
                </div>
              </div>
              <div className="mt-3 max-h-72 space-y-3 overflow-y-auto pe-1" data-testid="slot-days">
                {slots.days.map(({ day, date, parts }) => (
                  <div key={date} role="group" aria-label={t("week.day", { day })}>
                    <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
                      <time dateTime={date}>{day}</time>
                    </p>
                    {parts.map(({ part, starts }) => (
                      <div
                        key={part}
                        role="group"
                        aria-label={t("panel.dayPart", { day, part: t(PART_KEYS[part]).toLocaleLowerCase(locale) })}
                        className="mt-1 grid grid-cols-[5.5rem_minmax(0,1fr)] items-start gap-2"
                      >
                        <p className="pt-1 text-xs text-slate-500">{t(PART_KEYS[part])}</p>
                        <div className="flex flex-wrap gap-1.5">
                          {starts.map((at) => (
                            <label
                              key={at}
                              className={`cursor-pointer rounded-md border px-2 py-1 text-sm tabular-nums has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${start === at ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 hover:border-brand-400"}`}
                            >
                              <input
                                type="radio"
                                name="start"
                                value={at}
                                checked={start === at}
                                onChange={() => setStart(at)}
                                className="sr-only"
                              />
                              <time dateTime={new Date(at).toISOString()}>
                                {formatTime(at, data.viewerTimeZone, locale)}
                              </time>
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
            {interleave(
              (amount) => t("panel.price", { amount }),
              <strong data-testid="booking-price">{price === 0 ? t("sessions.free") : formatSp(price, locale)}</strong>,
            )}
            <span className="ms-2 text-slate-500">
              {t("panel.balance", { amount: formatSp(data.balance, locale) })}
            </span>
          </p>
          <button type="submit" className="btn-primary" disabled={busy || start === null}>
            {busy ? t("panel.requesting") : t("panel.request")}
          </button>
        </div>
        {result && !result.ok ? (
          <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            <p>{result.error}</p>
            {result.code === "insufficient_funds" ? (
              <button type="button" className="btn-secondary mt-2" onClick={requestTopUp}>
                {t("panel.topUp")}
              </button>
            ) : null}
          </div>
        ) : null}
      </fetcher.Form>
    </section>
  );
}
