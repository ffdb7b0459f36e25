import type { SkillHours } from "~/features/progress/progress.server";
import { formatDateTime } from "~/features/bookings/format";
import type { Badge } from "~/features/progress/badges";

function hours(minutes: number): string {
  return minutes === 0 ? "–" : `${(minutes / 60).toFixed(1).replace(/\.0$/, "")} h`;
}

export function SkillHoursTable({ skills }: { skills: SkillHours[] }) {
  return (
    <section className="card" aria-labelledby="hours-title">
      <h2 id="hours-title" className="text-lg font-semibold">
        Hours per skill
      </h2>
      {skills.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Complete sessions to see your hours here.</p>
      ) : (
        <table className="mt-3 w-full text-sm">
          <thead>
            <tr className="text-start text-xs uppercase text-slate-500">
              <th className="py-1 font-semibold">Skill</th>
              <th className="py-1 text-end font-semibold">Taught</th>
              <th className="py-1 text-end font-semibold">Learned</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {skills.map((s) => (
              <tr key={s.tag}>
                <td className="py-1.5">{s.label}</td>
                <td className="py-1.5 text-end tabular-nums">{hours(s.taughtMinutes)}</td>
                <td className="py-1.5 text-end tabular-nums">{hours(s.learnedMinutes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function XpHistory({
  history,
  timeZone,
}: {
  history: { id: string; amount: number; description: string; at: number }[];
  timeZone: string;
}) {
  return (
    <section className="card" aria-labelledby="xp-title">
      <h2 id="xp-title" className="text-lg font-semibold">
        xp history
      </h2>
      {history.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Complete sessions to earn xp, level up and collect badges.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {history.map((h) => (
            <li key={h.id} className="flex items-center justify-between gap-3 py-1.5 text-sm">
              <span>
                {h.description}
                <span className="block text-xs text-slate-500">{formatDateTime(h.at, timeZone)}</span>
              </span>
              <span className="font-semibold text-emerald-700 tabular-nums">+{h.amount} xp</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function BadgeList({ badges }: { badges: Badge[] }) {
  return (
    <section className="card" aria-labelledby="badges-title">
      <h2 id="badges-title" className="text-lg font-semibold">
        Badges
      </h2>
      <ul className="mt-3 grid grid-cols-2 gap-2">
        {badges.map((b) => (
          <li
            key={b.id}
            // Not earned yet: greyed by a dashed border and grey text, not by fading (text keeps its contrast).
            className={`rounded-lg border p-2 ${b.earned ? "border-coin-400 bg-amber-50" : "border-dashed border-slate-300 text-slate-600"}`}
            data-earned={b.earned}
          >
            <p className="text-sm font-semibold">
              {b.earned ? "🏅 " : ""}
              {b.label}
              <span className="sr-only">{b.earned ? " (earned)" : " (not earned yet)"}</span>
            </p>
            <p className="text-xs text-slate-600">{b.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
