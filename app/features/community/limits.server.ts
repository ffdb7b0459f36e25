/**
 * Posting limits (decision 018): a burst limit for everyone, and links limited for members in
 * their first day, when most spam accounts post. Through the shared rate limiter's public functions.
 */
import { fixedT } from "~/i18n/i18n.server";
import { intlLocale } from "~/utils/format";
import { createRateLimiter, type RateLimiter } from "~/utils/rate-limit.server";
import { ForumError, forumErrorText, type FirstDayLinkKey, type ForumErrorKey } from "./errors";

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
  for (const [limiter, key] of [
    [perMinute, "tooManyPostsMinute"],
    [perHour, "tooManyPostsHour"],
  ] as const) {
    const d = limiter.check(uid, now);
    if (!d.allowed) throw forumRefusal(429, key, { waitMs: d.retryAfterMs });
  }
  const links = checkNewMemberLinks(newMemberLinks, uid, body, memberSince, now, forumRefusal);
  return {
    record() {
      perMinute.hit(uid, now);
      perHour.hit(uid, now);
      links.record();
    },
  };
}

/** A forum refusal by key, its English message from the catalogue (logs and tests). */
export function forumRefusal(
  status: ForumError["status"],
  key: ForumErrorKey,
  params: ForumError["params"] = {},
): ForumError {
  const error = new ForumError(status, "", key, params);
  error.message = forumErrorText(error, fixedT("en", "community"), intlLocale("en"));
  return error;
}

/** The first-day rule's figures, for its message: the most links a post may hold, posts with links a day, the wait. */
export type FirstDayLinkValues = { max?: number; count?: number; waitMs?: number };

/**
 * The first-day rule on links (decision 018), for the forum and the board alike, each with its own
 * `limiter` of posts with links: refuses a post holding too many links, or a member's post with
 * links once the day's are used up, by `refuse` (a 400 or a 429, by key: the words are the forum's,
 * community:errors.firstDay*, decision 078); `record()` counts the post.
 */
export function checkNewMemberLinks(
  limiter: RateLimiter,
  uid: string,
  text: string,
  memberSince: number | null,
  now: number,
  refuse: (status: 400 | 429, key: FirstDayLinkKey, values: FirstDayLinkValues) => Error,
): PostingCheck {
  const links = countLinks(text);
  const isNew = memberSince === null || now - memberSince < NEW_MEMBER_MS;
  if (isNew && links > 0) {
    if (links > NEW_MEMBER_LINKS_PER_POST) throw refuse(400, "firstDayLinks", { max: NEW_MEMBER_LINKS_PER_POST });
    const d = limiter.check(uid, now);
    if (!d.allowed)
      throw refuse(429, "firstDayLinkPosts", { count: NEW_MEMBER_LINK_POSTS_PER_DAY, waitMs: d.retryAfterMs });
  }
  return {
    record() {
      if (isNew && links > 0) limiter.hit(uid, now);
    },
  };
}
