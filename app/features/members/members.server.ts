import type { DocStore } from "~/engine/store/types";
import { presenceOf, type Presence } from "./presence";
import { readStatus, statusPath } from "~/documents/status";
import { getUser, getUsers, type Suspension } from "~/documents/users";
import { isListedMember, publicMember, type PublicMember } from "./member";
import { ratingPath, readRating } from "~/documents/reviews";
import { averageRating } from "~/features/reviews/types";

/** A member others may look up; null for an unknown, unnamed, deleted or suspended account (their profile page is a 404). */
export async function getMember(store: DocStore, uid: string): Promise<PublicMember | null> {
  const profile = await getUser(store, uid);
  return isListedMember(profile) ? publicMember(uid, profile) : null;
}

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

/** Display names of many members at once ("Member" for a blank or missing one). */
export async function namesOf(store: DocStore, uids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(uids)];
  const profiles = await getUsers(store, unique);
  const names = new Map<string, string>();
  unique.forEach((uid, i) => names.set(uid, profiles[i]?.fullName.trim() || "Member"));
  return names;
}

/** The member's suspension, or null when they may use SkillSwap. */
export async function getSuspension(store: DocStore, uid: string): Promise<Suspension | null> {
  return (await getUser(store, uid))?.suspension ?? null;
}
