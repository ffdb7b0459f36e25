import { cachedRead } from "~/engine/index.server";
import type { DocStore } from "~/engine/store/types";
import { userPath, type UserProfile } from "~/documents/users";
import { entriesOf, readWalletEntry } from "~/documents/wallets";

/** What the dashboard's onboarding island needs to decide on the tour and the welcome bonus modal. */
export interface OnboardingState {
  uid: string;
  tourCompleted: boolean;
  welcomeBonusShown: boolean;
  /** The amount of the user's welcome_bonus transaction, or null when there is none. */
  storedBonus: number | null;
  /** The bonus could not be looked up: SPEC.md §8 says the modal then shows nothing. */
  bonusCheckFailed: boolean;
}

/**
 * SPEC.md §7: the user's wallet transactions of type welcome_bonus, limit 1. Every dashboard view
 * asks until the modal was shown, so the answer is kept until the change log says one of the
 * member's wallet entries was written (issue 28).
 */
function storedWelcomeBonus(store: DocStore, uid: string): Promise<number | null> {
  const entries = `${entriesOf(uid)}/`;
  return cachedRead(
    store,
    `welcomeBonus:${uid}`,
    (path) => path.startsWith(entries),
    async () => {
      const [entry] = await store.query({
        collection: entriesOf(uid),
        where: [["type", "==", "welcome_bonus"]],
        limit: 1,
      });
      const amount = entry ? readWalletEntry(entry.data).amount : Number.NaN;
      return Number.isNaN(amount) ? null : amount;
    },
  );
}

export async function onboardingState(
  store: DocStore,
  uid: string,
  profile: Pick<UserProfile, "tourCompleted" | "welcomeBonusShown">,
): Promise<OnboardingState> {
  const state: OnboardingState = {
    uid,
    tourCompleted: profile.tourCompleted,
    welcomeBonusShown: profile.welcomeBonusShown,
    storedBonus: null,
    bonusCheckFailed: false,
  };
  // Once the modal has been shown it never shows again, so the lookup would be wasted.
  if (state.welcomeBonusShown) return state;
  try {
    state.storedBonus = await storedWelcomeBonus(store, uid);
  } catch (error) {
    // The dashboard must still load; only the modal is given up.
    console.error("welcome bonus modal check failed", error);
    state.bonusCheckFailed = true;
  }
  return state;
}

/** The first dashboard visit, remembered once so later visits greet the member as a return. */
export async function rememberDashboardVisit(store: DocStore, uid: string, now = Date.now()): Promise<void> {
  await store.update(userPath(uid), { dashboardVisitedAt: now });
}
