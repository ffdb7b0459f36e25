import type { TFunction } from "i18next";
import { formatNumber, formatSp } from "~/utils/format";
import type { TransactionType } from "~/documents/wallets";

/**
 * What an entry's line says, as a key of the ledger's lines (common `ledger.<label>`, decision
 * 063): the wallet page and the header's dropdown render it with the entry's `params` in the
 * reader's language. In `common` because the dropdown is on every page.
 */
export const LEDGER_LABELS = [
  "welcome_bonus",
  "top_up",
  "top_up_refund",
  "booking_hold",
  "refund",
  "half_refund",
  "payment",
  "half_payment",
  "plus_allowance",
  "adjustment",
] as const;
export type LedgerLabel = (typeof LEDGER_LABELS)[number];
export type LedgerParams = Record<string, string | number>;

/** Why a booking's SP moved (`params.why`), a code named in the reader's language (`ledger.why.<code>`). */
export const BOOKING_MONEY_REASONS = ["declined", "cancelled", "expired", "late", "dispute", "auto"] as const;
export type BookingMoneyReason = (typeof BOOKING_MONEY_REASONS)[number];

/** The English words those codes were written with, word for word as the stored descriptions say them. */
export const BOOKING_MONEY_REASON_WORDS: Record<BookingMoneyReason, string> = {
  declined: "declined",
  cancelled: "cancelled",
  expired: "not accepted in time",
  late: "late cancellation",
  dispute: "dispute resolved",
  auto: "completed automatically",
};

export const isLedgerLabel = (label: string): label is LedgerLabel =>
  (LEDGER_LABELS as readonly string[]).includes(label);
const isReason = (why: string): why is BookingMoneyReason => (BOOKING_MONEY_REASONS as readonly string[]).includes(why);

/** A booking's skill as the reader names it: the taxonomy's name in their language, or a member's own tag (`own`). */
export interface NamedSkill {
  name: string;
  own: boolean;
}

export interface StoredLine {
  type: string;
  amount: number;
  label: string;
  params: LedgerParams;
  description: string;
  /** `params.skill` named for the reader by the loader that sent the entry (entry-skills.server.ts). */
  skill?: NamedSkill;
}

/**
 * The line to render: a label this version knows, with its values. An entry written before labels
 * (no `label`) is still rendered when its type alone says everything its line said (the welcome
 * bonus; a top-up and a Plus allowance, whose SP are the entry's amount); any other, and a label
 * from a later version, shows its stored description (`null` here).
 */
export function lineOf(entry: StoredLine): { label: LedgerLabel; params: LedgerParams } | null {
  if (entry.label) return isLedgerLabel(entry.label) ? { label: entry.label, params: entry.params } : null;
  if (entry.type === "welcome_bonus") return { label: "welcome_bonus", params: {} };
  if (entry.type === "top_up" && entry.amount > 0) return { label: "top_up", params: { sp: entry.amount } };
  if (entry.type === "subscription" && entry.amount > 0)
    return { label: "plus_allowance", params: { sp: entry.amount } };
  return null;
}

/**
 * An entry's line in the reader's language; `t` is fixed to "common", `locale` is the reader's Intl
 * locale. Member- and admin-written values (a skill as the booking stored it, an adjustment's
 * reason) are passed in as given: a caller that marks them translate="no" passes a placeholder and
 * puts the element in its place (components/wallet/entry-line.tsx). A missing value reads neutral.
 */
export function entryLineText(
  line: { label: LedgerLabel; params: LedgerParams },
  t: TFunction,
  locale: string,
  written: { skill?: string; reason?: string } = {},
): string {
  const { params } = line;
  const sp = formatSp(Number(params.sp) || 0, locale);
  const why = String(params.why ?? "");
  const session = t("ledger.session", {
    skill: written.skill ?? String(params.skill ?? ""),
    minutes: formatNumber(Number(params.minutes) || 0, locale),
  });
  // A payment for a session says why only when it has a reason ("completed automatically").
  const key = line.label === "payment" && isReason(why) ? "paymentWhy" : line.label;
  return t(`ledger.${key}`, {
    sp,
    session,
    why: isReason(why) ? t(`ledger.why.${why}`) : "",
    reason: written.reason ?? String(params.reason ?? ""),
  });
}

const TYPE_LABELS: Record<TransactionType, string> = {
  welcome_bonus: "Welcome bonus",
  top_up: "Top-up",
  top_up_refund: "Top-up refunded",
  booking_hold: "Session booked",
  booking_release: "Booking released",
  booking_payout: "Session payout",
  refund: "Refund",
  adjustment: "Adjustment",
  subscription: "Subscription",
};

/** A kind of entry the wallet's catalogue names (wallet.json `types.<kind>`). */
export function isKnownTransactionType(type: string): type is TransactionType {
  return Object.hasOwn(TYPE_LABELS, type);
}

/** What the wallet page calls a kind of entry. Unknown kinds (from a newer server) still read sensibly. */
export function transactionTypeLabel(type: string): string {
  if (Object.hasOwn(TYPE_LABELS, type)) return TYPE_LABELS[type as TransactionType];
  const words = type.replace(/_/g, " ").trim();
  return words ? words[0].toUpperCase() + words.slice(1) : "Other";
}

/**
 * Date and time of an entry in the member's own timezone. The server and the browser format with
 * the same zone and locale, so the hydrated text matches the server-rendered one.
 */
export function formatEntryTime(timestamp: number, timeZone: string, locale = "en-IE"): string {
  return entryTimeFormat(locale, timeZone).format(timestamp);
}

// Building an Intl formatter costs about as much as formatting fifty dates: the wallet page formats
// every entry of its page, so one formatter per locale and zone is kept (zones and locales are few).
const entryTimeFormats = new Map<string, Intl.DateTimeFormat>();

function entryTimeFormat(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}`;
  let format = entryTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone });
    if (entryTimeFormats.size < 1_000) entryTimeFormats.set(key, format);
  }
  return format;
}
