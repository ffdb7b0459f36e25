/**
 * Proves the ledger invariant `balance == sum(entries)` (ARCHITECTURE.md). Each wallet is read in
 * one transaction so a credit landing mid-check cannot show up as a false mismatch.
 */
import type { DocStore } from "~/engine/store/types";
import { WALLETS, entriesOf, readWallet, readWalletEntry, walletPath } from "~/documents/wallets";

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
    const [wallet, entries] = await Promise.all([tx.get(walletPath(uid)), tx.query({ collection: entriesOf(uid) })]);
    const problems: string[] = [];
    // The schema reads a balance or amount that is not whole SP as NaN; the report names what is stored.
    const read = readWallet(wallet?.data).balance;
    const balance = Number.isNaN(read) ? null : read;
    if (balance === null) problems.push(`balance is not a whole number: ${String(wallet?.data.balance)}`);
    else if (balance < 0) problems.push(`balance is negative: ${balance}`);

    let sum = 0;
    for (const entry of entries) {
      const { amount } = readWalletEntry(entry.data);
      if (Number.isNaN(amount) || amount === 0) {
        problems.push(`entry ${entry.id} has an invalid amount: ${String(entry.data.amount)}`);
        continue;
      }
      sum += amount;
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
  const wallets = await store.query({ collection: WALLETS });
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
