/**
 * A notification's words in the reader's language (decision 060): a notice written with a kind is
 * the catalogue's `kinds.<kind>` ("notifications" namespace) filled with its parameters; one
 * written by an earlier version (no kind), or of a kind this version does not know, shows the title
 * and body it stored. Browser-safe and pure: the pages that list notices render them with the
 * namespace they name, the server renders the English kept beside the kind.
 */
import type { TFunction } from "i18next";

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
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export type NoticeParams = Record<string, string | number>;

/**
 * What a message may name, with the value a missing one reads as: a document written with a
 * parameter left out (or by a later version that renamed it) still renders, never throws.
 */
const PARAM_DEFAULTS: NoticeParams = { skill: "", minutes: 0, sp: 0, paid: "no", waits: "no" };

export interface StoredNotice {
  kind: string;
  params: NoticeParams;
  title: string;
  body: string;
}

const isKind = (kind: string): kind is NoticeKind => (NOTICE_KINDS as readonly string[]).includes(kind);

/** The title and body to show; `t` is fixed to the "notifications" namespace of the reader's language. */
export function noticeText(notice: StoredNotice, t: TFunction): { title: string; body: string } {
  if (!isKind(notice.kind)) return { title: notice.title, body: notice.body };
  const values = { ...PARAM_DEFAULTS, ...notice.params };
  return {
    title: t(`kinds.${notice.kind}.title`, values),
    body: t(`kinds.${notice.kind}.body`, values),
  };
}
