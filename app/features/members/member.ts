/** What any member may see of another member: the public part of users/{uid}. Browser-safe. */
import type { Skill, UserProfile } from "~/documents/users";
import { DEFAULT_AVATAR } from "~/documents/values";
import { averageRating } from "~/features/reviews/types";

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

/** The English words (members' catalogue `missingName.*`), for lists that are not yet read in a language. */
const ENGLISH_MISSING: MissingNames = { unnamed: "Member", deleted: DELETED_MEMBER_NAME };

/** The one rule for a member's shown name: their own name, else the reader's word for a missing one. */
export function memberName(
  profile: Pick<UserProfile, "fullName" | "deleted"> | null | undefined,
  missing: MissingNames,
): string {
  if (!profile || profile.deleted) return missing.deleted;
  return profile.fullName.trim() || missing.unnamed;
}

export interface PublicMember {
  uid: string;
  fullName: string;
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

export function publicMember(
  uid: string,
  profile: UserProfile | null,
  missing: MissingNames = ENGLISH_MISSING,
): PublicMember {
  const deleted = !profile || profile.deleted;
  return {
    uid,
    fullName: memberName(profile, missing),
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
