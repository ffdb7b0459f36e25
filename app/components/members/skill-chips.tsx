import type { Skill } from "~/features/skills/tags";

const LEVEL_STYLE = {
  beginner: "bg-slate-100 text-slate-700",
  intermediate: "bg-brand-50 text-brand-700",
  expert: "bg-emerald-50 text-emerald-800",
} as const;

/** Skills as chips: label and level, highlighted when they are part of the match. */
export function SkillChips({
  skills,
  highlight,
  empty,
}: {
  skills: readonly Skill[];
  highlight?: ReadonlySet<string>;
  empty?: string;
}) {
  if (skills.length === 0) return empty ? <p className="text-sm text-slate-500">{empty}</p> : null;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {skills.map((s) => (
        <li
          key={s.tag}
          className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium ${LEVEL_STYLE[s.level]} ${highlight?.has(s.tag) ? "ring-2 ring-amber-300" : ""}`}
        >
          <bdi>{s.label}</bdi>
          <span className="font-normal">· {s.level}</span>
        </li>
      ))}
    </ul>
  );
}
