/**
 * Posting limits (decision 018): a burst limit for everyone, and links limited for members in
 * their first day, when most spam accounts post. Through the shared rate limiter's public functions.
 */
import { createRateLimiter, waitText } from "~/utils/rate-limit.server";
import { ForumError } from "./errors";

export const POSTS_PER_MINUTE = 5;
export const POSTS_PER_HOUR = 40;
export const NEW_MEMBER_MS = 24 * 60 * 60_000;
export const NEW_MEMBER_LINKS_PER_POST = 2;
export const NEW_MEMBER_LINK_POSTS_PER_DAY = 5;

const perMinute = createRateLimiter({
  name: "community_posts_minute",
  windowMs: 60_000,
  max: POSTS_PER_MINUTE,
  maxKeys: 50_000,
});
const perHour = createRateLimiter({
  name: "community_posts_hour",
  windowMs: 60 * 60_000,
  max: POSTS_PER_HOUR,
  maxKeys: 50_000,
});
const newMemberLinks = createRateLimiter({
  name: "community_new_member_links",
  windowMs: NEW_MEMBER_MS,
  max: NEW_MEMBER_LINK_POSTS_PER_DAY,
  maxKeys: 50_000,
});

/** Links a body holds: Markdown links and bare URLs (what a spammer would post). */
export function countLinks(body: string): number {
  const external = body.match(/https?:\/\/|www\./gi) ?? [];
  return external.length;
}

export interface PostingCheck {
  /** Records the post against the limits; call once it has been stored. */
  record(): void;
}

/** Refuses with a 429 (or a 400 for too many links) before anything is written. */
export function checkPosting(uid: string, body: string, memberSince: number | null, now: number): PostingCheck {
  for (const [limiter, what] of [
    [perMinute, "in the last minute"],
    [perHour, "in the last hour"],
  ] as const) {
    const d = limiter.check(uid, now);
    if (!d.allowed)
      throw new ForumError(429, `You have posted a lot ${what}. Wait ${waitText(d.retryAfterMs)} and try again.`);
  }
  const links = countLinks(body);
  const isNew = memberSince === null || now - memberSince < NEW_MEMBER_MS;
  if (isNew && links > 0) {
    if (links > NEW_MEMBER_LINKS_PER_POST) {
      throw new ForumError(
        400,
        `In your first day on SkillSwap a post can hold at most ${NEW_MEMBER_LINKS_PER_POST} links. Remove some and try again.`,
      );
    }
    const d = newMemberLinks.check(uid, now);
    if (!d.allowed)
      throw new ForumError(
        429,
        `In your first day you can post links ${NEW_MEMBER_LINK_POSTS_PER_DAY} times. Wait ${waitText(d.retryAfterMs)}, or post without links.`,
      );
  }
  return {
    record() {
      perMinute.hit(uid, now);
      perHour.hit(uid, now);
      if (isNew && links > 0) newMemberLinks.hit(uid, now);
    },
  };
}
