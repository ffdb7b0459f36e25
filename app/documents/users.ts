/**
 * `users/{uid}`: a member's profile, the same document on both engines, and the collections under it.
 * Its paths are named here and nowhere else, and every read goes through `readUser`, so code holds a
 * `UserProfile` with every field typed instead of re-checking raw fields. Browser-safe (the Firestore
 * transport reads the profile with the client SDK).
 *
 * Stored profiles are older than some fields: a missing or malformed field reads as its default
 * (a profile from before languages existed has none), never as an error. Fields not named here are
 * dropped, so a new field is added here first. Decision: docs/decisions/023-documents-typed-once.md.
 */
import { DEFAULT_AVATAR, SKILL_LEVELS, type SkillLevel } from "./values";
import { DEFAULT_DIGEST, DIGEST_FREQUENCIES } from "./digest";
import { z } from "zod/v4";
import {
  anyRecord,
  count,
  filledText,
  flag,
  isRecord as record,
  oneOf,
  optionalText,
  optionalTime,
  pick,
  strings,
  text,
  type DocReader,
} from "./fields";

export type { DocReader } from "./fields";

export const USERS = "users";
const UID = /^[A-Za-z0-9_-]{1,128}$/;
/** A uid that may appear in a path: no slashes, no dots, nothing that reaches another document. */
export const isUid = (value: unknown): value is string => typeof value === "string" && UID.test(value);
export const userPath = (uid: string) => `${USERS}/${uid}`;
/** `users/{uid}/saved/{otherUid}`: members `uid` keeps for later. */
export const savedMembersOf = (uid: string) => `${userPath(uid)}/saved`;
export const savedMemberPath = (uid: string, other: string) => `${savedMembersOf(uid)}/${other}`;
/** `users/{uid}/xp/{awardId}`: the xp awards already given, one document per award (its idempotency key). */
export const xpAwardsOf = (uid: string) => `${userPath(uid)}/xp`;
export const xpAwardPath = (uid: string, awardId: string) => `${xpAwardsOf(uid)}/${awardId}`;

export { DEFAULT_AVATAR, SKILL_LEVELS, type SkillLevel } from "./values";
export const ROLES = ["member", "admin"] as const;

/** A skill on a profile: its tag (for matching), the label the member typed (for showing) and a level. */
export interface Skill {
  tag: string;
  label: string;
  level: SkillLevel;
}
/** Entries without a tag are skipped, so one bad entry does not lose the list. */
export const skillListSchema = z.unknown().transform((v): Skill[] =>
  (Array.isArray(v) ? v : []).flatMap((item: unknown) => {
    if (!record(item) || typeof item.tag !== "string" || !item.tag) return [];
    const label = typeof item.label === "string" && item.label ? item.label : item.tag;
    return [{ tag: item.tag, label, level: pick(SKILL_LEVELS, "beginner", item.level) }];
  }),
);

/** Set while an admin has suspended the member; null otherwise. */
export interface Suspension {
  reason: string;
  at: number;
  byUid: string;
}
const suspensionSchema = z
  .unknown()
  .transform((s): Suspension | null =>
    record(s) && typeof s.reason === "string" && typeof s.at === "number"
      ? { reason: s.reason, at: s.at, byUid: String(s.byUid ?? "") }
      : null,
  );

/** Reviews received, kept with each review so profiles and match ranking read it for free. */
export interface RatingSummary {
  count: number;
  sum: number;
}
const positiveInteger = (v: unknown) => (Number.isSafeInteger(v) && (v as number) > 0 ? (v as number) : 0);
export const ratingSummarySchema = z
  .unknown()
  .transform((r): RatingSummary =>
    record(r) ? { count: positiveInteger(r.count), sum: positiveInteger(r.sum) } : { count: 0, sum: 0 },
  );

export const userSchema = z.object({
  fullName: text(),
  xp: count(),
  profilePicture: filledText(DEFAULT_AVATAR),
  tourCompleted: flag,
  welcomeBonusShown: flag,
  bio: text(),
  skillsOffered: skillListSchema,
  skillsWanted: skillListSchema,
  /** The tags of the lists above, denormalised for array-contains queries. */
  teachTags: strings,
  learnTags: strings,
  languages: strings,
  /** The language SkillSwap speaks to the member (decision 049); "" until they choose one. */
  language: text(),
  timezone: filledText("UTC"),
  role: oneOf(ROLES, "member"),
  createdAt: count(),
  /** Categories switched off are stored as false; the notifications feature reads the map. */
  notificationPrefs: anyRecord,
  /** The digest e-mail: daily, weekly (when missing) or off (decision 047). */
  digest: oneOf(DIGEST_FREQUENCIES, DEFAULT_DIGEST),
  /** When the member first opened the dashboard; null before. */
  dashboardVisitedAt: optionalTime,
  suspension: suspensionSchema,
  rating: ratingSummarySchema,
  deleted: flag,
  deletedAt: optionalTime,
  /** A demo member from `npm run seed:demo`. */
  demo: flag,
});
export type UserProfile = z.output<typeof userSchema>;

/** The profile as code uses it; a missing document reads as null. */
export function readUser(data: Record<string, unknown>): UserProfile;
export function readUser(data: Record<string, unknown> | null | undefined): UserProfile | null;
export function readUser(data: Record<string, unknown> | null | undefined): UserProfile | null {
  return data ? userSchema.parse(data) : null;
}

/**
 * Whether a stored profile is of a member who has left, read by the schema's own rule for `deleted`
 * without parsing the rest (a hot path asks only this: a chat message's recipient, decision 179).
 */
export function hasLeft(data: Record<string, unknown>): boolean {
  return userSchema.shape.deleted.parse(data.deleted);
}

/** `users/{uid}` read and parsed; null when there is none. */
export async function getUser(reader: DocReader, uid: string): Promise<UserProfile | null> {
  return readUser((await reader.get(userPath(uid)))?.data);
}

/** What reads many documents at once: a DocStore. */
export interface DocsReader {
  getAll(paths: readonly string[]): Promise<({ data: Record<string, unknown> } | null)[]>;
}

/** Many members' `users/{uid}` in one read, parsed, in the order of `uids`; null where there is none. */
export async function getUsers(reader: DocsReader, uids: readonly string[]): Promise<(UserProfile | null)[]> {
  return (await reader.getAll(uids.map(userPath))).map((doc) => readUser(doc?.data));
}

/** `users/{uid}/xp/{awardId}`: one award. `kind` is an XpKind when written by this version. */
export const xpAwardSchema = z.object({
  kind: text(),
  amount: count(),
  description: text(),
  /** What the line says besides its kind (decision 063); {} in awards written before, which show `description`. */
  params: z.unknown().transform((v): { skill?: string; minutes?: number; stars?: number; title?: string } => {
    if (!record(v)) return {};
    const pickText = (k: string) => (typeof v[k] === "string" ? { [k]: v[k] as string } : {});
    const pickCount = (k: string) => (typeof v[k] === "number" && Number.isFinite(v[k]) ? { [k]: v[k] as number } : {});
    return { ...pickText("skill"), ...pickCount("minutes"), ...pickCount("stars"), ...pickText("title") };
  }),
  at: count(),
  /** The booking the award came from; "" for awards that are not about a session (a community answer). */
  bookingId: text(),
  skillTag: optionalText,
});
export type XpAwardDoc = z.output<typeof xpAwardSchema>;
export const readXpAward = (data: Record<string, unknown>): XpAwardDoc => xpAwardSchema.parse(data);
