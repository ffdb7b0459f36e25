/**
 * The wallet ledger (ARCHITECTURE.md "The wallet is a ledger"). This module is the only writer of
 * `wallets/{uid}.balance` and `wallets/{uid}/transactions/*`: every balance change is one entry
 * written in the same transaction as the new balance, keyed by an idempotency id.
 */
import { cachedRead } from "~/engine/index.server";
import type { DocStore, Transaction } from "~/engine/store/types";
import {
  entriesOf,
  entryPath as entryPathOf,
  readWallet,
  readWalletEntry,
  toWalletEntry,
  walletPath,
  type WalletEntry,
  type WalletEntryDoc,
} from "~/documents/wallets";
import type { LedgerEntry } from "./types";

export type { LedgerEntry } from "./types";

export interface PreparedEntry {
  /** The entry already exists: this operation ran before, and commit() will write nothing. */
  alreadyApplied: boolean;
  balanceBefore: number;
  balanceAfter: number;
  commit(): void;
}

export class InsufficientFundsError extends Error {
  constructor(
    readonly uid: string,
    readonly balance: number,
    readonly amount: number,
  ) {
    super(`Not enough SP: the balance is ${balance} SP and this needs ${-amount} SP.`);
    this.name = "InsufficientFundsError";
  }
}

/** Raised for a malformed entry or a stored wallet that breaks the ledger's invariants: a bug, not user input. */
export class LedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LedgerError";
  }
}

/** Ids become path segments, so a slash would address some other document. */
export function assertDocId(kind: string, value: string): void {
  if (!value || value.length > 300 || value.includes("/") || value === "." || value === "..") {
    throw new LedgerError(`Invalid ${kind}: ${JSON.stringify(value)}`);
  }
}

function assertEntry(entry: LedgerEntry): void {
  assertDocId("entry id", entry.id);
  if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) {
    throw new LedgerError(`Entry ${entry.id}: amount must be a non-zero whole number of SP, got ${entry.amount}`);
  }
}

/** The wallet's balance, refused when it breaks the invariants (read as NaN when not whole SP). */
function storedBalance(uid: string, wallet: { data: Record<string, unknown> } | null): number {
  const { balance } = readWallet(wallet?.data);
  if (!Number.isSafeInteger(balance) || balance < 0) {
    throw new LedgerError(`Wallet ${uid} holds an invalid balance: ${String(wallet?.data.balance)}`);
  }
  return balance;
}

// A second entry for the same wallet in one transaction would read the balance the first one is
// about to replace, and its write would silently overwrite the first. Refuse it instead.
const walletsInTransaction = new WeakMap<Transaction, Set<string>>();

function claimWallet(tx: Transaction, uid: string): void {
  let claimed = walletsInTransaction.get(tx);
  if (!claimed) {
    claimed = new Set();
    walletsInTransaction.set(tx, claimed);
  }
  if (claimed.has(uid)) {
    throw new LedgerError(
      `prepareEntry was called twice for wallet ${uid} in one transaction; post one combined entry instead.`,
    );
  }
  claimed.add(uid);
}

/**
 * The reads and checks of one ledger entry. Call it before any write of the transaction, then call
 * commit() to write the new balance and the entry. A debit that does not fit throws
 * InsufficientFundsError, unless the entry was applied before.
 */
export async function prepareEntry(
  tx: Transaction,
  uid: string,
  entry: LedgerEntry,
  now: number,
): Promise<PreparedEntry> {
  assertDocId("wallet id", uid);
  assertEntry(entry);
  claimWallet(tx, uid);

  const entryPath = entryPathOf(uid, entry.id);
  const [wallet, existingDoc] = await Promise.all([tx.get(walletPath(uid)), tx.get(entryPath)]);
  const balanceBefore = storedBalance(uid, wallet);
  const existing = existingDoc && readWalletEntry(existingDoc.data);

  if (existing) {
    // The same key with a different meaning is a caller bug; crediting "once" would hide it.
    if (existing.amount !== entry.amount || existing.type !== entry.type) {
      throw new LedgerError(`Entry ${entry.id} of wallet ${uid} already exists with a different amount or type.`);
    }
    return { alreadyApplied: true, balanceBefore, balanceAfter: balanceBefore, commit: () => {} };
  }

  const balanceAfter = balanceBefore + entry.amount;
  if (balanceAfter < 0) throw new InsufficientFundsError(uid, balanceBefore, entry.amount);

  let committed = false;
  return {
    alreadyApplied: false,
    balanceBefore,
    balanceAfter,
    commit() {
      if (committed) throw new LedgerError(`Entry ${entry.id} of wallet ${uid} was committed twice.`);
      committed = true;
      tx.set(walletPath(uid), { balance: balanceAfter }, { merge: true });
      const doc: WalletEntryDoc = {
        amount: entry.amount,
        timestamp: now,
        type: entry.type,
        description: entry.description,
        label: entry.label ?? "",
        params: entry.params ?? {},
        ref: entry.ref ?? null,
      };
      tx.create(entryPath, doc);
    },
  };
}

/** Posts one entry in its own transaction. `applied` is false when the entry existed already. */
export async function postEntry(
  store: DocStore,
  uid: string,
  entry: LedgerEntry,
  now = Date.now(),
): Promise<{ applied: boolean; balance: number }> {
  return store.transaction(async (tx) => {
    const prepared = await prepareEntry(tx, uid, entry, now);
    prepared.commit();
    return { applied: !prepared.alreadyApplied, balance: prepared.balanceAfter };
  });
}

export async function getBalance(store: DocStore, uid: string): Promise<number> {
  return storedBalance(uid, await store.get(walletPath(uid)));
}

export interface EntryPage {
  entries: WalletEntry[];
  /** Pass as `before` for the next page; null when this page is the last. */
  nextBefore: number | null;
}

function byNewest(a: WalletEntry, b: WalletEntry): number {
  return b.timestamp - a.timestamp || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/**
 * Newest first, `limit` at a time. The cursor is a timestamp, so entries that share the last
 * timestamp of a page are all put on that page; otherwise the next page (timestamp < cursor) would
 * skip the ones that did not fit.
 */
export async function listEntries(
  store: DocStore,
  uid: string,
  { limit, before }: { limit: number; before?: number },
): Promise<EntryPage> {
  if (!Number.isInteger(limit) || limit < 1)
    throw new LedgerError(`limit must be a positive whole number, got ${limit}`);
  const collection = entriesOf(uid);
  const where = before === undefined ? [] : ([["timestamp", "<", before]] as const);
  const docs = await store.query({ collection, where, orderBy: [["timestamp", "desc"]], limit: limit + 1 });
  const found = docs.map(toWalletEntry);
  if (found.length <= limit) return { entries: found.sort(byNewest), nextBefore: null };

  const page = found.slice(0, limit);
  const boundary = page[limit - 1].timestamp;
  if (found[limit].timestamp === boundary) {
    const sameTime = await store.query({ collection, where: [["timestamp", "==", boundary]] });
    const seen = new Set(page.map((entry) => entry.id));
    for (const doc of sameTime) if (!seen.has(doc.id)) page.push(toWalletEntry(doc));
  }
  const hasMore = found[limit].timestamp !== boundary || (await hasEntryBefore(store, uid, boundary));
  return { entries: page.sort(byNewest), nextBefore: hasMore ? boundary : null };
}

/**
 * The balance and the newest `limit` entries, as /wallet's first page shows them, kept per member
 * in the read cache (decision 037) until their wallet or one of its entries is written (the change
 * log says so; Firestore reads every time). The page's query sorts every entry by a field of its
 * document, the largest part of the page's own loader (decision 088).
 */
export function firstEntryPage(
  store: DocStore,
  uid: string,
  limit: number,
): Promise<{ balance: number; page: EntryPage }> {
  const wallet = walletPath(uid);
  return cachedRead(
    store,
    `wallet-page:${uid}:${limit}`,
    (path) => path === wallet || path.startsWith(`${wallet}/`),
    async () => {
      const [balance, page] = await Promise.all([getBalance(store, uid), listEntries(store, uid, { limit })]);
      return { balance, page };
    },
  );
}

async function hasEntryBefore(store: DocStore, uid: string, timestamp: number): Promise<boolean> {
  const older = await store.query({ collection: entriesOf(uid), where: [["timestamp", "<", timestamp]], limit: 1 });
  return older.length > 0;
}
