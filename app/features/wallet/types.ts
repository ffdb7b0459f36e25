import type { TransactionType } from "~/documents/wallets";
import type { LedgerLabel, LedgerParams } from "./labels";

export type { TransactionType } from "~/documents/wallets";

/** What a caller asks the ledger to post. `id` is the idempotency key (ARCHITECTURE.md). */
export interface LedgerEntry {
  id: string;
  /** Signed whole SP: positive credits, negative debits. */
  amount: number;
  type: TransactionType;
  /** The line in English, stored as written (the data export, the back office, earlier versions). */
  description: string;
  /**
   * The line's key and values, rendered in the reader's language (decision 063). Every writer of
   * the app names one; without it (a test's entry) the wallet shows `description`.
   */
  label?: LedgerLabel;
  params?: LedgerParams;
  ref?: string | null;
}
