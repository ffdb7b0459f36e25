import { keptUntilWritten } from "~/engine/index.server";
import type { DocStore } from "~/engine/store/types";
import { presenceOf, type Presence } from "./presence";
import { readStatus, statusPath } from "~/documents/status";
import { getUser, getUsers, userPath, type Suspension, type UserProfile } from "~/documents/users";
import { fixedT } from "~/i18n/i18n.server";
import {
  listedMember,
  memberName,
  publicMember,
  type MissingNames,
  type NameSource,
  type PublicMember,
  type ShownName,
} from "./member";
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
  return listedMember(uid, await getUser(store, uid));
}

/** Members by uid, a deleted, gone or unnamed one called so in the reader's `language`. */
export async function getMembers(
  store: DocStore,
  uids: readonly string[],
  language: string,
): Promise<Map<string, PublicMember>> {
  return membersOf(uids, await getUsers(store, uids), language);
}

/**
 * A member's parsed profile, kept in decision 037's read cache until `users/{uid}` is written, so
 * never older than the store: every signed-in request asks for its member's (decision 096), and
 * the inbox for each conversation's other member (decision 083). One entry per member, shared by
 * every reader.
 */
export function keptProfile(store: DocStore, uid: string): Promise<UserProfile | null> {
  return keptUntilWritten(store, `profile:${uid}`, userPath(uid), () => getUser(store, uid));
}

/**
 * As `getMembers`, their profiles kept together in the read cache until one of them is written:
 * for pages that show the same members view after view (a forum list's or thread's authors). One
 * change-log check for the lot, where a `keptProfile` each would cost one per member.
 */
export async function keptMembers(
  store: DocStore,
  uids: readonly string[],
  language: string,
): Promise<Map<string, PublicMember>> {
  const profiles = await keptUntilWritten(store, `profiles:${uids.join(",")}`, uids.map(userPath), () =>
    getUsers(store, uids),
  );
  return membersOf(uids, profiles, language);
}

/** Members from their profiles (`profiles[i]` is `uids[i]`'s, as read or kept), in the reader's `language`. */
export function membersOf(
  uids: readonly string[],
  profiles: readonly (UserProfile | null)[],
  language: string,
): Map<string, PublicMember> {
  const words = missingNames(language);
  return new Map(uids.map((uid, i) => [uid, publicMember(uid, profiles[i], words)]));
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
  return presencesIn(uids, await store.getAll(uids.map(statusPath)));
}

/**
 * `getPresences` for pages that ask on every view for the same few members (the inbox's
 * conversations, a conversation's other member): their status documents kept in decision 037's
 * read cache until one of them is written, so never older than the store. A lease is still read
 * against the time of each request (`readStatus`), so a Firebase page's run-out lease reads offline
 * without a write (issue 28).
 */
export async function keptPresences(store: DocStore, uids: readonly string[]): Promise<Map<string, Presence>> {
  const paths = uids.map(statusPath);
  const docs = await keptUntilWritten(store, `status:${uids.join(",")}`, paths, () => store.getAll(paths));
  return presencesIn(uids, docs);
}

/** Each member's presence now, from their status documents (`docs[i]` is `uids[i]`'s, or null). */
function presencesIn(
  uids: readonly string[],
  docs: readonly ({ data: Record<string, unknown> } | null)[],
): Map<string, Presence> {
  return new Map(uids.map((uid, i) => [uid, presenceOf(readStatus(docs[i]?.data))]));
}

/**
 * Display names of many members at once, every uid asked for present: a deleted or gone member, or
 * one with a blank name, is called so in the reader's `language` (`memberName`, which says whether
 * the name is the member's own).
 */
export async function namesOf(
  store: DocStore,
  uids: readonly string[],
  language: string,
): Promise<Map<string, ShownName>> {
  return namesIn(await nameSourcesOf(store, uids), language);
}

/**
 * What the names of many members are worked out from, every uid asked for present, with no reader's
 * word in it: what a kept read holds, named per reader by `namesIn` (decision 093).
 */
export async function nameSourcesOf(store: DocStore, uids: readonly string[]): Promise<Map<string, NameSource>> {
  const unique = [...new Set(uids)];
  const profiles = await getUsers(store, unique);
  return new Map(
    unique.map((uid, i) => {
      const profile = profiles[i];
      return [uid, profile && { fullName: profile.fullName, deleted: profile.deleted }];
    }),
  );
}

/** Names from their sources (`nameSourcesOf`), a missing one in the reader's `language`. */
export function namesIn(sources: Iterable<[string, NameSource]>, language: string): Map<string, ShownName> {
  const words = missingNames(language);
  return new Map([...sources].map(([uid, source]) => [uid, memberName(source, words)]));
}

/** The member's suspension, or null when they may use SkillSwap. */
export async function getSuspension(store: DocStore, uid: string): Promise<Suspension | null> {
  return (await getUser(store, uid))?.suspension ?? null;
}
