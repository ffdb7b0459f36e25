/**
 * Proves the ledger invariant `balance == sum(entries)` (ARCHITECTURE.md). Each wallet is read in
 * one transaction so a credit landing mid-check cannot show up as a false mismatch.
 */
import type { DocStore } from "~/engine/store/types";
import { entriesPath, walletPath } from "./ledger.server";
import type { WalletDoc, WalletEntryDoc } from "./types";

export interface WalletReconciliation {
  uid: string;
  /** The stored balance, or null when it is not a whole number. */
  balance: number | null;
  sum: number;
  entries: number;
  ok: boolean;
  /** Why the wallet failed, for the report; empty when ok. */
  problems: string[];
}

export async function reconcileWallet(store: DocStore, uid: string): Promise<WalletReconciliation> {
  return store.transaction(async (tx) => {
    const [wallet, entries] = await Promise.all([
      tx.get<WalletDoc>(walletPath(uid)),
      tx.query<WalletEntryDoc>({ collection: entriesPath(uid) }),
    ]);
    const problems: string[] = [];
    const raw = wallet ? wallet.data.balance : 0;
    const balance = Number.isSafeInteger(raw) ? (raw as number) : null;
    if (balance === null) problems.push(`balance is not a whole number: ${String(raw)}`);
    else if (balance < 0) problems.push(`balance is negative: ${balance}`);

    let sum = 0;
    for (const entry of entries) {
      if (!Number.isSafeInteger(entry.data.amount) || entry.data.amount === 0) {
        problems.push(`entry ${entry.id} has an invalid amount: ${String(entry.data.amount)}`);
        continue;
      }
      sum += entry.data.amount;
    }
    if (balance !== null && balance !== sum) problems.push(`balance ${balance} != sum of entries ${sum}`);
    return { uid, balance, sum, entries: entries.length, ok: problems.length === 0, problems };
  });
}

export interface ReconciliationReport {
  checked: number;
  failures: WalletReconciliation[];
}

/**
 * Every wallet document. Entries under a uid that has no wallet document cannot be listed without
 * collection-group queries, which the DocStore port does not offer; the ledger never writes an
 * entry without its wallet, so such orphans would mean a writer bypassed it.
 */
export async function reconcileAll(store: DocStore, { concurrency = 8 } = {}): Promise<ReconciliationReport> {
  const wallets = await store.query({ collection: "wallets" });
  const failures: WalletReconciliation[] = [];
  let next = 0;
  const worker = async () => {
    while (next < wallets.length) {
      const uid = wallets[next++].id;
      const result = await reconcileWallet(store, uid);
      if (!result.ok) failures.push(result);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, wallets.length) }, worker));
  failures.sort((a, b) => (a.uid < b.uid ? -1 : 1));
  return { checked: wallets.length, failures };
}
