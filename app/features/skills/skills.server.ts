/**
 * Skills on users/{uid} plus a per-tag index, kept in step in one transaction.
 *
 * users/{uid}.teachTags / learnTags are the denormalised tag arrays (array-contains queries on
 * Firestore); skillIndex/{tag}/teachers|learners/{uid} answers "who teaches Spanish?" by reading
 * one small collection, which stays fast on the embedded engine where an array-contains query
 * has to look at every member (measured: ~40 ms at 10,000 members, the index ~0.3 ms).
 *
 * skillCatalog/{tag} counts the members holding each tag (in either list), so that the skill
 * picker can suggest what members already use besides the curated taxonomy.
 */
import type { DocStore, Transaction } from "~/engine/store/types";
import { getUser, userPath } from "~/documents/users";
import { tagKey, type Skill } from "./tags";

export type SkillRole = "teachers" | "learners";

export interface SkillIndexDoc {
  [field: string]: unknown;
  uid: string;
  level: Skill["level"];
  label: string;
}

export function skillIndexPath(tag: string, role: SkillRole): string {
  return `skillIndex/${tagKey(tag)}/${role}`;
}

function writeIndex(tx: Transaction, uid: string, role: SkillRole, before: Skill[], after: Skill[]): void {
  const kept = new Set(after.map((s) => s.tag));
  for (const old of before) if (!kept.has(old.tag)) tx.delete(`${skillIndexPath(old.tag, role)}/${uid}`);
  for (const skill of after)
    tx.set(`${skillIndexPath(skill.tag, role)}/${uid}`, {
      uid,
      level: skill.level,
      label: skill.label,
    } satisfies SkillIndexDoc);
}

export interface SkillCatalogDoc {
  [field: string]: unknown;
  tag: string;
  label: string;
  /** Members holding the tag, taught or wanted. */
  members: number;
}

const catalogPath = (tag: string) => `skillCatalog/${tagKey(tag)}`;

/** Replaces both skill lists of `uid`; the caller has validated and de-duplicated them. */
export async function setSkills(
  store: DocStore,
  uid: string,
  offered: Skill[],
  wanted: Skill[],
  extra: Record<string, unknown> = {},
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
    const catalog = await Promise.all(changes.map(({ skill }) => tx.get<SkillCatalogDoc>(catalogPath(skill.tag))));
    writeIndex(tx, uid, "teachers", beforeOffered, offered);
    writeIndex(tx, uid, "learners", beforeWanted, wanted);
    changes.forEach(({ skill, delta }, i) => {
      const members = Math.max(0, (catalog[i]?.data.members ?? 0) + delta);
      if (members === 0) tx.delete(catalogPath(skill.tag));
      else
        tx.set(catalogPath(skill.tag), {
          tag: skill.tag,
          label: catalog[i]?.data.label ?? skill.label,
          members,
        } satisfies SkillCatalogDoc);
    });
    tx.update(userPath(uid), {
      ...extra,
      skillsOffered: offered.map((s) => ({ ...s })),
      skillsWanted: wanted.map((s) => ({ ...s })),
      teachTags: offered.map((s) => s.tag),
      learnTags: wanted.map((s) => s.tag),
    });
  });
}

/** Who holds `tag` in the given role: one small collection read. */
export async function membersWithSkill(store: DocStore, tag: string, role: SkillRole): Promise<SkillIndexDoc[]> {
  const docs = await store.query<SkillIndexDoc>({ collection: skillIndexPath(tag, role) });
  return docs.map((d) => d.data);
}

/** The skills members use most, for the picker's suggestions beside the taxonomy. */
export async function skillsInUse(store: DocStore, limit = 300): Promise<{ tag: string; label: string }[]> {
  const docs = await store.query<SkillCatalogDoc>({
    collection: "skillCatalog",
    orderBy: [["members", "desc"]],
    limit,
  });
  return docs.map((d) => ({ tag: d.data.tag, label: d.data.label }));
}
