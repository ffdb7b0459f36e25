import type { DocStore } from "~/engine/store/types";
import { presenceOf, type Presence } from "./presence";
import { readStatus, statusPath } from "~/documents/status";
import { getUser, getUsers, type Suspension } from "~/documents/users";
import { fixedT } from "~/i18n/i18n.server";
import { SOURCE_LANGUAGE } from "~/i18n/config";
import { isListedMember, memberName, publicMember, type MissingNames, type PublicMember } from "./member";
import { ratingPath, readRating } from "~/documents/reviews";
import { averageRating } from "~/features/reviews/types";

const missing = new Map<string, MissingNames>();

/** The reader's words for a member with no name to show (decision 085); made once per language and process. */
export function missingNames(language: string): MissingNames {
  let names = missing.get(language);
  if (!names) {
    const t = fixedT(language, "members");
    names = Object.freeze({ unnamed: t("missingName.unnamed"), deleted: t("missingName.deleted") });
    missing.set(language, names);
  }
  return names;
}

/** A member others may look up; null for an unknown, unnamed, deleted or suspended account (their profile page is a 404). */
export async function getMember(store: DocStore, uid: string): Promise<PublicMember | null> {
  const profile = await getUser(store, uid);
  return isListedMember(profile) ? publicMember(uid, profile) : null;
}

/** Members by uid. A deleted or unnamed one is named in English still (decision 085: left to do). */
export async function getMembers(store: DocStore, uids: readonly string[]): Promise<Map<string, PublicMember>> {
  const profiles = await getUsers(store, uids);
  return new Map(uids.map((uid, i) => [uid, publicMember(uid, profiles[i])]));
}

/** Review summaries (`ratings/{uid}`, kept by the review service) of many members at once. */
export async function getRatings(
  store: DocStore,
  uids: readonly string[],
): Promise<Map<string, { count: number; average: number }>> {
  const docs = await store.getAll(uids.map(ratingPath));
  const out = new Map<string, { count: number; average: number }>();
  uids.forEach((uid, i) => {
    const summary = readRating(docs[i]?.data);
    const average = averageRating(summary);
    if (average !== null) out.set(uid, { count: summary.count, average });
  });
  return out;
}

export async function getPresences(store: DocStore, uids: readonly string[]): Promise<Map<string, Presence>> {
  const docs = await store.getAll(uids.map(statusPath));
  return new Map(uids.map((uid, i) => [uid, presenceOf(readStatus(docs[i]?.data))]));
}

/**
 * Display names of many members at once, every uid asked for present: a deleted or gone member, or
 * one with a blank name, is called so in the reader's `language` (`memberName`). English where a
 * caller does not pass one yet (decision 085 lists them).
 */
export async function namesOf(
  store: DocStore,
  uids: readonly string[],
  language: string = SOURCE_LANGUAGE,
): Promise<Map<string, string>> {
  const unique = [...new Set(uids)];
  const profiles = await getUsers(store, unique);
  const words = missingNames(language);
  return new Map(unique.map((uid, i) => [uid, memberName(profiles[i], words)]));
}

/** The member's suspension, or null when they may use SkillSwap. */
export async function getSuspension(store: DocStore, uid: string): Promise<Suspension | null> {
  return (await getUser(store, uid))?.suspension ?? null;
}
