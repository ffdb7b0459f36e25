/**
 * Posting limits on the board, as the forum's (decision 018): a burst limit for everyone, and links
 * limited for members in their first day. Through the shared rate limiter's public functions.
 */
import {
  countLinks,
  NEW_MEMBER_LINKS_PER_POST,
  NEW_MEMBER_LINK_POSTS_PER_DAY,
  NEW_MEMBER_MS,
} from "~/features/community/limits.server";
import { createRateLimiter, waitText } from "~/utils/rate-limit.server";
import { BoardError } from "./errors";

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

export interface PostingCheck {
  /** Records the post against the limits; call once it has been stored. */
  record(): void;
}

/** Refuses with a 429 (or a 400 for too many links) before anything is written; `text` is what others will read. */
export function checkBoardPosting(
  uid: string,
  text: string,
  memberSince: number | null,
  now: number,
  isNew: boolean,
): PostingCheck {
  if (isNew)
    for (const [limiter, what] of [
      [perHour, "in the last hour"],
      [perDay, "today"],
    ] as const) {
      const d = limiter.check(uid, now);
      if (!d.allowed)
        throw new BoardError(
          429,
          `You have put up many posts ${what}. Wait ${waitText(d.retryAfterMs)} and try again.`,
        );
    }
  const links = countLinks(text);
  const firstDay = memberSince === null || now - memberSince < NEW_MEMBER_MS;
  if (firstDay && links > 0) {
    if (links > NEW_MEMBER_LINKS_PER_POST)
      throw new BoardError(
        400,
        `In your first day on SkillSwap a post can hold at most ${NEW_MEMBER_LINKS_PER_POST} links. Remove some and try again.`,
      );
    const d = newMemberLinks.check(uid, now);
    if (!d.allowed)
      throw new BoardError(
        429,
        `In your first day you can post links ${NEW_MEMBER_LINK_POSTS_PER_DAY} times. Wait ${waitText(d.retryAfterMs)}, or post without links.`,
      );
  }
  return {
    record() {
      if (isNew) {
        perHour.hit(uid, now);
        perDay.hit(uid, now);
      }
      if (firstDay && links > 0) newMemberLinks.hit(uid, now);
    },
  };
}
