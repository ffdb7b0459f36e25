import type { DocStore } from "~/engine/store/types";
import { addNotification } from "~/features/notifications/notifications.server";
import { welcomeBonusEntry, WELCOME_BONUS_NOTIFICATION } from "~/features/wallet/welcome-bonus";
import { prepareEntry } from "~/features/wallet/ledger.server";
import { DEFAULT_AVATAR, getUser, readUser, userPath, type UserProfile } from "~/documents/users";

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
 */
export async function ensureProfile(store: DocStore, uid: string, now = Date.now()): Promise<UserProfile> {
  const existing = await getUser(store, uid);
  if (existing) return existing;
  return store.transaction(async (tx) => {
    const current = await getUser(tx, uid);
    if (current) return current;
    const bonus = await prepareEntry(tx, uid, welcomeBonusEntry(), now);
    const profile = newProfile(now);
    tx.create(userPath(uid), profile);
    if (!bonus.alreadyApplied) {
      bonus.commit();
      addNotification(tx, uid, WELCOME_BONUS_NOTIFICATION, now);
    }
    return readUser(profile);
  });
}
