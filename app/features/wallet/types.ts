import type { TransactionType } from "~/documents/wallets";

export type { TransactionType } from "~/documents/wallets";

/** What a caller asks the ledger to post. `id` is the idempotency key (ARCHITECTURE.md). */
export interface LedgerEntry {
  id: string;
  /** Signed whole SP: positive credits, negative debits. */
  amount: number;
  type: TransactionType;
  description: string;
  ref?: string | null;
}
