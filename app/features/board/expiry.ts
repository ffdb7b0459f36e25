/**
 * When a board post leaves the board (issue 29): by default 30 days after it is posted or renewed,
 * at most 90; its poster is told a few days before. Pure: the timed work (expiry.server.ts) and the
 * forms apply these rules, so they are tested here alone. Decision 039.
 */
import type { BoardPost, PostStatus } from "~/documents/board";

export const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_EXPIRY_DAYS = 30;
export const MIN_EXPIRY_DAYS = 1;
export const MAX_EXPIRY_DAYS = 90;
/** The poster is told this long before their post expires. */
export const WARN_BEFORE_DAYS = 3;
/** The choices the post form offers; any whole number of days in [MIN, MAX] is accepted. */
export const EXPIRY_CHOICES = [7, 14, 30, 60, 90] as const;

/** A lifetime or renewal the rules refuse; `key` names it in the board's errors (errors.server.ts). */
export class ExpiryError extends Error {
  constructor(
    readonly key: "closedRenew" | "hidden" | "expiryDays",
    message: string,
    readonly values: { min?: number; max?: number } = {},
  ) {
    super(message);
    this.name = "ExpiryError";
  }
}

/** Whether `days` is a lifetime a post may have: a whole number of days from 1 to 90. */
export function isExpiryDays(days: unknown): days is number {
  return Number.isInteger(days) && (days as number) >= MIN_EXPIRY_DAYS && (days as number) <= MAX_EXPIRY_DAYS;
}

/** When a post made or renewed at `now` for `days` days expires; throws ExpiryError outside 1–90 days. */
export function expiresAtFor(now: number, days: number = DEFAULT_EXPIRY_DAYS): number {
  if (!isExpiryDays(days))
    throw new ExpiryError(
      "expiryDays",
      `A post stays on the board from ${MIN_EXPIRY_DAYS} to ${MAX_EXPIRY_DAYS} days.`,
      {
        min: MIN_EXPIRY_DAYS,
        max: MAX_EXPIRY_DAYS,
      },
    );
  return now + days * DAY_MS;
}

type Timed = Pick<BoardPost, "status" | "expiresAt" | "warnedFor" | "closedAt">;

/** An active post whose time is up (the timed work marks it expired; readers treat it so before). */
export function isPastExpiry(post: Timed, now: number): boolean {
  return post.status === "active" && post.expiresAt <= now;
}

/** The status members see: an active post past its expiry is expired, even before the timed work runs. */
export function shownStatus(post: Timed, now: number): PostStatus {
  return isPastExpiry(post, now) ? "expired" : post.status;
}

/** Whether the poster should be told now that the post expires soon (once per expiry date). */
export function needsExpiryWarning(post: Timed, now: number): boolean {
  return (
    post.status === "active" &&
    post.expiresAt > now &&
    post.expiresAt - now <= WARN_BEFORE_DAYS * DAY_MS &&
    post.warnedFor !== post.expiresAt
  );
}

/** Whole days left before it expires, rounded up (0 once expired), for "expires in N days". */
export function daysLeft(post: Pick<BoardPost, "expiresAt">, now: number): number {
  return Math.max(0, Math.ceil((post.expiresAt - now) / DAY_MS));
}

/**
 * Renewal in one click: an active or expired post stays on the board `days` more days from now.
 * A closed or hidden post cannot be renewed (closed is the poster's decision; hidden a reviewer's).
 * Returns the fields to write; the caller still checks the active-post limit for an expired one.
 */
export function renewal(
  post: Timed,
  now: number,
  days: number = DEFAULT_EXPIRY_DAYS,
): { status: "active"; expiresAt: number; updatedAt: number } {
  if (post.status === "closed")
    throw new ExpiryError("closedRenew", "This post is closed; post it again to put it back on the board.");
  if (post.status === "hidden") throw new ExpiryError("hidden", "This post is hidden while a moderator reviews it.");
  return { status: "active", expiresAt: expiresAtFor(now, days), updatedAt: now };
}

/**
 * The status a post returns to when a reviewer restores it: closed if its poster had closed it,
 * expired if its time is up, active otherwise.
 */
export function statusOnRestore(post: Pick<BoardPost, "expiresAt" | "closedAt">, now: number): PostStatus {
  if (post.closedAt !== null) return "closed";
  return post.expiresAt <= now ? "expired" : "active";
}
