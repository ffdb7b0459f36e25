/**
 * Skills on profiles: a tag (normalised, for matching) with the label the member typed (for
 * showing) and a level. Browser-safe: the profile editor validates with the same rules.
 */
import type { TFunction } from "i18next";
import { SKILL_LEVELS, skillListSchema, type Skill, type SkillLevel } from "~/documents/users";
import { MAX_TAG_LENGTH, normaliseTag } from "./tag-name";
import { findSkill, findSkillNamed, type SkillNames } from "./taxonomy";

export { SKILL_LEVELS, type Skill, type SkillLevel } from "~/documents/users";

export { MAX_TAG_LENGTH, normaliseTag } from "./tag-name";
/** Tags as document-id segments are named with the skill index's paths. */
export { tagKey } from "~/documents/skills";
/** Per list (teach / learn): enough for a real profile, few enough to keep matching cheap. */
export const MAX_SKILLS_PER_LIST = 10;

/** The label keeps the member's capitals ("React", "UX design") but not their stray spaces. */
export function displayLabel(raw: string): string {
  return raw.normalize("NFKC").trim().replace(/\s+/g, " ").slice(0, MAX_TAG_LENGTH).trim();
}

export function isSkillLevel(value: unknown): value is SkillLevel {
  return typeof value === "string" && (SKILL_LEVELS as readonly string[]).includes(value);
}

/**
 * Builds a skill from what a person typed; null when the name is empty after normalising. A name
 * the taxonomy knows (synonyms included: "JS") becomes that skill, so everyone's "JS",
 * "javascript" and "JavaScript" meet on one tag; anything else is kept as typed (free entry).
 */
export function toSkill(rawLabel: string, level: SkillLevel): Skill | null {
  const known = findSkill(rawLabel);
  if (known) return { tag: known.tag, label: known.label, level };
  const tag = normaliseTag(rawLabel);
  if (!tag) return null;
  return { tag, label: displayLabel(rawLabel), level };
}

/** Drops duplicates (same tag: the first one wins) and anything beyond the list's maximum. */
export function dedupeSkills(skills: readonly Skill[]): Skill[] {
  const seen = new Set<string>();
  const out: Skill[] = [];
  for (const skill of skills) {
    if (seen.has(skill.tag)) continue;
    seen.add(skill.tag);
    out.push(skill);
    if (out.length === MAX_SKILLS_PER_LIST) break;
  }
  return out;
}

/** Reads a stored list defensively: older profiles hold `[]` or other shapes (users.ts keeps the rules). */
export function readSkills(value: unknown): Skill[] {
  return skillListSchema.parse(value);
}

const ENGLISH_NAMES_ONLY: SkillNames = {};

/** A language's words for the levels (namespace "profile", `skillPicker.levels`), as the plain field shows and reads them. */
export type LevelWords = Readonly<Record<SkillLevel, string>>;

const ENGLISH_LEVELS: LevelWords = { beginner: "beginner", intermediate: "intermediate", expert: "expert" };

/** The level words of a language: `t` is its "profile" namespace (the picker's level names). */
export function levelWordsOf(t: TFunction): LevelWords {
  return {
    beginner: t("skillPicker.levels.beginner"),
    intermediate: t("skillPicker.levels.intermediate"),
    expert: t("skillPicker.levels.expert"),
  };
}

/** The level a word names: the format's English keyword in every language, or the reader's own word. */
function levelNamed(word: string, levels: LevelWords): SkillLevel | undefined {
  const typed = word.toLocaleLowerCase();
  return SKILL_LEVELS.find((level) => level === typed || levels[level].toLocaleLowerCase() === typed);
}

/** Why a skill list was refused, with what its message names (worded by skillsField, decision 093). */
export type SkillLinesProblem =
  | { kind: "notALevel"; level: string; skill: string }
  | { kind: "tooLong"; max: number; start: string }
  | { kind: "tooMany"; max: number };

/**
 * Skills as one line per skill, "Spanish: expert" — the profile form's plain-text format, which
 * works without JavaScript and on every phone keyboard. `names`, the taxonomy's names in the
 * writer's language (skillNamer().taxonomyNames()), finds a taxonomy skill written by its name there
 * ("Ajedrez" is Chess, not a tag of the member's own); without them, by its English names only.
 * `levels`: the writer's words for the levels ("Ajedrez: experto"); the English ones always count.
 */
export function parseSkillLines(
  text: string,
  names: SkillNames = ENGLISH_NAMES_ONLY,
  levels: LevelWords = ENGLISH_LEVELS,
): { skills: Skill[]; problem?: SkillLinesProblem } {
  const skills: Skill[] = [];
  for (const rawLine of text.split(/\r?\n|,/)) {
    const line = rawLine.trim();
    if (!line) continue;
    // "Name: level" or "Name - level"; a name may hold dashes and colons itself ("Node.js - Express").
    const split = /^(.+?)\s*[:\-–]\s*([^:\-–]+?)$/u.exec(line);
    const named = split ? levelNamed(split[2], levels) : undefined;
    const name = named ? split![1] : line;
    const level: SkillLevel = named ?? "intermediate";
    // "Python: guru" is a level nobody offers, not a skill named "Python: guru".
    const unknownLevel = /^(.+?)\s*:\s*(.+)$/.exec(name);
    if (unknownLevel)
      return {
        skills,
        problem: { kind: "notALevel", level: unknownLevel[2].slice(0, 20), skill: unknownLevel[1].slice(0, 20) },
      };
    if (name.trim().length > MAX_TAG_LENGTH)
      return { skills, problem: { kind: "tooLong", max: MAX_TAG_LENGTH, start: name.trim().slice(0, 20) } };
    const skill = toSkill(findSkillNamed(name, names)?.label ?? name, level);
    if (skill) skills.push(skill);
  }
  const unique = dedupeSkills(skills);
  if (new Set(skills.map((s) => s.tag)).size > MAX_SKILLS_PER_LIST)
    return { skills: unique, problem: { kind: "tooMany", max: MAX_SKILLS_PER_LIST } };
  return { skills: unique };
}

/** The lines of a list; `levels`: the reader's words for the levels (the picker's hidden field keeps the English ones). */
export function skillLines(skills: readonly Skill[], levels: LevelWords = ENGLISH_LEVELS): string {
  return skills.map((s) => `${s.label}: ${levels[s.level]}`).join("\n");
}
