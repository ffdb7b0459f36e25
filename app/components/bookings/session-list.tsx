import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { interleave } from "~/i18n/interleave";
import { formatSp, intlLocale } from "~/utils/format";
import { SessionRange } from "./session-range";
import type { SessionSummary } from "~/features/bookings/views.server";
import { sessionStateBadge } from "./upcoming-sessions-widget";
import { IsolatedName } from "~/components/members/isolated-name";
import type { ShownName } from "~/features/members/member";

export function SessionList({
  id,
  title,
  sessions,
  timeZone,
  empty,
}: {
  /** The heading's id (a translated title makes no stable id). */
  id: string;
  title: string;
  sessions: SessionSummary[];
  timeZone: string;
  empty: string;
}) {
  // One hook for the list's words and locale, the rows' badges included (decision 176).
  const { t, i18n } = useTranslation("bookings");
  const locale = intlLocale(i18n.language);
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {sessions.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {sessions.map((s) => (
            <li key={s.id} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <Link
                  to={`/session/${s.id}`}
                  className="block truncate text-sm font-medium text-slate-900 hover:underline"
                >
                  {interleave(
                    (mark) =>
                      t(s.role === "mentor" ? "sessions.teaching" : "sessions.learning", {
                        skill: mark,
                        name: "\u2064",
                      }),
                    <bdi translate={s.skillOwn ? "no" : undefined}>{s.skillLabel}</bdi>,
                    { mark: "\u2064", element: <IsolatedName name={s.otherName} /> },
                  )}
                </Link>
                <p className="text-xs text-slate-500">
                  <SessionRange session={s} timeZone={timeZone} locale={locale} /> ·{" "}
                  {s.price === 0 ? t("sessions.free") : formatSp(s.price, locale)}
                </p>
                {s.waitingPayout !== null ? (
                  <PayoutWaits role={s.role} amount={s.waitingPayout} otherName={s.otherName} />
                ) : null}
              </div>
              <div className="flex shrink-0 items-center gap-2">
                {sessionStateBadge(s.state, t(`sessionStates.${s.state}`, { ns: "common" }))}
                {s.state !== "declined" && s.state !== "cancelled" ? (
                  // dir="ltr" isolates the link's text as the <bdi> inside it did (decision 115).
                  <a
                    href={`/api/bookings/${s.id}.ics`}
                    className="text-xs font-medium text-brand-600 hover:underline"
                    download
                    dir="ltr"
                    translate="no"
                  >
                    .ics
                  </a>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Decision 024: SP of this session wait in escrow until the learner has verified their email. Said
 * under the session in the calendar's lists and in the session room.
 */
export function PayoutWaits({
  role,
  amount,
  otherName,
}: {
  role: "mentor" | "learner";
  amount: number;
  otherName: ShownName;
}) {
  const { t, i18n } = useTranslation("bookings");
  const locale = intlLocale(i18n.language);
  const values = { amount: formatSp(amount, locale) };
  return (
    <p className="mt-0.5 text-xs font-medium text-amber-800" data-testid="payout-waits">
      {interleave(
        (name) =>
          role === "mentor"
            ? t("sessions.payoutWaitsMentor", { ...values, name })
            : t("sessions.payoutWaitsLearner", { ...values, name }),
        <IsolatedName name={otherName} />,
      )}
    </p>
  );
}
