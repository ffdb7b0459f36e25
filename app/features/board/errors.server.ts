import type { BookingError } from "~/features/bookings/bookings.server";
import { fixedT } from "~/i18n/i18n.server";
import { intlLocale, waitWords } from "~/utils/format";
import type { FirstDayLinkKey } from "~/features/community/errors";
import type { ProposalRefusal } from "./proposal-state";

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
  | "tooManyDay"
  | FirstDayLinkKey;

/** A refusal's figures: limits, and how long to wait (written with Intl's unit names). */
export type BoardErrorValues = { max?: number; min?: number; count?: number; waitMs?: number };

/** The first-day rule on links is the forum's too: its words are the forum's (community:errors.*). */
const FIRST_DAY_LINKS: ReadonlySet<BoardErrorKey> = new Set<FirstDayLinkKey>(["firstDayLinks", "firstDayLinkPosts"]);

function boardText(language: string, key: BoardErrorKey, values: BoardErrorValues): string {
  const { waitMs = 0, ...figures } = values;
  const t = fixedT(language, FIRST_DAY_LINKS.has(key) ? "community" : "board");
  return t(`errors.${key}`, { ...figures, wait: waitWords(waitMs, intlLocale(language)) });
}

/**
 * A refusal a person can act on, with the HTTP status the action answers. `key` and `values` write
 * it in the reader's language (textIn); the English message stays on the error for logs and tests.
 */
export class BoardError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 429,
    message: string,
    readonly key: BoardErrorKey,
    readonly values: BoardErrorValues = {},
  ) {
    super(message);
    this.name = "BoardError";
  }

  /** The refusal in `language`. */
  textIn(language: string): string {
    return boardText(language, this.key, this.values);
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

/** A proposal's refusals by key in the "board" namespace (`proposalErrors.<key>`), decision 078. */
export type ProposalErrorKey =
  | ProposalRefusal
  | "postNotFound"
  | "proposalNotFound"
  | "duration"
  | "chooseTime"
  | "spRange"
  | "messageTooLong"
  | "tooFast"
  | "ownPost"
  | "offerHasPrice"
  | "offerAsksSwap"
  | "offerNoSwapSkill"
  | "chooseSwapSkill"
  | "posterLeft"
  | "signInAgain"
  | "alreadyProposed"
  | "setAvailability"
  | "notAvailable";

/** A proposal refusal's figures: a limit, or how long to wait. */
export type ProposalErrorValues = { max?: number; waitMs?: number };

/** A proposal refusal in `language`. */
export function proposalErrorText(language: string, key: ProposalErrorKey, values: ProposalErrorValues = {}): string {
  const { waitMs = 0, max = 0 } = values;
  return fixedT(language, "board")(`proposalErrors.${key}`, { max, wait: waitWords(waitMs, intlLocale(language)) });
}

/**
 * A proposal refused, with the HTTP status the route answers: by key in the reader's language
 * (textIn), or, when accepting it could not book (the poster's wallet, the calendar), the booking's
 * own refusal. The English message stays on the error for logs and tests.
 */
export class ProposalError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 429,
    readonly key: ProposalErrorKey | null,
    readonly values: ProposalErrorValues = {},
    /** For a poster whose wallet does not cover the session: how many SP are missing. */
    readonly shortBy = 0,
    private readonly booking?: BookingError,
  ) {
    super(key ? proposalErrorText("en", key, values) : (booking?.message ?? ""));
    this.name = "ProposalError";
  }

  /** Accepting could not book: the booking's refusal, answered as a 409 when it was a rate limit. */
  static ofBooking(error: BookingError): ProposalError {
    return new ProposalError(error.status === 429 ? 409 : error.status, null, {}, error.shortBy, error);
  }

  /** The refusal in `language`. */
  textIn(language: string): string {
    return this.key
      ? proposalErrorText(language, this.key, this.values)
      : (this.booking?.textIn(language) ?? this.message);
  }
}
