import { Link } from "@remix-run/react";
import { formatDateTime } from "~/features/bookings/format";
import { STATE_LABELS } from "~/features/bookings/state";
import type { SessionSummary } from "~/features/bookings/views.server";

/**
 * The dashboard's calendar widget body: the next sessions, in the member's timezone. Data from
 * loadUpcomingSessions(store, uid).
 */
export function UpcomingSessionsWidget({ sessions, timeZone }: { sessions: SessionSummary[]; timeZone: string }) {
  if (sessions.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        No sessions booked yet. When you book or accept a session, it appears here.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-100">
      {sessions.map((s) => (
        <li key={s.id}>
          <Link to={`/session/${s.id}`} className="flex items-center justify-between gap-3 py-2 hover:text-brand-700">
            <span className="min-w-0">
              <span className="block truncate text-sm font-medium text-slate-900">
                <bdi>{s.skillLabel}</bdi> {s.role === "mentor" ? "with" : "from"} <bdi>{s.otherName}</bdi>
              </span>
              <span className="block text-xs text-slate-500">{formatDateTime(s.start, timeZone)}</span>
            </span>
            <SessionStateBadge state={s.state} />
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

export function SessionStateBadge({ state }: { state: SessionSummary["state"] }) {
  return (
    <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${BADGE[state] ?? ""}`}>
      {STATE_LABELS[state]}
    </span>
  );
}
