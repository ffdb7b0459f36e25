/**
 * `wallets/{uid}` and its ledger entries `wallets/{uid}/transactions/{entryId}` (ARCHITECTURE.md
 * "The wallet is a ledger"; only features/wallet/ledger.server.ts writes them). Browser-safe: the
 * live feeds name the same paths. Decision: docs/decisions/023-documents-typed-once.md.
 *
 * Money is read strictly, not leniently: a balance or amount that is not a whole number of SP reads
 * as NaN, never as a default, so the ledger refuses it and the reconciliation reports it instead of
 * a wrong figure passing for a right one. Every other field is lenient like the rest of this folder.
 */
import { z } from "zod/v4";
import { count, getParsed, messageParams, money, optionalText, text, type DocReader } from "./fields";

export const WALLETS = "wallets";
export const walletPath = (uid: string) => `${WALLETS}/${uid}`;
export const entriesOf = (uid: string) => `${walletPath(uid)}/transactions`;
export const entryPath = (uid: string, entryId: string) => `${entriesOf(uid)}/${entryId}`;

/**
 * Why an entry moved SP. Kept as a closed union so the wallet page and the reconciliation report
 * can name every kind, and a typo in a writer fails the type check instead of creating a new kind.
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

/** Whole SP as stored; NaN when it is not a safe integer (see above). `missing` is what an absent field is. */
const sp = money;

export const walletSchema = z.object({
  /** Whole SP; a wallet written before any entry, or never, holds 0. */
  balance: sp(0),
});
export type WalletDoc = z.output<typeof walletSchema>;

/** A member with no wallet document holds 0 SP. */
export function readWallet(data: Record<string, unknown> | null | undefined): WalletDoc {
  return data ? walletSchema.parse(data) : { balance: 0 };
}

export async function getWallet(reader: DocReader, uid: string): Promise<WalletDoc> {
  return (await getParsed(reader, walletPath(uid), readWallet)) ?? { balance: 0 };
}

export const walletEntrySchema = z.object({
  /** Signed whole SP: positive credits, negative debits; NaN when malformed (never 0 when written). */
  amount: sp(Number.NaN),
  timestamp: count(),
  /**
   * A TransactionType when written by this version; read as the stored string, because an entry
   * may come from a later version with a kind this one does not know (labels.ts still names it).
   */
  type: text(),
  /**
   * The entry's line in English as it was written. Entries written since decision 063 also carry
   * `label` and `params`, and the wallet renders the line from them in the reader's language; this
   * stays for the data export, the back office and earlier versions, and is shown for entries
   * written before (features/wallet/labels.ts).
   */
  description: text(),
  /** A key of the ledger's lines (common `ledger.<label>`); "" in entries written before decision 063. */
  label: text(),
  /** The values the label names (SP, a skill, minutes, a reason's code, an admin's reason); strings and numbers only. */
  params: messageParams,
  /** What the entry is about (a booking, a checkout); null when nothing. */
  ref: optionalText,
});
/** `wallets/{uid}/transactions/{id}` as stored. Never edited once written. */
export type WalletEntryDoc = z.output<typeof walletEntrySchema>;
export interface WalletEntry extends WalletEntryDoc {
  id: string;
}

export const readWalletEntry = (data: Record<string, unknown>): WalletEntryDoc => walletEntrySchema.parse(data);
export const toWalletEntry = ({ id, data }: { id: string; data: Record<string, unknown> }): WalletEntry => ({
  ...readWalletEntry(data),
  id,
});
