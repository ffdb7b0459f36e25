/**
 * Writes xp awards: `users/{uid}/xp/{awardId}` plus the running total on `users/{uid}.xp`, in the
 * caller's transaction. Two-phase like the wallet ledger (reads now, writes on commit) so it
 * composes with a booking's completion or a review; an award whose id exists is skipped, which
 * makes every award once-only and the total always the sum of the history.
 */
import { getUser, userPath, xpAwardPath, type UserProfile, type XpAwardDoc } from "~/documents/users";
import type { DocData, Transaction } from "~/engine/store/types";
import type { XpAward } from "~/features/progress/xp";

export interface PreparedXp {
  gained: number;
  /** users/{uid} as read, for callers that update other fields of it in the same commit. */
  user: UserProfile | null;
  commit(extra?: DocData): void;
}

export async function prepareXp(
  tx: Transaction,
  uid: string,
  awards: readonly XpAward[],
  context: { bookingId: string; skillTag: string | null; now: number },
): Promise<PreparedXp> {
  const [user, ...existing] = await Promise.all([
    getUser(tx, uid),
    ...awards.map((a) => tx.get(xpAwardPath(uid, a.id))),
  ]);
  const fresh = awards.filter((award, i) => !existing[i] && award.amount > 0);
  const gained = fresh.reduce((sum, a) => sum + a.amount, 0);
  return {
    gained,
    user,
    commit(extra = {}) {
      // A deleted account keeps no profile to credit; its history would have nothing to belong to.
      if (!user) return;
      for (const award of fresh) {
        const doc: XpAwardDoc & { kind: XpAward["kind"] } = {
          kind: award.kind,
          amount: award.amount,
          description: award.description,
          params: award.params,
          at: context.now,
          bookingId: context.bookingId,
          skillTag: context.skillTag,
        };
        tx.create(xpAwardPath(uid, award.id), doc);
      }
      if (gained > 0 || Object.keys(extra).length > 0)
        tx.update(userPath(uid), { ...extra, ...(gained > 0 ? { xp: user.xp + gained } : {}) });
    },
  };
}
