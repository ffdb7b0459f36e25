import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import type { SkillHours } from "~/features/progress/progress.server";
import { formatDateTime } from "~/features/bookings/format";
import { FIVE_STAR_STREAK, type Badge } from "~/features/progress/badges";
import type { XpKind, XpParams } from "~/features/progress/xp";
import { interleave } from "~/i18n/interleave";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { formatNumber } from "~/utils/format";

/** "1.5 h", "1,5 h", "١٫٥ س"; a dash for none. The page's words are in "profile". */
function hours(minutes: number, t: TFunction, locale: string): string {
  if (minutes === 0) return "–";
  return t("progress.hours", { hours: formatNumber(minutes / 60, locale, { maximumFractionDigits: 1 }) });
}

export function SkillHoursTable({ skills }: { skills: SkillHours[] }) {
  const { t } = useTranslation("profile");
  const locale = useFormatLocale();
  return (
    <section className="card" aria-labelledby="hours-title">
      <h2 id="hours-title" className="text-lg font-semibold">
        {t("progress.hoursTitle")}
      </h2>
      {skills.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t("progress.hoursEmpty")}</p>
      ) : (
        <table className="mt-3 w-full text-sm">
          <thead>
            <tr className="text-start text-xs uppercase text-slate-500">
              <th className="py-1 text-start font-semibold">{t("progress.skill")}</th>
              <th className="py-1 text-end font-semibold">{t("progress.taughtColumn")}</th>
              <th className="py-1 text-end font-semibold">{t("progress.learnedColumn")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {skills.map((s) => (
              <tr key={s.tag}>
                <td className="py-1.5">
                  <bdi translate="no">{s.label}</bdi>
                </td>
                <td className="py-1.5 text-end tabular-nums">{hours(s.taughtMinutes, t, locale)}</td>
                <td className="py-1.5 text-end tabular-nums">{hours(s.learnedMinutes, t, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

interface HistoryEntry {
  id: string;
  kind: string;
  amount: number;
  description: string;
  params: XpParams;
  at: number;
}

const AWARD_KEYS: Record<XpKind, string> = {
  teach: "progress.awards.teach",
  learn: "progress.awards.learn",
  first_teach: "progress.awards.first_teach",
  first_learn: "progress.awards.first_learn",
  review: "progress.awards.review",
  answer: "progress.awards.answer",
};

/**
 * An award's line in the reader's language, from its kind and parameters (decision 063); the
 * skill's name and a thread's title as written. An award stored before (no parameters) shows the
 * English line it was stored with.
 */
function awardLine(h: HistoryEntry, t: TFunction, locale: string): ReactNode {
  const key = AWARD_KEYS[h.kind as XpKind];
  const { skill, minutes, stars, title } = h.params;
  const number = (n: number | undefined) => (n === undefined ? "" : formatNumber(n, locale));
  if (!key || (skill === undefined && stars === undefined && title === undefined)) return h.description;
  return interleave(
    (mark) => t(key, { skill: mark, title: "\u2064", minutes: number(minutes), stars: number(stars) }),
    <bdi translate="no">{skill}</bdi>,
    { mark: "\u2064", element: <bdi translate="no">{title}</bdi> },
  );
}

export function XpHistory({ history, timeZone }: { history: HistoryEntry[]; timeZone: string }) {
  const { t } = useTranslation("profile");
  const locale = useFormatLocale();
  return (
    <section className="card" aria-labelledby="xp-title">
      <h2 id="xp-title" className="text-lg font-semibold">
        {t("progress.historyTitle")}
      </h2>
      {history.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t("progress.historyEmpty")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {history.map((h) => (
            <li key={h.id} className="flex items-center justify-between gap-3 py-1.5 text-sm">
              <span>
                {awardLine(h, t, locale)}
                <time dateTime={new Date(h.at).toISOString()} className="block text-xs text-slate-500">
                  {formatDateTime(h.at, timeZone, locale)}
                </time>
              </span>
              {/* "+60 xp" keeps its sign before the number in a right-to-left line. */}
              <span className="font-semibold text-emerald-700 tabular-nums" dir="ltr">
                {t("progress.gained", { amount: formatNumber(h.amount, locale) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const BADGE_KEYS: Record<Badge["id"], { label: string; description: string }> = {
  "first-session": {
    label: "progress.badges.first-session.label",
    description: "progress.badges.first-session.description",
  },
  "ten-taught": { label: "progress.badges.ten-taught.label", description: "progress.badges.ten-taught.description" },
  "ten-learned": { label: "progress.badges.ten-learned.label", description: "progress.badges.ten-learned.description" },
  "five-star-streak": {
    label: "progress.badges.five-star-streak.label",
    description: "progress.badges.five-star-streak.description",
  },
  "three-skills": {
    label: "progress.badges.three-skills.label",
    description: "progress.badges.three-skills.description",
  },
};

export function BadgeList({ badges }: { badges: Badge[] }) {
  const { t } = useTranslation("profile");
  return (
    <section className="card" aria-labelledby="badges-title">
      <h2 id="badges-title" className="text-lg font-semibold">
        {t("progress.badgesTitle")}
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
              {t(BADGE_KEYS[b.id].label)}
              <span className="sr-only">{b.earned ? t("progress.earned") : t("progress.notEarned")}</span>
            </p>
            <p className="text-xs text-slate-600">{t(BADGE_KEYS[b.id].description, { count: FIVE_STAR_STREAK })}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
