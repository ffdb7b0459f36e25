import { Form, Link, useFetcher, useRevalidator } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { BookingPanel } from "~/components/bookings/booking-panel";
import { ChoiceChips } from "~/components/choice-chips";
import { requestTopUp } from "~/components/wallet/open-top-up";
import { useTranslation } from "react-i18next";
import { interleave } from "~/i18n/interleave";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { formatDate, formatSp, SHORT_DATE_TIME } from "~/utils/format";
import { groupSlots } from "~/features/bookings/slot-groups";
import { DEFAULT_DURATION, DURATIONS } from "~/features/bookings/types";
import { MAX_DECLINE_REASON, MAX_PROPOSAL_MESSAGE } from "~/features/board/proposal-state";
import type { PostAnswersData, ProposalView, ProposeData } from "~/features/board/proposal-views.server";
import type { ProposalActionResult } from "~/routes/api.board.proposals.server";
import { IsolatedName } from "~/components/members/isolated-name";

/** "Fri 27 Nov, 07:30" in the reader's locale and the member's time zone. */
function useDateTime(timeZone: string): (ms: number) => string {
  const locale = useFormatLocale();
  return (ms) => formatDate(ms, locale, timeZone, SHORT_DATE_TIME);
}

/**
 * Answering a board post (decision 041), under the post on /board/$postId: "Message" for everyone
 * but the poster; "Book" an offer with an SP price; "Propose" on a need or a swap offer; and the
 * proposals (all of them for the poster, with accept and decline; a member's own otherwise).
 */
export function PostAnswers({ data }: { data: PostAnswersData }) {
  // The form's fetcher, by key: its answer stays in view after the page reloads without the form.
  const sent = useFetcher<ProposalActionResult>({ key: proposeKey(data.postId) });
  const { t } = useTranslation("board");
  return (
    <div className="space-y-4" data-testid="post-answers">
      {!data.isPoster ? (
        <Form method="post" action="/api/chat/open" className="card flex flex-wrap items-center justify-between gap-3">
          <input type="hidden" name="uid" value={data.posterUid} />
          <input type="hidden" name="postId" value={data.postId} />
          <p className="text-sm text-slate-600">
            {interleave((name) => t("answers.ask", { name }), <IsolatedName name={data.posterName} />)}
          </p>
          <button type="submit" className="btn-secondary">
            {t("answers.message")}
          </button>
        </Form>
      ) : null}
      {data.booking ? <BookingPanel data={data.booking} /> : null}
      {data.propose ? <ProposeForm postId={data.postId} data={data.propose} timeZone={data.viewerTimeZone} /> : null}
      {!data.propose && sent.data?.ok ? (
        <section className="card" aria-labelledby="proposal-sent-title" role="status">
          <h2 id="proposal-sent-title" className="text-lg font-semibold">
            {t("answers.sent")}
          </h2>
          <p className="mt-2 text-sm text-slate-600">{sent.data.message}</p>
        </section>
      ) : null}
      {!data.isPoster && !data.open ? (
        <p className="card text-sm text-slate-600" role="status">
          {t("answers.closed")}
        </p>
      ) : null}
      <ProposalList data={data} />
    </div>
  );
}

const proposeKey = (postId: string) => `propose-${postId}`;

function ProposeForm({ postId, data, timeZone }: { postId: string; data: ProposeData; timeZone: string }) {
  const fetcher = useFetcher<ProposalActionResult>({ key: proposeKey(postId) });
  const { t } = useTranslation("board");
  const dateTime = useDateTime(timeZone);
  const [kind, setKind] = useState<"sp" | "swap">(data.kinds[0]);
  const [duration, setDuration] = useState<number>(DEFAULT_DURATION);
  const days = useMemo(
    () => groupSlots((kind === "swap" ? data.swapStarts : data.starts)[duration] ?? [], timeZone).days,
    [data, kind, duration, timeZone],
  );
  const result = fetcher.data;
  const busy = fetcher.state !== "idle";

  return (
    <section className="card" aria-labelledby="propose-title">
      <h2 id="propose-title" className="text-lg font-semibold">
        {t("propose.title")}
      </h2>
      {!data.hasHours ? (
        <p className="mt-2 text-sm text-slate-600">
          {interleave(
            (link) => t("propose.noHours", { link }),
            <Link to="/calendar" className="text-brand-700 underline">
              {t("propose.yourCalendar")}
            </Link>,
          )}
        </p>
      ) : (
        <fetcher.Form method="post" action="/api/board/proposals" className="mt-4 space-y-4">
          <input type="hidden" name="postId" value={postId} />
          {data.kinds.length > 1 ? (
            <ChoiceChips
              legend={t("propose.inReturn")}
              name="kind"
              options={data.kinds}
              value={kind}
              onChange={setKind}
              label={(k) => (k === "sp" ? "SP" : t("propose.aSwap"))}
            />
          ) : (
            <input type="hidden" name="kind" value={kind} />
          )}
          {kind === "sp" ? (
            <div>
              <label htmlFor="proposal-sp" className="label">
                {t("propose.spAsked")}
              </label>
              <input
                id="proposal-sp"
                name="sp"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                required
                defaultValue={data.suggestedSp ?? undefined}
                className="input w-32"
              />
            </div>
          ) : data.swapSkill ? (
            <p className="text-sm text-slate-700">
              {interleave(
                (skill) => t("propose.swapSkill", { skill }),
                <strong translate={data.swapSkill.own ? "no" : undefined}>{data.swapSkill.label}</strong>,
              )}
            </p>
          ) : (
            <div>
              <label htmlFor="proposal-swap-skill" className="label">
                {t("propose.learnInReturn")}
              </label>
              {data.swapChoices.length === 0 ? (
                <p className="text-sm text-slate-600">{t("propose.noSwapSkills")}</p>
              ) : (
                <select id="proposal-swap-skill" name="swapSkillTag" className="input" required>
                  {data.swapChoices.map((s) => (
                    <option key={s.tag} value={s.tag} translate={s.own ? "no" : undefined}>
                      {s.label}
                    </option>
                  ))}
                </select>
              )}
              <p className="mt-1 text-xs text-slate-500">{t("propose.swapHint")}</p>
            </div>
          )}
          <ChoiceChips
            legend={t("propose.duration", { swap: kind === "swap" ? "yes" : "no" })}
            name="durationMinutes"
            options={DURATIONS}
            value={duration}
            onChange={setDuration}
            label={(d) => t("minutes", { minutes: d })}
          />
          <div>
            <label htmlFor="proposal-start" className="label">
              {t("propose.time", { timeZone })}
            </label>
            {days.length === 0 ? (
              <p className="text-sm text-slate-600">{t("propose.noTime")}</p>
            ) : (
              <select id="proposal-start" name="start" className="input" required key={`${kind}-${duration}`}>
                {days.map(({ day, parts }) => (
                  <optgroup key={day} label={day}>
                    {parts.flatMap(({ starts: group }) =>
                      group.map((t) => (
                        <option key={t} value={t}>
                          {dateTime(t)}
                        </option>
                      )),
                    )}
                  </optgroup>
                ))}
              </select>
            )}
          </div>
          <div>
            <label htmlFor="proposal-message" className="label">
              {t("propose.message")}
            </label>
            <textarea
              id="proposal-message"
              name="message"
              rows={2}
              maxLength={MAX_PROPOSAL_MESSAGE}
              className="input"
            />
          </div>
          <button type="submit" className="btn-primary" disabled={busy || days.length === 0}>
            {busy ? t("propose.sending") : t("propose.send")}
          </button>
          {result && !result.ok ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {result.error}
            </p>
          ) : null}
        </fetcher.Form>
      )}
    </section>
  );
}

function ProposalList({ data }: { data: PostAnswersData }) {
  const { t } = useTranslation("board");
  if (data.proposals.length === 0) {
    return data.isPoster ? (
      <section className="card" aria-labelledby="proposals-title">
        <h2 id="proposals-title" className="text-lg font-semibold">
          {t("proposals.title")}
        </h2>
        <p className="mt-2 text-sm text-slate-600">{t("proposals.none")}</p>
      </section>
    ) : null;
  }
  return (
    <section className="card" aria-labelledby="proposals-title">
      <h2 id="proposals-title" className="text-lg font-semibold">
        {data.isPoster ? t("proposals.title") : t("proposals.yours")}
      </h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {data.proposals.map((p) => (
          <ProposalItem key={p.id} p={p} isPoster={data.isPoster} timeZone={data.viewerTimeZone} />
        ))}
      </ul>
    </section>
  );
}

const WHEN = "\u2061";
const TERMS = "\u2062";

/**
 * "Ana: Fri 27 Nov, 07:30, 60 minutes, 40 SP": its parts joined by the language's own separator
 * (a message per language: Arabic's "،", French's spaced colon), the name, time and skill elements
 * in their places (decision 086).
 */
function ProposalLine({ p, isPoster, when }: { p: ProposalView; isPoster: boolean; when: string }) {
  const { t } = useTranslation("board");
  const locale = useFormatLocale();
  const values = { when: WHEN, duration: t("minutes", { minutes: p.durationMinutes }), terms: TERMS };
  const time = <time dateTime={new Date(p.start).toISOString()}>{when}</time>;
  const terms =
    p.kind === "swap"
      ? p.swapSkillLabel
        ? interleave(
            (skill) => t("proposals.swapFor", { skill }),
            <bdi translate={p.swapSkillOwn ? "no" : undefined}>{p.swapSkillLabel}</bdi>,
          )
        : t("proposals.swapAny")
      : formatSp(p.sp, locale);
  const termsIn = { mark: TERMS, element: terms };
  return isPoster
    ? interleave(
        (name) => t("proposals.lineFrom", { ...values, name }),
        <IsolatedName name={p.proposerName} />,
        { mark: WHEN, element: time },
        termsIn,
      )
    : interleave((mark) => t("proposals.line", { ...values, when: mark }), time, termsIn);
}

export function ProposalItem({ p, isPoster, timeZone }: { p: ProposalView; isPoster: boolean; timeZone: string }) {
  const fetcher = useFetcher<ProposalActionResult>();
  const revalidator = useRevalidator();
  const [declining, setDeclining] = useState(false);
  const { t } = useTranslation("board");
  const dateTime = useDateTime(timeZone);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  // The answer changes the post and the other proposals: read the page again once it is in.
  useEffect(() => {
    if (result?.ok && revalidator.state === "idle") revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);

  return (
    <li className="py-3" data-testid="proposal">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm font-medium text-slate-900">
          <ProposalLine p={p} isPoster={isPoster} when={dateTime(p.start)} />
        </p>
        <span className="text-xs font-semibold uppercase tracking-wide text-slate-500" data-testid="proposal-state">
          {t(`proposals.states.${p.state}`)}
        </span>
      </div>
      {p.message ? (
        <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-600" translate="no" dir="auto">
          {p.message}
        </p>
      ) : null}
      {p.state === "declined" && p.reason ? (
        <p className="mt-1 break-words text-sm text-slate-700">
          {interleave((reason) => t("proposals.reason", { reason }), <bdi translate="no">{p.reason}</bdi>)}
        </p>
      ) : null}
      {p.state === "accepted" && p.bookingId ? (
        <Link to={`/session/${p.bookingId}`} className="mt-1 inline-block text-sm text-brand-700 underline">
          {t("proposals.openSession")}
        </Link>
      ) : null}
      {p.state === "accepted" && p.kind === "swap" ? (
        <Link to="/calendar" className="mt-1 inline-block text-sm text-brand-700 underline">
          {t("proposals.bothSessions")}
        </Link>
      ) : null}
      {p.actions.length > 0 ? (
        <fetcher.Form method="post" action={`/api/board/proposals/${p.id}`} className="mt-2 space-y-2">
          {declining ? (
            <>
              <label htmlFor={`decline-${p.id}`} className="label">
                {t("proposals.whyDecline")}
              </label>
              <textarea
                id={`decline-${p.id}`}
                name="reason"
                required
                rows={2}
                maxLength={MAX_DECLINE_REASON}
                className="input"
              />
              <div className="flex flex-wrap gap-2">
                <button type="button" className="btn-secondary" onClick={() => setDeclining(false)}>
                  {t("proposals.keep")}
                </button>
                <button type="submit" name="intent" value="decline" className="btn-danger" disabled={busy}>
                  {t("proposals.decline")}
                </button>
              </div>
            </>
          ) : (
            <div className="flex flex-wrap gap-2">
              {p.actions.includes("accept") ? (
                <button type="submit" name="intent" value="accept" className="btn-primary" disabled={busy}>
                  {p.kind === "swap" ? t("proposals.acceptSwap") : t("proposals.acceptPay", { sp: p.sp })}
                </button>
              ) : null}
              {p.actions.includes("decline") ? (
                <button type="button" className="btn-secondary" onClick={() => setDeclining(true)}>
                  {t("proposals.declineOpen")}
                </button>
              ) : null}
              {p.actions.includes("withdraw") ? (
                <button type="submit" name="intent" value="withdraw" className="btn-secondary" disabled={busy}>
                  {t("proposals.withdraw")}
                </button>
              ) : null}
            </div>
          )}
        </fetcher.Form>
      ) : null}
      {result ? (
        result.ok ? (
          <p role="status" className="mt-2 text-sm text-emerald-700">
            {result.message}
          </p>
        ) : (
          <div role="alert" className="mt-2 rounded-lg bg-red-50 p-3 text-sm text-red-800">
            <p>{result.error}</p>
            {result.shortBy ? (
              <button type="button" className="btn-secondary mt-2" onClick={requestTopUp}>
                {t("proposals.topUp")}
              </button>
            ) : null}
          </div>
        )
      ) : null}
    </li>
  );
}
