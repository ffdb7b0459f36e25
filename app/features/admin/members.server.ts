/**
 * What admins do to members: suspend and reinstate, adjust SP, grant and revoke the admin role.
 * Each change and its audit entry are written in one transaction, so nothing is applied unlogged.
 */
import type { AuthProvider } from "~/engine/auth/types";
import type { DocStore } from "~/engine/store/types";
import { getUser, userPath, type DocReader, type Suspension } from "~/documents/users";
import { walletPath } from "~/documents/wallets";
import { addNotification } from "~/features/notifications/notifications.server";
import { InsufficientFundsError, prepareEntry } from "~/features/wallet/ledger.server";
import { recordAudit } from "./audit.server";
import { digestDueFields } from "~/features/digest/due.server";

/**
 * A refusal an admin can act on. `message` is English (logs, the command line); `key` and `values`
 * name it in the "admin" catalogue, so a page answers in the admin's language (decision 064). A
 * refusal without a key (a payment provider's own words) is shown as written.
 */
export class AdminActionError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
    readonly key?: string,
    readonly values: Record<string, string | number> = {},
  ) {
    super(message);
    this.name = "AdminActionError";
  }
}

/** The member's profile (read in a transaction or not); a deleted account is not there to act on. */
async function requireMember(reader: DocReader, uid: string) {
  const profile = await getUser(reader, uid);
  if (!profile || profile.deleted)
    throw new AdminActionError(404, "This member does not exist or has deleted their account.", "errors.memberMissing");
  return profile;
}

/**
 * Suspends the member: their profile carries the reason (so every page and sign-in refuses them
 * and tells them why), their sessions end, and their open live streams close (the stream watches
 * the profile). Suspending a suspended member changes nothing.
 */
export async function suspendMember(
  ports: { store: DocStore; auth: AuthProvider },
  adminUid: string,
  uid: string,
  reason: string,
  now = Date.now(),
): Promise<{ applied: boolean }> {
  if (uid === adminUid) throw new AdminActionError(409, "You cannot suspend your own account.", "errors.suspendSelf");
  const applied = await ports.store.transaction(async (tx) => {
    const member = await requireMember(tx, uid);
    if (member.suspension) return false;
    const suspension: Suspension = { reason, at: now, byUid: adminUid };
    // No digest while suspended; reinstating gives back the one due then (decision 157).
    tx.update(userPath(uid), { suspension, ...(await digestDueFields(tx, uid, member, { suspension }, now)) });
    recordAudit(
      tx,
      {
        actorUid: adminUid,
        action: "member.suspend",
        subjectUid: uid,
        target: userPath(uid),
        reason,
        before: { suspension: null },
        after: { suspension },
      },
      now,
    );
    return true;
  });
  // After the commit: a session that slips in between is refused by the profile check anyway.
  await ports.auth.revokeSessions(uid);
  return { applied };
}

export async function reinstateMember(
  store: DocStore,
  adminUid: string,
  uid: string,
  reason: string,
  now = Date.now(),
): Promise<{ applied: boolean }> {
  return store.transaction(async (tx) => {
    const member = await requireMember(tx, uid);
    const before = member.suspension;
    if (!before) return { applied: false };
    tx.update(userPath(uid), {
      suspension: null,
      ...(await digestDueFields(tx, uid, member, { suspension: null }, now)),
    });
    recordAudit(
      tx,
      {
        actorUid: adminUid,
        action: "member.reinstate",
        subjectUid: uid,
        target: userPath(uid),
        reason,
        before: { suspension: before },
        after: { suspension: null },
      },
      now,
    );
    addNotification(
      tx,
      uid,
      { type: "system", kind: "account_reactivated", params: { text: reason }, link: "/dashboard" },
      now,
    );
    return { applied: true };
  });
}

/** Adjustment ids come from the form that was shown, so a double submit or a retry applies once. */
export const ADJUSTMENT_ID = /^[A-Za-z0-9-]{8,64}$/;

/**
 * A correction of a member's balance as a new ledger entry `adjust_{adjustmentId}` (entries are
 * never edited). A debit larger than the balance is refused: the balance never goes below zero.
 */
export async function adjustBalance(
  store: DocStore,
  adminUid: string,
  uid: string,
  { adjustmentId, amount, reason }: { adjustmentId: string; amount: number; reason: string },
  now = Date.now(),
): Promise<{ applied: boolean; balance: number }> {
  if (!ADJUSTMENT_ID.test(adjustmentId))
    throw new AdminActionError(400, "This form has expired. Reload the page and try again.", "errors.formExpired");
  if (!Number.isSafeInteger(amount) || amount === 0)
    throw new AdminActionError(400, "Enter a whole number of SP other than 0.", "errors.wholeAmount");
  await requireMember(store, uid);
  try {
    return await store.transaction(async (tx) => {
      const entry = await prepareEntry(
        tx,
        uid,
        {
          id: `adjust_${adjustmentId}`,
          amount,
          type: "adjustment",
          description: `Adjustment by SkillSwap: ${reason}`,
          // The admin's reason is shown as written, in every language.
          label: "adjustment",
          params: { reason },
          ref: `audit`,
        },
        now,
      );
      if (entry.alreadyApplied) return { applied: false, balance: entry.balanceAfter };
      entry.commit();
      recordAudit(
        tx,
        {
          actorUid: adminUid,
          action: "member.adjust_sp",
          subjectUid: uid,
          target: walletPath(uid),
          reason,
          before: { balance: entry.balanceBefore },
          after: { balance: entry.balanceAfter, entry: `adjust_${adjustmentId}`, amount },
        },
        now,
      );
      addNotification(
        tx,
        uid,
        { type: "system", kind: "balance_adjusted", params: { amount, text: reason }, link: "/wallet" },
        now,
      );
      return { applied: true, balance: entry.balanceAfter };
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      throw new AdminActionError(
        409,
        `The balance is ${error.balance} SP: a debit of ${-amount} SP would take it below zero.`,
        "errors.belowZero",
        { balance: error.balance, debit: -amount },
      );
    }
    throw error;
  }
}

/**
 * Grants or revokes the admin role through the auth port and logs it. The role lives with the
 * account (embedded) or in its custom claims (Firebase); the log lives in the store.
 */
export async function setAdminRole(
  ports: { store: DocStore; auth: AuthProvider },
  adminUid: string | null,
  uid: string,
  admin: boolean,
  reason: string,
  now = Date.now(),
): Promise<void> {
  if (!admin && uid === adminUid)
    throw new AdminActionError(409, "You cannot revoke your own admin role; ask another admin.", "errors.revokeSelf");
  await ports.auth.setAdmin(uid, admin);
  await ports.store.transaction(async (tx) => {
    recordAudit(
      tx,
      {
        // The command line acts as nobody in particular; it is named so in the log.
        actorUid: adminUid ?? "command-line",
        action: admin ? "member.grant_admin" : "member.revoke_admin",
        subjectUid: uid,
        target: userPath(uid),
        reason,
        before: { admin: !admin },
        after: { admin },
      },
      now,
    );
  });
}
