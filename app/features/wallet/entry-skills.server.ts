/**
 * A booking's skill inside ledger lines, named for the reader (decision 086): an entry stores the
 * skill as the booking labelled it (`params.skill`, English for the taxonomy's skills); a loader that
 * sends entries to a page names it here in the reader's language, a member's own tag as written.
 * Entries written before labels, and entries without a skill, pass unchanged.
 */
import { isOwnSkill, skillNamer } from "~/features/skills/skill-names.server";
import type { NamedSkill, StoredLine } from "./labels";

export function withSkillNamed<E extends Pick<StoredLine, "params">>(
  entries: readonly E[],
  language: string,
): (E & { skill?: NamedSkill })[] {
  const { name } = skillNamer(language);
  return entries.map((entry) => {
    const label = entry.params.skill;
    if (typeof label !== "string" || !label) return entry;
    return { ...entry, skill: { name: name("", label), own: isOwnSkill("", label) } };
  });
}
