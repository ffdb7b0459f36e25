/**
 * The skill index and the catalogue of skills in use, kept in step with users/{uid}'s skill lists
 * by features/skills/skills.server.ts (one transaction). Only the server writes them. Browser-safe.
 * Decision: docs/decisions/023-documents-typed-once.md.
 *
 *   skillIndex/{tagKey}/teachers|learners/{uid}   who teaches or wants a skill: one small collection read
 *   skillCatalog/{tagKey}                         how many members hold a skill, for the picker's suggestions
 */
import { z } from "zod/v4";
import { count, getParsed, oneOf, text, type DocReader } from "./fields";
import { SKILL_LEVELS } from "./users";

export const SKILL_INDEX = "skillIndex";
export const SKILL_CATALOG = "skillCatalog";

/** A tag as one document-id segment: tags may hold "/" ("CI/CD"), ids may not. */
export function tagKey(tag: string): string {
  return encodeURIComponent(tag);
}

export type SkillRole = "teachers" | "learners";
/** `skillIndex/{tagKey}/{role}`: the members who hold `tag` in that role. */
export const skillHoldersOf = (tag: string, role: SkillRole) => `${SKILL_INDEX}/${tagKey(tag)}/${role}`;
export const skillHolderPath = (tag: string, role: SkillRole, uid: string) => `${skillHoldersOf(tag, role)}/${uid}`;
export const skillCatalogPath = (tag: string) => `${SKILL_CATALOG}/${tagKey(tag)}`;

export const skillIndexSchema = z.object({
  uid: text(),
  level: oneOf(SKILL_LEVELS, "beginner"),
  /** The label the member typed, for showing. */
  label: text(),
});
/** `skillIndex/{tagKey}/{role}/{uid}` */
export type SkillIndexDoc = z.output<typeof skillIndexSchema>;

/** The entry's id is the member's uid, so an entry without a readable uid field still names its member. */
export function readSkillHolder({ id, data }: { id: string; data: Record<string, unknown> }): SkillIndexDoc {
  const entry = skillIndexSchema.parse(data);
  return entry.uid ? entry : { ...entry, uid: id };
}

export const skillCatalogSchema = z.object({
  tag: text(),
  label: text(),
  /** Members holding the tag, taught or wanted. */
  members: count(),
});
/** `skillCatalog/{tagKey}` */
export type SkillCatalogDoc = z.output<typeof skillCatalogSchema>;

export const readSkillCatalog = (data: Record<string, unknown>): SkillCatalogDoc => skillCatalogSchema.parse(data);
/** A tag nobody holds any more has no document: it reads as null. */
export async function getSkillCatalog(reader: DocReader, tag: string): Promise<SkillCatalogDoc | null> {
  return getParsed(reader, skillCatalogPath(tag), readSkillCatalog);
}
