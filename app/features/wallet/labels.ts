import type { TransactionType } from "./types";

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
