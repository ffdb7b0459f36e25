/**
 * A swap's effect on the ledger, pure. A swap is two sessions, one each way, booked at price 0:
 * each member gives the other the same time, so nothing is owed and no SP move, not even into
 * escrow. Decision: docs/decisions/041-board-proposals-and-swaps.md.
 *
 * An uneven swap (one side teaches longer) does not exist: a swap proposal has one duration for
 * both sessions. Anything that would make the two differ is refused rather than priced, because
 * settling the difference in SP would make a swap a paid booking in disguise, with escrow, refunds
 * and disputes of its own; members who want that book a paid session beside the swap.
 */
import type { MoneyMove } from "~/features/bookings/state";

export interface SwapSession {
  start: number;
  durationMinutes: number;
}

export class UnevenSwapError extends Error {
  constructor() {
    super("A swap is two sessions of the same length.");
    this.name = "UnevenSwapError";
  }
}

export function isEvenSwap(sessions: readonly [SwapSession, SwapSession]): boolean {
  const [a, b] = sessions;
  return a.durationMinutes > 0 && a.durationMinutes === b.durationMinutes;
}

/**
 * The ledger entries a swap posts: none for an even swap. An uneven one is refused (it cannot be
 * booked), so callers never reach a ledger with it.
 */
export function swapLedgerEffect(sessions: readonly [SwapSession, SwapSession]): MoneyMove[] {
  if (!isEvenSwap(sessions)) throw new UnevenSwapError();
  return [];
}

/** The price each of a swap's two bookings carries: nothing to hold, release or refund. */
export const SWAP_SESSION_PRICE = 0;
