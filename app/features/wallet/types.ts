/**
 * Why an entry moved SP. Kept as a closed union so the wallet page and the reconciliation report
 * can name every kind, and a typo fails the type check instead of creating a new kind.
 */
export type TransactionType =
  | "welcome_bonus"
  | "top_up"
  | "top_up_refund"
  | "booking_hold"
  | "booking_release"
  | "booking_payout"
  | "refund"
  | "adjustment"
  | "subscription";

/** What a caller asks the ledger to post. `id` is the idempotency key (ARCHITECTURE.md). */
export interface LedgerEntry {
  id: string;
  /** Signed whole SP: positive credits, negative debits. */
  amount: number;
  type: TransactionType;
  description: string;
  ref?: string | null;
}

/** `wallets/{uid}` */
export interface WalletDoc {
  balance: number;
  [field: string]: unknown;
}

/** `wallets/{uid}/transactions/{id}` as stored. Never edited once written. */
export interface WalletEntryDoc {
  amount: number;
  timestamp: number;
  type: TransactionType;
  description: string;
  ref: string | null;
  [field: string]: unknown;
}

export interface WalletEntry extends WalletEntryDoc {
  id: string;
}
