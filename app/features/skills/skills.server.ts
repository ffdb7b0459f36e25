/**
 * Skills on users/{uid} plus a per-tag index, kept in step in one transaction.
 *
 * users/{uid}.teachTags / learnTags are the denormalised tag arrays (array-contains queries on
 * Firestore); the skill index (~/documents/skills) answers "who teaches Spanish?" by reading
 * one small collection, which stays fast on the embedded engine where an array-contains query
 * has to look at every member (measured: ~40 ms at 10,000 members, the index ~0.3 ms).
 *
 * The skill catalogue counts the members holding each tag (in either list), so that the skill
 * picker can suggest what members already use besides the curated taxonomy.
 */
import type { DocStore, Transaction } from "~/engine/store/types";
import {
  getSkillCatalog,
  readSkillCatalog,
  readSkillHolder,
  SKILL_CATALOG,
  skillCatalogPath,
  skillHolderPath,
  skillHoldersOf,
  type SkillCatalogDoc,
  type SkillIndexDoc,
  type SkillRole,
} from "~/documents/skills";
import { getUser, userPath } from "~/documents/users";
import { digestDueFields } from "~/features/digest/due.server";
import type { Skill } from "./tags";

export type { SkillIndexDoc, SkillRole } from "~/documents/skills";

function writeIndex(tx: Transaction, uid: string, role: SkillRole, before: Skill[], after: Skill[]): void {
  const kept = new Set(after.map((s) => s.tag));
  for (const old of before) if (!kept.has(old.tag)) tx.delete(skillHolderPath(old.tag, role, uid));
  for (const skill of after)
    tx.set(skillHolderPath(skill.tag, role, uid), {
      uid,
      level: skill.level,
      label: skill.label,
    } satisfies SkillIndexDoc);
}

/** Replaces both skill lists of `uid`; the caller has validated and de-duplicated them. */
export async function setSkills(
  store: DocStore,
  uid: string,
  offered: Skill[],
  wanted: Skill[],
  extra: Record<string, unknown> = {},
  now = Date.now(),
): Promise<void> {
  await store.transaction(async (tx) => {
    const current = await getUser(tx, uid);
    if (!current) throw new Error(`No profile for ${uid}`);
    const { skillsOffered: beforeOffered, skillsWanted: beforeWanted } = current;
    // Catalog counts change only for tags this member gains or drops altogether; read them first
    // (a transaction reads before it writes).
    const before = new Map([...beforeWanted, ...beforeOffered].map((s) => [s.tag, s]));
    const after = new Map([...wanted, ...offered].map((s) => [s.tag, s]));
    const changes = [
      ...[...after.values()].filter((s) => !before.has(s.tag)).map((skill) => ({ skill, delta: 1 })),
      ...[...before.values()].filter((s) => !after.has(s.tag)).map((skill) => ({ skill, delta: -1 })),
    ];
    const catalog = await Promise.all(changes.map(({ skill }) => getSkillCatalog(tx, skill.tag)));
    // A new time zone (profile setup) or a deletion moves the member's next digest (decision 157).
    const due = await digestDueFields(tx, uid, current, extra, now);
    writeIndex(tx, uid, "teachers", beforeOffered, offered);
    writeIndex(tx, uid, "learners", beforeWanted, wanted);
    changes.forEach(({ skill, delta }, i) => {
      const members = Math.max(0, (catalog[i]?.members ?? 0) + delta);
      if (members === 0) tx.delete(skillCatalogPath(skill.tag));
      else
        tx.set(skillCatalogPath(skill.tag), {
          tag: skill.tag,
          label: catalog[i]?.label || skill.label,
          members,
        } satisfies SkillCatalogDoc);
    });
    tx.update(userPath(uid), {
      ...extra,
      ...due,
      skillsOffered: offered.map((s) => ({ ...s })),
      skillsWanted: wanted.map((s) => ({ ...s })),
      teachTags: offered.map((s) => s.tag),
      learnTags: wanted.map((s) => s.tag),
    });
  });
}

/** Who holds `tag` in the given role: one small collection read. */
export async function membersWithSkill(store: DocStore, tag: string, role: SkillRole): Promise<SkillIndexDoc[]> {
  const docs = await store.query({ collection: skillHoldersOf(tag, role) });
  return docs.map(readSkillHolder);
}

/** The skills members use most, for the picker's suggestions beside the taxonomy. */
export async function skillsInUse(store: DocStore, limit = 300): Promise<{ tag: string; label: string }[]> {
  const docs = await store.query({ collection: SKILL_CATALOG, orderBy: [["members", "desc"]], limit });
  // An entry without a tag suggests nothing; one without a label shows its tag.
  return docs
    .map((d) => readSkillCatalog(d.data))
    .filter((c) => c.tag)
    .map((c) => ({ tag: c.tag, label: c.label || c.tag }));
}
