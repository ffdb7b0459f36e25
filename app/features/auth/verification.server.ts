/**
 * What follows from a verified e-mail (decision 024): the account's bonus hold goes, and every
 * payment of its bookings that waited in escrow is released to its mentor.
 */
import type { DocStore } from "~/engine/store/types";
import type { AuthUser } from "~/engine/auth/types";
import { releaseWaitingPayouts } from "~/features/bookings/bookings.server";
import { bonusHoldPath } from "~/documents/unverified-accounts";

/**
 * Lifts the hold of `uid`, whose address the auth engine has verified, then releases what waited.
 * Idempotent: a second call finds no hold and nothing waiting. Answers how many payments went out.
 */
export async function settleVerifiedAccount(store: DocStore, uid: string, now = Date.now()): Promise<number> {
  // The hold goes first: a session completed from now on pays the mentor at once, and one that
  // committed while the hold stood is found by the query below.
  await store.delete(bonusHoldPath(uid));
  return releaseWaitingPayouts(store, uid, now);
}

/**
 * For a sign-in: when the engine says the address is verified but the store still holds the
 * account (it was verified where this server could not see it, e.g. in Firebase's own page),
 * settles it now. One read when there is nothing to do.
 */
export async function settleIfVerified(store: DocStore, user: AuthUser, now = Date.now()): Promise<void> {
  if (!user.emailVerified) return;
  if (await store.get(bonusHoldPath(user.uid))) await settleVerifiedAccount(store, user.uid, now);
}
