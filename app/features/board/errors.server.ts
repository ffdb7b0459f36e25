import { fixedT } from "~/i18n/i18n.server";
import { intlLocale, waitWords } from "~/utils/format";

/** The board's refusals by key in the "board" namespace (`errors.<key>`), decision 070. */
export type BoardErrorKey =
  | "postNotFound"
  | "noProfile"
  | "tooManyActive"
  | "notYourPost"
  | "hidden"
  | "hiddenEdit"
  | "hiddenDelete"
  | "closedRenew"
  | "expiryDays"
  | "badPageLink"
  | "tooManyHour"
  | "tooManyDay";

/** A refusal's figures: limits, and how long to wait (written with Intl's unit names). */
export type BoardErrorValues = { max?: number; min?: number; waitMs?: number };

function boardText(language: string, key: BoardErrorKey, values: BoardErrorValues): string {
  const { waitMs = 0, ...figures } = values;
  return fixedT(language, "board")(`errors.${key}`, { ...figures, wait: waitWords(waitMs, intlLocale(language)) });
}

/**
 * A refusal a person can act on, with the HTTP status the action answers. `key` and `values` write
 * it in the reader's language (textIn); the English message stays on the error for logs and tests.
 * A refusal without a key (the first-day link rule shared with the forum) reads as it was written.
 */
export class BoardError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 429,
    message: string,
    readonly key?: BoardErrorKey,
    readonly values: BoardErrorValues = {},
  ) {
    super(message);
    this.name = "BoardError";
  }

  /** The refusal in `language`. */
  textIn(language: string): string {
    return this.key ? boardText(language, this.key, this.values) : this.message;
  }
}

/** A keyed refusal, its English message from the catalogue. */
export function boardRefusal(
  status: BoardError["status"],
  key: BoardErrorKey,
  values: BoardErrorValues = {},
): BoardError {
  return new BoardError(status, boardText("en", key, values), key, values);
}
