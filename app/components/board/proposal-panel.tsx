import { Form, Link, useFetcher, useRevalidator } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { BookingPanel } from "~/components/bookings/booking-panel";
import { ChoiceChips } from "~/components/choice-chips";
import { requestTopUp } from "~/components/wallet/open-top-up";
import { formatDateTime } from "~/features/bookings/format";
import { groupSlots } from "~/features/bookings/slot-groups";
import { DEFAULT_DURATION, DURATIONS } from "~/features/bookings/types";
import { MAX_DECLINE_REASON, MAX_PROPOSAL_MESSAGE, type ProposalState } from "~/features/board/proposal-state";
import type { PostAnswersData, ProposalView, ProposeData } from "~/features/board/proposal-views.server";
import type { ProposalActionResult } from "~/routes/api.board.proposals.server";

const STATE_TEXT: Record<ProposalState, string> = {
  pending: "Waiting for an answer",
  accepted: "Accepted",
  declined: "Declined",
  lapsed: "Lapsed",
  withdrawn: "Withdrawn",
  closed: "Closed",
};

/**
 * Answering a board post (decision 041), under the post on /board/$postId: "Message" for everyone
 * but the poster; "Book" an offer with an SP price; "Propose" on a need or a swap offer; and the
 * proposals (all of them for the poster, with accept and decline; a member's own otherwise).
 */
export function PostAnswers({ data }: { data: PostAnswersData }) {
  // The form's fetcher, by key: its answer stays in view after the page reloads without the form.
  const sent = useFetcher<ProposalActionResult>({ key: proposeKey(data.postId) });
  return (
    <div className="space-y-4" data-testid="post-answers">
      {!data.isPoster ? (
        <Form method="post" action="/api/chat/open" className="card flex flex-wrap items-center justify-between gap-3">
          <input type="hidden" name="uid" value={data.posterUid} />
          <input type="hidden" name="postId" value={data.postId} />
          <p className="text-sm text-slate-600">
            Ask {data.posterName} a question first; the post is quoted in your reply.
          </p>
          <button type="submit" className="btn-secondary">
            Message
          </button>
        </Form>
      ) : null}
      {data.booking ? <BookingPanel data={data.booking} /> : null}
      {data.propose ? <ProposeForm postId={data.postId} data={data.propose} timeZone={data.viewerTimeZone} /> : null}
      {!data.propose && sent.data?.ok ? (
        <section className="card" aria-labelledby="proposal-sent-title" role="status">
          <h2 id="proposal-sent-title" className="text-lg font-semibold">
            Proposal sent
          </h2>
          <p className="mt-2 text-sm text-slate-600">{sent.data.message}</p>
        </section>
      ) : null}
      {!data.isPoster && !data.open ? (
        <p className="card text-sm text-slate-600" role="status">
          This post is closed: it no longer takes proposals or bookings.
        </p>
      ) : null}
      <ProposalList data={data} />
    </div>
  );
}

const proposeKey = (postId: string) => `propose-${postId}`;

function ProposeForm({ postId, data, timeZone }: { postId: string; data: ProposeData; timeZone: string }) {
  const fetcher = useFetcher<ProposalActionResult>({ key: proposeKey(postId) });
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
        Propose a session
      </h2>
      {!data.hasHours ? (
        <p className="mt-2 text-sm text-slate-600">
          Set the hours you are available on{" "}
          <Link to="/calendar" className="text-brand-700 underline">
            your calendar
          </Link>{" "}
          first: a proposal offers one of them.
        </p>
      ) : (
        <fetcher.Form method="post" action="/api/board/proposals" className="mt-4 space-y-4">
          <input type="hidden" name="postId" value={postId} />
          {data.kinds.length > 1 ? (
            <ChoiceChips
              legend="In return"
              name="kind"
              options={data.kinds}
              value={kind}
              onChange={setKind}
              label={(k) => (k === "sp" ? "SP" : "A swap")}
            />
          ) : (
            <input type="hidden" name="kind" value={kind} />
          )}
          {kind === "sp" ? (
            <div>
              <label htmlFor="proposal-sp" className="label">
                SP you ask for the session
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
              In return: <strong>{data.swapSkill.label}</strong>, a session of the same length right after yours. No SP
              move.
            </p>
          ) : (
            <div>
              <label htmlFor="proposal-swap-skill" className="label">
                What you would like to learn in return
              </label>
              {data.swapChoices.length === 0 ? (
                <p className="text-sm text-slate-600">The poster lists no skills they teach; ask for SP instead.</p>
              ) : (
                <select id="proposal-swap-skill" name="swapSkillTag" className="input" required>
                  {data.swapChoices.map((s) => (
                    <option key={s.tag} value={s.tag}>
                      {s.label}
                    </option>
                  ))}
                </select>
              )}
              <p className="mt-1 text-xs text-slate-500">A session of the same length right after yours. No SP move.</p>
            </div>
          )}
          <ChoiceChips
            legend={`Duration${kind === "swap" ? " of each session" : ""}`}
            name="durationMinutes"
            options={DURATIONS}
            value={duration}
            onChange={setDuration}
            label={(d) => `${d} min`}
          />
          <div>
            <label htmlFor="proposal-start" className="label">
              Time from your free hours ({timeZone})
            </label>
            {days.length === 0 ? (
              <p className="text-sm text-slate-600">No free time of that length in the next two weeks.</p>
            ) : (
              <select id="proposal-start" name="start" className="input" required key={`${kind}-${duration}`}>
                {days.map(({ day, parts }) => (
                  <optgroup key={day} label={day}>
                    {parts.flatMap(({ starts: group }) =>
                      group.map((t) => (
                        <option key={t} value={t}>
                          {formatDateTime(t, timeZone)}
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
              Message (optional)
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
            {busy ? "Sending…" : "Send proposal"}
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
  if (data.proposals.length === 0) {
    return data.isPoster ? (
      <section className="card" aria-labelledby="proposals-title">
        <h2 id="proposals-title" className="text-lg font-semibold">
          Proposals
        </h2>
        <p className="mt-2 text-sm text-slate-600">No proposals yet. You will be told when one arrives.</p>
      </section>
    ) : null;
  }
  return (
    <section className="card" aria-labelledby="proposals-title">
      <h2 id="proposals-title" className="text-lg font-semibold">
        {data.isPoster ? "Proposals" : "Your proposals"}
      </h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {data.proposals.map((p) => (
          <ProposalItem key={p.id} p={p} isPoster={data.isPoster} timeZone={data.viewerTimeZone} />
        ))}
      </ul>
    </section>
  );
}

export function ProposalItem({ p, isPoster, timeZone }: { p: ProposalView; isPoster: boolean; timeZone: string }) {
  const fetcher = useFetcher<ProposalActionResult>();
  const revalidator = useRevalidator();
  const [declining, setDeclining] = useState(false);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  // The answer changes the post and the other proposals: read the page again once it is in.
  useEffect(() => {
    if (result?.ok && revalidator.state === "idle") revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
  const terms = p.kind === "swap" ? `swap for ${p.swapSkillLabel ?? "a skill"}` : `${p.sp} SP`;
  return (
    <li className="py-3" data-testid="proposal">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm font-medium text-slate-900">
          {isPoster ? `${p.proposerName}: ` : ""}
          {formatDateTime(p.start, timeZone)}, {p.durationMinutes} min, {terms}
        </p>
        <span className="text-xs font-semibold uppercase tracking-wide text-slate-500" data-testid="proposal-state">
          {STATE_TEXT[p.state]}
        </span>
      </div>
      {p.message ? <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-600">{p.message}</p> : null}
      {p.state === "declined" && p.reason ? (
        <p className="mt-1 break-words text-sm text-slate-700">Reason: {p.reason}</p>
      ) : null}
      {p.state === "accepted" && p.bookingId ? (
        <Link to={`/session/${p.bookingId}`} className="mt-1 inline-block text-sm text-brand-700 underline">
          Open the session
        </Link>
      ) : null}
      {p.state === "accepted" && p.kind === "swap" ? (
        <Link to="/calendar" className="mt-1 inline-block text-sm text-brand-700 underline">
          See both sessions on your calendar
        </Link>
      ) : null}
      {p.actions.length > 0 ? (
        <fetcher.Form method="post" action={`/api/board/proposals/${p.id}`} className="mt-2 space-y-2">
          {declining ? (
            <>
              <label htmlFor={`decline-${p.id}`} className="label">
                Why you decline (they will read it)
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
                  Keep it
                </button>
                <button type="submit" name="intent" value="decline" className="btn-danger" disabled={busy}>
                  Decline
                </button>
              </div>
            </>
          ) : (
            <div className="flex flex-wrap gap-2">
              {p.actions.includes("accept") ? (
                <button type="submit" name="intent" value="accept" className="btn-primary" disabled={busy}>
                  {p.kind === "swap" ? "Accept the swap" : `Accept and pay ${p.sp} SP`}
                </button>
              ) : null}
              {p.actions.includes("decline") ? (
                <button type="button" className="btn-secondary" onClick={() => setDeclining(true)}>
                  Decline…
                </button>
              ) : null}
              {p.actions.includes("withdraw") ? (
                <button type="submit" name="intent" value="withdraw" className="btn-secondary" disabled={busy}>
                  Withdraw
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
                Top up SP
              </button>
            ) : null}
          </div>
        )
      ) : null}
    </li>
  );
}
