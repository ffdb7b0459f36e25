/**
 * A post's skills in the reader's language (decisions 086, 094): its skill and the skill its price
 * swaps, a taxonomy skill by its name there, a member's own tag as written and marked own
 * (translate="no"). What is stored is unchanged.
 */
import type { PostPrice } from "~/documents/board";
import { isOwnSkill, skillNamer } from "~/features/skills/skill-names.server";

/** A price whose swap skill is named for the reader; `swapSkillOwn`: a member's own tag. */
export interface NamedPrice extends PostPrice {
  swapSkillOwn: boolean;
}

/** A post or card as a loader sends it: its skills named for the reader. */
export type WithSkillNames<P extends { price: PostPrice }> = Omit<P, "price"> & {
  skillOwn: boolean;
  price: NamedPrice;
};

export function withSwapSkillNamed(price: PostPrice, language: string): NamedPrice {
  const tag = price.swapSkillTag ?? "";
  const label = price.swapSkillLabel;
  return {
    ...price,
    swapSkillLabel: label === null ? null : skillNamer(language).name(tag, label),
    swapSkillOwn: label !== null && isOwnSkill(tag, label),
  };
}

export function withSkillNames<P extends { skillTag: string; skillLabel: string; price: PostPrice }>(
  posts: readonly P[],
  language: string,
): WithSkillNames<P>[] {
  const { name } = skillNamer(language);
  return posts.map((p) => ({
    ...p,
    skillLabel: name(p.skillTag, p.skillLabel),
    skillOwn: isOwnSkill(p.skillTag, p.skillLabel),
    price: withSwapSkillNamed(p.price, language),
  }));
}
