/**
 * Skills in the reader's language (decision 056): a skill of the built-in taxonomy is shown by its
 * name in namespace "skills", looked up by the tag the profile stores; a tag the taxonomy does not
 * know is the member's own and goes out as written. Every loader that sends skills uses this, so
 * no route loads the namespace for a few words and what is stored stays the English tag (members
 * of different languages still match).
 */
import { SOURCE_LANGUAGE } from "~/i18n/config";
import { fixedT } from "~/i18n/i18n.server";
import { normaliseTag } from "./tag-name";
import { isTaxonomyTag, TAXONOMY, type ShownSkill, type SkillNames } from "./taxonomy";

export type { ShownSkill, SkillNames } from "./taxonomy";

/** Tags hold dots ("node.js"): the namespace is flat, keyed by the whole tag. */
const BY_WHOLE_KEY = { keySeparator: false, nsSeparator: false } as const;

export interface SkillNamer {
  /**
   * A tag's name: the taxonomy's in the reader's language, else the member's `label` as written.
   * Without a tag (a ledger line, a digest's facts, a booking written before tags) the label's own
   * tag is used: a taxonomy label normalises to its tag, and no member's own tag is a taxonomy one.
   */
  name(tag: string, label: string): string;
  /** The same skills with their labels in the reader's language (levels and other fields kept). */
  skills<S extends { tag: string; label: string }>(list: readonly S[]): ShownSkill<S>[];
  /** The picker's names of the whole taxonomy by tag; empty in English, where they are the labels. */
  taxonomyNames(): SkillNames;
}

/** Whether a skill is a member's own (shown as written, translate="no"), not the taxonomy's; by its tag, else its label's. */
export function isOwnSkill(tag: string, label: string): boolean {
  return !isTaxonomyTag(tag || normaliseTag(label));
}

const namers = new Map<string, SkillNamer>();

/** The skill names of one language; made once per language and process (the catalogues do not change). */
export function skillNamer(language: string): SkillNamer {
  let namer = namers.get(language);
  if (namer) return namer;
  const t = fixedT(language, "skills");
  const names = new Map(TAXONOMY.map((skill) => [skill.tag, t(skill.tag, BY_WHOLE_KEY)]));
  const picker: SkillNames = language === SOURCE_LANGUAGE ? {} : Object.freeze(Object.fromEntries(names));
  const name = (tag: string, label: string) =>
    isOwnSkill(tag, label) ? label : (names.get(tag || normaliseTag(label)) ?? label);
  namer = {
    name,
    skills: (list) =>
      list.map((skill) => ({ ...skill, label: name(skill.tag, skill.label), own: !isTaxonomyTag(skill.tag) })),
    taxonomyNames: () => picker,
  };
  namers.set(language, namer);
  return namer;
}
