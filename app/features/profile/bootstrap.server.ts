import { keptProfile } from "~/features/members/members.server";
import type { DocStore } from "~/engine/store/types";
import { addNotification } from "~/features/notifications/notifications.server";
import { welcomeBonusEntry, WELCOME_BONUS_NOTIFICATION } from "~/features/wallet/welcome-bonus";
import { prepareEntry } from "~/features/wallet/ledger.server";
import { DEFAULT_AVATAR, getUser, readUser, userPath, type UserProfile } from "~/documents/users";
import { createBonusHold } from "~/features/wallet/bonus-hold.server";
import { DIGEST_DUE_AT } from "~/documents/digest";
import { nextDigestDue } from "~/features/digest/due.server";

/** A new member's profile as stored: the fields SPEC.md §4 names (the others read as their defaults). */
function newProfile(now: number) {
  return {
    fullName: "",
    xp: 0,
    profilePicture: DEFAULT_AVATAR,
    tourCompleted: false,
    welcomeBonusShown: false,
    bio: "",
    skillsOffered: [],
    skillsWanted: [],
    timezone: "UTC",
    role: "member",
    createdAt: now,
  };
}

/**
 * SPEC.md §4 profile bootstrap: a signed-in user without a profile gets one, and in the same
 * transaction their wallet opens with the welcome bonus, so neither can exist without the other.
 * The bonus is in the wallet at once, verified or not (SPEC.md); when the e-mail is not verified
 * yet, the same transaction puts the bonus hold on the account (decision 024), so payments from it
 * to other members wait until it is. Omitting `account` means a verified one (tests, demo data).
 */
export async function ensureProfile(
  store: DocStore,
  uid: string,
  now = Date.now(),
  account: { emailVerified: boolean } = { emailVerified: true },
): Promise<UserProfile> {
  // Every signed-in request asks: the parsed profile is kept until its document is written (decision 096).
  const existing = await keptProfile(store, uid);
  if (existing) return existing;
  return store.transaction(async (tx) => {
    const current = await getUser(tx, uid);
    if (current) return current;
    const bonus = await prepareEntry(tx, uid, welcomeBonusEntry(), now);
    const profile = newProfile(now);
    // When the new member's first digest is due (decision 157), read before the writes.
    const digestDueAt = await nextDigestDue(tx, uid, readUser(profile), now);
    tx.create(userPath(uid), { ...profile, [DIGEST_DUE_AT]: digestDueAt });
    if (!bonus.alreadyApplied) {
      bonus.commit();
      addNotification(tx, uid, WELCOME_BONUS_NOTIFICATION, now);
      if (!account.emailVerified) createBonusHold(tx, uid, now);
    }
    return readUser(profile);
  });
}
