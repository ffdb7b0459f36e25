/** What any member may see of another member: the public part of users/{uid}. Browser-safe. */
import type { DocData } from "~/engine/store/types";
import { DEFAULT_AVATAR } from "~/features/profile/display";
import { averageRating, readRating } from "~/features/reviews/types";
import { readSkills, type Skill } from "~/features/skills/tags";

export const DELETED_MEMBER_NAME = "Deleted member";

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

/** `users/{uid}.suspension` while an admin has suspended the member; null or absent otherwise. */
export interface Suspension {
  reason: string;
  at: number;
  byUid: string;
}

export function suspensionOf(data: DocData | undefined): Suspension | null {
  const s = data?.suspension as Partial<Suspension> | null | undefined;
  return s && typeof s.reason === "string" && typeof s.at === "number"
    ? { reason: s.reason, at: s.at, byUid: String(s.byUid ?? "") }
    : null;
}

/** Deleted and suspended members are shown nowhere: not in matches, search or member pages. */
export function isHiddenMember(data: DocData | undefined): boolean {
  return !data || data.deleted === true || suspensionOf(data) !== null;
}

export function publicMember(uid: string, data: DocData | undefined): PublicMember {
  const d = data ?? {};
  const deleted = d.deleted === true || !data;
  return {
    uid,
    fullName: deleted
      ? DELETED_MEMBER_NAME
      : typeof d.fullName === "string" && d.fullName.trim()
        ? d.fullName.trim()
        : "Member",
    avatar: !deleted && typeof d.profilePicture === "string" && d.profilePicture ? d.profilePicture : DEFAULT_AVATAR,
    bio: !deleted && typeof d.bio === "string" ? d.bio : "",
    timezone: typeof d.timezone === "string" ? d.timezone : "UTC",
    languages: Array.isArray(d.languages) ? d.languages.filter((l): l is string => typeof l === "string") : [],
    skillsOffered: deleted ? [] : readSkills(d.skillsOffered),
    skillsWanted: deleted ? [] : readSkills(d.skillsWanted),
    deleted,
    demo: d.demo === true,
    xp: typeof d.xp === "number" && Number.isFinite(d.xp) ? d.xp : 0,
    rating: { count: readRating(d.rating).count, average: averageRating(readRating(d.rating)) },
  };
}
