/**
 * The welcome bonus of an unverified account cannot be collected (issue 11 finding 4, decision
 * 022). An account whose profile was created while its e-mail was unverified carries a hold,
 * `unverified_accounts/{uid}` (app/documents/unverified-accounts.ts), written in the transaction
 * that credits its welcome bonus. While the hold stands, SP its bookings would pay to a mentor stay
 * in escrow on the booking (`payoutWaiting`); verifying the address lifts the hold and releases
 * them. Only the server reads or writes holds (the Firestore rules deny every client).
 */
import { bonusHoldPath, getBonusHold, type BonusHoldDoc } from "~/documents/unverified-accounts";
import type { Transaction } from "~/engine/store/types";

/** Puts the hold on a new account, in the transaction that credits its welcome bonus. */
export function createBonusHold(tx: Transaction, uid: string, now: number): void {
  tx.set(bonusHoldPath(uid), { since: now } satisfies BonusHoldDoc);
}

/** Whether SP that `uid` pays to others waits in escrow now. Read it before the transaction's writes. */
export async function paymentsWait(tx: Transaction, uid: string): Promise<boolean> {
  return (await getBonusHold(tx, uid)) !== null;
}
