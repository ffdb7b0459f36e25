import { Link } from "@remix-run/react";
import type { SessionSummary, UpcomingSession } from "~/features/bookings/views.server";
import { useTranslation } from "react-i18next";
import { formatDate, intlLocale, isolated } from "~/utils/format";

/**
 * A session's start as the widget writes it ("Mon 9 Mar, 10:00"). One object: formatDate keys its
 * kept formatter by the options' text, written once per object, so a literal at the call wrote it
 * (JSON.stringify) for every session of every view (decision 185).
 */
const SESSION_START: Intl.DateTimeFormatOptions = {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
};

/**
 * The dashboard's calendar widget body: the next sessions, in the member's timezone. Data from
 * loadUpcomingSessions(store, uid, language).
 */
export function UpcomingSessionsWidget({ sessions, timeZone }: { sessions: UpcomingSession[]; timeZone: string }) {
  // One hook for the widget's words and locale, the rows' badges included (as decision 176's lists).
  const { t, i18n } = useTranslation("dashboard");
  const locale = intlLocale(i18n.language);
  if (sessions.length === 0) {
    return <p className="text-sm text-slate-600">{t("sessions.empty")}</p>;
  }
  return (
    <ul className="divide-y divide-slate-100">
      {sessions.map((s) => (
        <li key={s.id}>
          <Link to={`/session/${s.id}`} className="flex items-center justify-between gap-3 py-2 hover:text-brand-700">
            <span className="min-w-0">
              <span className="block truncate text-sm font-medium text-slate-900">
                {t(s.role === "mentor" ? "sessions.withMentor" : "sessions.fromMentor", {
                  skill: isolated(s.skillLabel),
                  name: isolated(s.otherName.text),
                })}
              </span>
              <time dateTime={new Date(s.start).toISOString()} className="block text-xs text-slate-500">
                {formatDate(s.start, locale, timeZone, SESSION_START)}
              </time>
            </span>
            {/* Named with the widget's own t: a SessionStateBadge a row asked for a translation hook each. */}
            {sessionStateBadge(s.state, t(`sessionStates.${s.state}`, { ns: "common" }))}
          </Link>
        </li>
      ))}
    </ul>
  );
}

const BADGE: Record<string, string> = {
  requested: "bg-amber-100 text-amber-800",
  accepted: "bg-emerald-100 text-emerald-800",
  completed: "bg-slate-100 text-slate-700",
  declined: "bg-slate-100 text-slate-500",
  cancelled: "bg-slate-100 text-slate-500",
  disputed: "bg-red-100 text-red-800",
  resolved: "bg-slate-100 text-slate-700",
};

/**
 * A session's state as a badge, `label` being its name in the reader's language: a list draws one a
 * row with the words it already has, not a `useTranslation` a row (issue 28, decision 176).
 */
export function sessionStateBadge(state: SessionSummary["state"], label: string) {
  return <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${BADGE[state] ?? ""}`}>{label}</span>;
}

/** `sessionStateBadge` for a component that has no words of its own. */
export function SessionStateBadge({ state }: { state: SessionSummary["state"] }) {
  const { t } = useTranslation();
  return sessionStateBadge(state, t(`sessionStates.${state}`));
}
