/**
 * A notification's words in the reader's language (decision 060): a notice written with a kind is
 * the catalogue's `kinds.<kind>` ("notifications" namespace) filled with its parameters; one
 * written by an earlier version (no kind), or of a kind this version does not know, shows the title
 * and body it stored. Browser-safe and pure: the pages that list notices render them with the
 * namespace they name, the server renders the English kept beside the kind.
 */
import type { TFunction } from "i18next";
import type { NotificationPayload } from "~/engine/live/feeds";
import { SOURCE_LANGUAGE } from "~/i18n/config";
import { formatNumber, formatPrice, intlLocale, isolated, isolatedInRightToLeft } from "~/utils/format";

/** Every kind the catalogue has; a stored kind outside this list reads as stored. */
export const NOTICE_KINDS = [
  "booking_requested",
  "booking_confirmed",
  "booking_accepted",
  "booking_declined",
  "booking_expired_learner",
  "booking_expired_mentor",
  "booking_cancelled",
  "booking_completed_mentor",
  "booking_completed_learner",
  "booking_disputed",
  "booking_resolved",
  "booking_payout_released",
  "booking_reminder",
  "welcome_bonus",
  "top_up_added",
  "top_up_refunded",
  "subscription_credited",
  "subscription_failed",
  "chat_first_message",
  "forum_mention",
  "forum_reply",
  "forum_answer",
  "board_post_one",
  "board_posts_many",
  "board_expiry",
  "proposal_new",
  "proposal_closed",
  "proposal_deleted",
  "proposal_other_accepted",
  "proposal_withdrawn",
  "proposal_accepted",
  "proposal_declined",
  "proposal_lapsed",
  "review_received",
  "account_reactivated",
  "balance_adjusted",
  "dispute_note",
  "export_ready",
  "export_failed",
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export type NoticeParams = Record<string, string | number>;

/**
 * What a message may name, with the value a missing one reads as: a document written with a
 * parameter left out (or by a later version that renamed it) still renders, never throws.
 */
const PARAM_DEFAULTS: NoticeParams = {
  skill: "",
  minutes: 0,
  sp: 0,
  paid: "no",
  waits: "no",
  name: "",
  title: "",
  count: 0,
  days: 0,
  stars: 0,
  taken: 0,
  swap: "no",
  postType: "offer",
  cents: 0,
  currency: "EUR",
  amount: 0,
  reason: "",
};

/**
 * Kinds whose body is what a member (or an admin) wrote, kept in `params.text`: it is shown as
 * written, never through the catalogue, and the page marks it translate="no".
 */
const WRITTEN_BODY: ReadonlySet<string> = new Set([
  "chat_first_message",
  "forum_mention",
  "forum_reply",
  "forum_answer",
  "board_post_one",
  "account_reactivated",
  "balance_adjusted",
  "dispute_note",
]);

/** Whether a notice's body is a member's own words (a message, a thread's or post's title, an admin's reason). */
export function bodyIsWritten(notice: Pick<StoredNotice, "kind">): boolean {
  return WRITTEN_BODY.has(notice.kind);
}

export interface StoredNotice {
  kind: string;
  params: NoticeParams;
  title: string;
  body: string;
  /** `params.skill` as the server named it for the reader (NotificationPayload.skill). */
  skill?: { name: string; own?: boolean };
}

/** A stored currency code Intl does not know reads as the amount alone, never an error. */
function priceOf(cents: number, currency: string, locale: string): string {
  try {
    return formatPrice(cents, currency, locale);
  } catch {
    return formatNumber(cents / 100, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }
}

const KINDS: ReadonlySet<string> = new Set(NOTICE_KINDS);
const isKind = (kind: string): kind is NoticeKind => KINDS.has(kind);

/** A stored skill's name for the reader: the taxonomy's in their language, a member's own tag as written. */
export type SkillNameOf = (label: string) => string;
const asStored: SkillNameOf = (label) => label;

const SIGNED: Intl.NumberFormatOptions = { signDisplay: "exceptZero", maximumFractionDigits: 0 };

/**
 * The kinds whose title or body names `{price}` or `{signed}` in some catalogue (text.test.ts checks
 * every catalogue against this list). Only theirs are formatted: the two Intl calls were most of
 * a notice's values, and the dashboard names five notices on every visit (decision 180).
 */
export const MONEY_KINDS: ReadonlySet<string> = new Set([
  "top_up_added",
  "top_up_refunded",
  "subscription_credited",
  "subscription_failed",
  "balance_adjusted",
]);

/** A notice as a list that draws its title alone needs it: see listedNotice. */
export type TitledNotice = Omit<StoredNotice, "title" | "body"> & { title?: string };

/** What a kind's title and body are filled with (see noticeText). */
function messageValues(notice: TitledNotice, t: TFunction, locale: string, skillName: SkillNameOf): NoticeParams {
  const values = { ...PARAM_DEFAULTS, ...notice.params };
  const name = String(values.name).trim();
  // A member's name is isolated, whichever its direction; without one, neutral words in the reader's
  // language (looked up only then: the dashboard names five notices on every visit, decision 128).
  values.name = name ? isolated(name) : t("aMember");
  // A member's own tag, their words, is isolated like a name (decision 109).
  values.skill = notice.skill?.own
    ? isolated(notice.skill.name)
    : isolatedInRightToLeft(notice.skill?.name ?? skillName(String(values.skill)), locale);
  values.title = String(values.title) || (notice.kind.startsWith("proposal_") ? t("aPost") : "");
  // Money and signed amounts as the reader writes them ("€5.00", "5,00 €"; "+20", "−20").
  if (MONEY_KINDS.has(notice.kind)) {
    values.price = priceOf(Number(values.cents) || 0, String(values.currency), locale);
    values.signed = formatNumber(Number(values.amount) || 0, locale, SIGNED);
  }
  return values;
}

/**
 * The title and body to show; `t` is fixed to the "notifications" namespace of the reader's
 * language, `locale` is their Intl locale (intlLocale(language)) for prices and signed amounts.
 * `params.skill` holds the skill as the booking or post labelled it (the taxonomy's English for a
 * built-in skill; decision 094): the notice's `skill`, named by the server, is shown, else
 * `skillName` names it; it is isolated in a right-to-left locale.
 * A member's `params.name` is isolated (FSI…PDI) in every locale (decision 109).
 */
export function noticeText(
  notice: StoredNotice,
  t: TFunction,
  locale = intlLocale(SOURCE_LANGUAGE),
  skillName: SkillNameOf = asStored,
): { title: string; body: string } {
  if (!isKind(notice.kind)) return { title: notice.title, body: notice.body };
  const values = messageValues(notice, t, locale, skillName);
  return {
    title: t(`kinds.${notice.kind}.title`, values),
    body: WRITTEN_BODY.has(notice.kind)
      ? String(notice.params.text ?? notice.body)
      : t(`kinds.${notice.kind}.body`, values),
  };
}

/** noticeText's title alone, for a list that shows no body (the dashboard's activity, decision 128). */
export function noticeTitle(
  notice: TitledNotice,
  t: TFunction,
  locale = intlLocale(SOURCE_LANGUAGE),
  skillName: SkillNameOf = asStored,
): string {
  if (!isKind(notice.kind)) return notice.title ?? "";
  return t(`kinds.${notice.kind}.title`, messageValues(notice, t, locale, skillName));
}

/** A notice in a list that shows titles only (see listedNotice). */
export type ListedNotice = Omit<NotificationPayload, "title" | "body"> & { title?: string };

/**
 * A notice as a list of titles draws it (the dashboard's activity, decision 187): without the stored
 * English body, and with the stored title only where noticeTitle shows it, a kind this version does
 * not know. Each was a distinct string of every dashboard's loader data that the page never drew.
 */
export function listedNotice(notice: NotificationPayload): ListedNotice {
  const { title, body, ...listed } = notice;
  return isKind(listed.kind) ? listed : { ...listed, title };
}
