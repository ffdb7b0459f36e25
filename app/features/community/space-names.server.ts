/**
 * Skill spaces named in the reader's language (decisions 070, 078): a space of a taxonomy skill by
 * the skill's name in the reader's language ("Piano" reads "البيانو"), a space of a member's own tag
 * by the tag as written (`own`, shown translate="no"). The four fixed spaces are named by the page.
 */
import { skillNamer } from "~/features/skills/skill-names.server";
import { isTaxonomyTag } from "~/features/skills/taxonomy";

export function namedSpace<S extends { name: string; skillTag?: string | null }>(
  space: S,
  language: string,
): S & { own?: boolean } {
  if (!space.skillTag) return space;
  return { ...space, name: skillNamer(language).name(space.skillTag, space.name), own: !isTaxonomyTag(space.skillTag) };
}
