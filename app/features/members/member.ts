/** What any member may see of another member: the public part of users/{uid}. Browser-safe. */
import type { Skill, UserProfile } from "~/documents/users";
import { DEFAULT_AVATAR } from "~/documents/values";
import { averageRating } from "~/features/reviews/types";
import { isolated } from "~/utils/format";

export type { Suspension } from "~/documents/users";

/** What a deleted account's profile stores as its name (a tombstone); readers see `MissingNames.deleted`. */
export const DELETED_MEMBER_NAME = "Deleted member";

/**
 * How a member with no name to show is called, in the reader's language (decision 085): `deleted`
 * for an account that was deleted or is gone, `unnamed` for one with a blank name. Made by
 * `missingNames(language)` on the server; never stored.
 */
export interface MissingNames {
  unnamed: string;
  deleted: string;
}

/**
 * What a shown name is worked out from: the profile's name and whether the account is deleted (null:
 * gone). It holds no reader's word, so a kept read can hold it for readers of every language and name
 * it when read (decision 093).
 */
export type NameSource = Pick<UserProfile, "fullName" | "deleted"> | null;

/**
 * A member's name as shown: `own` when it is the member's own name, which a browser translator must
 * leave alone (`translate="no"`); not when it is the reader's word for a missing member, which may be
 * translated like the page around it (issue 30, decision 110).
 */
export interface ShownName {
  text: string;
  own: boolean;
}

/** The one rule for a member's shown name: their own name, else the reader's word for a missing one. */
export function memberName(profile: NameSource | undefined, missing: MissingNames): ShownName {
  const own = profile && !profile.deleted ? profile.fullName.trim() : "";
  if (own) return { text: own, own: true };
  return { text: profile && !profile.deleted ? missing.unnamed : missing.deleted, own: false };
}

/**
 * A shown name inside text that holds no markup, so no <bdi> (an aria-label, a title, a placeholder,
 * the page's <title>): a member's own name bidi-isolated (FSI…PDI) as decision 109 writes plain text,
 * so a Latin name keeps its place in an Arabic label and an Arabic one in an English label; the
 * reader's word for a missing member as is, as in a notice (decisions 109, 110). Decision 119.
 */
export function nameInPlainText(name: ShownName): string {
  return name.own ? isolated(name.text) : name.text;
}

export interface PublicMember {
  uid: string;
  /** Their own name, or the reader's word for a missing member: drawn through `IsolatedName` or `MemberNameLink`. */
  name: ShownName;
  avatar: string;
  bio: string;
  timezone: string;
  languages: string[];
  skillsOffered: Skill[];
  skillsWanted: Skill[];
  deleted: boolean;
  demo: boolean;
  xp: number;
  /** Reviews received: how many, and their average in stars (null before the first). */
  rating: { count: number; average: number | null };
}

/** Deleted and suspended members are shown nowhere: not in matches, search or member pages. */
export function isHiddenMember(profile: UserProfile | null): boolean {
  return !profile || profile.deleted || profile.suspension !== null;
}

/** A member others can find: shown, and named (an account that never finished sign-up is not). */
export function isListedMember(profile: UserProfile | null): profile is UserProfile {
  return !isHiddenMember(profile) && profile!.fullName.trim() !== "";
}

/**
 * A member as others see them; a deleted, gone or unnamed one is called by the reader's word
 * (`missing`, from `missingNames(language)`: there is no default, so no list forgets the reader).
 */
export function publicMember(uid: string, profile: UserProfile | null, missing: MissingNames): PublicMember {
  return memberShown(uid, profile, memberName(profile, missing));
}

function memberShown(uid: string, profile: UserProfile | null, name: ShownName): PublicMember {
  const deleted = !profile || profile.deleted;
  return {
    uid,
    name,
    avatar: deleted ? DEFAULT_AVATAR : profile.profilePicture,
    bio: deleted ? "" : profile.bio,
    timezone: profile?.timezone ?? "UTC",
    languages: profile?.languages ?? [],
    skillsOffered: deleted ? [] : profile.skillsOffered,
    skillsWanted: deleted ? [] : profile.skillsWanted,
    deleted,
    demo: profile?.demo ?? false,
    xp: profile?.xp ?? 0,
    rating: { count: profile?.rating.count ?? 0, average: profile ? averageRating(profile.rating) : null },
  };
}

/**
 * A listed member (`isListedMember`) as others see them, or null for one who is not. A listed member
 * always has their own name, so no reader's word is needed: lists of findable members (the
 * directory, mentions, a member's page) use this and may be kept for readers of any language.
 */
export function listedMember(uid: string, profile: UserProfile | null): PublicMember | null {
  return isListedMember(profile) ? memberShown(uid, profile, { text: profile.fullName.trim(), own: true }) : null;
}
