import type { TFunction } from "i18next";
import { waitWords } from "~/utils/format";

/** The forum's refusals by key in the "community" namespace (`errors.<key>`), decision 068. */
export type ForumErrorKey =
  | "threadNotFound"
  | "postNotFound"
  | "spaceNotFound"
  | "chooseSpace"
  | "tooManyMentions"
  | "quoteGone"
  | "notYourPost"
  | "editWindowOver"
  | "postHidden"
  | "onlyAuthorAnswers"
  | "answerGone"
  | "badPageLink"
  | "tooManyPostsMinute"
  | "tooManyPostsHour"
  | FirstDayLinkKey;

/** The first-day rule on links (decision 018), the forum's and the board's: its words are the forum's. */
export type FirstDayLinkKey = "firstDayLinks" | "firstDayLinkPosts";

/**
 * A refusal a person can act on, with the HTTP status the action answers. The English message
 * stays on the error for logs and tests; `key` and `params` write it in the reader's language
 * (forumErrorText).
 */
export class ForumError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 429,
    message: string,
    readonly key: ForumErrorKey,
    readonly params: { max?: number; count?: number; waitMs?: number } = {},
  ) {
    super(message);
    this.name = "ForumError";
  }
}

export const THREAD_NOT_FOUND = "This thread does not exist or has been hidden.";
export const POST_NOT_FOUND = "This post does not exist.";

/** A forum refusal in the reader's language: `t` of the "community" namespace. */
export function forumErrorText(error: ForumError, t: TFunction, locale: string): string {
  const { max = 0, count = 0, waitMs = 0 } = error.params;
  return t(`errors.${error.key}`, { max, count, wait: waitWords(waitMs, locale) });
}
