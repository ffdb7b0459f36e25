/**
 * Values of the stored documents that the browser shows or checks, without the documents' schemas:
 * a page that needs only these does not ship zod (issue 28). users.ts, community.ts and bookings.ts
 * re-export them, so the rest of the app names them where it always has.
 */

export const DEFAULT_AVATAR = "/default-avatar.png";
export const SKILL_LEVELS = ["beginner", "intermediate", "expert"] as const;
export type SkillLevel = (typeof SKILL_LEVELS)[number];

export const REACTIONS = ["thumbs_up", "heart", "laugh", "tada", "thinking"] as const;
export type ReactionKind = (typeof REACTIONS)[number];
export function isReaction(value: unknown): value is ReactionKind {
  return typeof value === "string" && (REACTIONS as readonly string[]).includes(value);
}

export const BOOKING_STATES = [
  "requested",
  "accepted",
  "declined",
  "cancelled",
  "completed",
  "disputed",
  "resolved",
] as const;
export type BookingState = (typeof BOOKING_STATES)[number];
