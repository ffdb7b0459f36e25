/**
 * Posting limits on the board, as the forum's (decision 018): a burst limit for everyone, and links
 * limited for members in their first day. Through the shared rate limiter's public functions.
 */
import {
  checkNewMemberLinks,
  NEW_MEMBER_LINK_POSTS_PER_DAY,
  NEW_MEMBER_MS,
  type PostingCheck,
} from "~/features/community/limits.server";
import { createRateLimiter } from "~/utils/rate-limit.server";
import { boardRefusal } from "./errors.server";

export const BOARD_POSTS_PER_HOUR = 10;
export const BOARD_POSTS_PER_DAY = 30;

const perHour = createRateLimiter({
  name: "board_posts_hour",
  windowMs: 60 * 60_000,
  max: BOARD_POSTS_PER_HOUR,
  maxKeys: 50_000,
});
const perDay = createRateLimiter({
  name: "board_posts_day",
  windowMs: 24 * 60 * 60_000,
  max: BOARD_POSTS_PER_DAY,
  maxKeys: 50_000,
});
const newMemberLinks = createRateLimiter({
  name: "board_new_member_links",
  windowMs: NEW_MEMBER_MS,
  max: NEW_MEMBER_LINK_POSTS_PER_DAY,
  maxKeys: 50_000,
});

/** Refuses with a 429 (or a 400 for too many links) before anything is written; `text` is what others will read. */
export function checkBoardPosting(
  uid: string,
  text: string,
  memberSince: number | null,
  now: number,
  isNew: boolean,
): PostingCheck {
  if (isNew)
    for (const [limiter, key] of [
      [perHour, "tooManyHour"],
      [perDay, "tooManyDay"],
    ] as const) {
      const d = limiter.check(uid, now);
      if (!d.allowed) throw boardRefusal(429, key, { waitMs: d.retryAfterMs });
    }
  const links = checkNewMemberLinks(newMemberLinks, uid, text, memberSince, now, boardRefusal);
  return {
    record() {
      if (isNew) {
        perHour.hit(uid, now);
        perDay.hit(uid, now);
      }
      links.record();
    },
  };
}
