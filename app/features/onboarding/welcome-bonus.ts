/**
 * The welcome bonus modal's rules (SPEC.md §4): when it shows and which amount it announces.
 * Pure, so the browser island and the tests share them.
 */
import { WELCOME_BONUS_SP } from "~/features/wallet/welcome-bonus";

/** SPEC.md §9 confetti: 200 pieces, spawned over 5000 ms. */
export const CONFETTI_PIECES = 200;
export const CONFETTI_DURATION_MS = 5000;

/** The query parameter that can override the announced amount, e.g. after a campaign link. */
export const WELCOME_BONUS_PARAM = "wb";

/** SPEC.md §3 per-user local flag; keyed by uid so a shared browser shows each user their own modal. */
export function wbShownKey(uid: string): string {
  return `wb_shown_${uid}`;
}

export interface WelcomeModalInput {
  tourDone: boolean;
  localWbShown: boolean;
  welcomeBonusShown: boolean;
}

/** SPEC.md §4: only after the tour, and only once per user (this browser's flag and the profile's). */
export function shouldShowWelcomeModal({ tourDone, localWbShown, welcomeBonusShown }: WelcomeModalInput): boolean {
  return tourDone && !localWbShown && !welcomeBonusShown;
}

/** Canonical decimal digits only: "1e3", " 5", "0x10", "05" and "+5" are not what a link writer means. */
const POSITIVE_INTEGER = /^[1-9][0-9]*$/;

/**
 * SPEC.md §4 amount: the `wb` parameter when it is a positive integer, else the stored
 * welcome_bonus transaction's amount when above 0, else the default bonus.
 */
export function welcomeBonusAmount(
  wbParam: string | null | undefined,
  storedAmount: number | null | undefined,
): number {
  if (typeof wbParam === "string" && POSITIVE_INTEGER.test(wbParam)) {
    const amount = Number(wbParam);
    if (Number.isSafeInteger(amount)) return amount;
  }
  if (typeof storedAmount === "number" && Number.isFinite(storedAmount) && storedAmount > 0) return storedAmount;
  return WELCOME_BONUS_SP;
}
