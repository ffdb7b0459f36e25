import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { Skill } from "~/features/skills/tags";
import type { ShownSkill } from "~/features/skills/taxonomy";

const LEVEL_STYLE = {
  beginner: "bg-slate-100 text-slate-700",
  intermediate: "bg-brand-50 text-brand-700",
  expert: "bg-emerald-50 text-emerald-800",
} as const;

/** The levels' names in the reader's language, the same on every chip. */
export type ChipLevelNames = Record<keyof typeof LEVEL_STYLE, string>;

/** Asked for once a list (or once a page of lists), not once a chip (issue 28, decision 151). */
export const chipLevelNames = (t: TFunction<"members">): ChipLevelNames => ({
  beginner: t("chip.beginner"),
  intermediate: t("chip.intermediate"),
  expert: t("chip.expert"),
});

type SkillChipsProps = {
  skills: readonly ShownSkill<Skill>[];
  highlight?: ReadonlySet<string>;
  empty?: string;
};

/**
 * Skills as chips: name and level, highlighted when they are part of the match. The names come from
 * the loader in the reader's language (skillNamer); a member's own tag is theirs, not translated.
 * Namespace "members": a route showing chips names it.
 */
export function SkillChips(props: SkillChipsProps) {
  const { t } = useTranslation("members");
  return <SkillChipList {...props} levels={chipLevelNames(t)} />;
}

/**
 * The chips with the levels' names of the page that draws them: a page of many members' chips asks
 * for its t once, not once a card (/matches: eight useTranslation calls a view fewer, decision 144),
 * and for the three names once, not once a chip (decision 151).
 */
export function SkillChipList({ skills, highlight, empty, levels }: SkillChipsProps & { levels: ChipLevelNames }) {
  if (skills.length === 0) return empty ? <p className="text-sm text-slate-500">{empty}</p> : null;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {/* .chip (tailwind.css) is the shape every chip shares: written once in the CSS, not on every
          chip of the page (decision 158). Its name is the <bdi>'s weight there; the level is the plain
          text after it, not a <span> of its own (decision 205). */}
      {skills.map((s) => (
        <li
          key={s.tag}
          className={`chip ${LEVEL_STYLE[s.level]}${highlight?.has(s.tag) ? " ring-2 ring-amber-300" : ""}`}
        >
          <bdi translate={s.own ? "no" : undefined}>{s.label}</bdi>
          {levels[s.level]}
        </li>
      ))}
    </ul>
  );
}
