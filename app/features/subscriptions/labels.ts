/**
 * What the pages call plans and states (decisions 017, 077), in the reader's language: the words are
 * keys of the "wallet" namespace (`plans.<id>`, `subscriptions.free`, `subscriptions.status.<state>`).
 * Browser-safe.
 */
import type { TFunction } from "i18next";
import { isPlanId } from "~/engine/payments/plans";
import type { DisplayStatus } from "./state";

/**
 * A stored period may name a plan this version does not sell (app/documents/subscriptions.ts reads
 * it as stored): such a plan has no words in the catalogue and is shown as its id says it, as
 * written (translate="no" where it is shown).
 */
export const isStoredPlanName = (planId: string | null): planId is string => !!planId && !isPlanId(planId);

/** What the pages call a plan in the reader's language (`t` fixed to "wallet"): "Free" for none. */
export function planName(planId: string | null, t: TFunction): string {
  if (!planId) return t("subscriptions.free");
  if (isPlanId(planId)) return t(`plans.${planId}`);
  const words = planId.replace(/_/g, " ").trim();
  return words ? words[0].toUpperCase() + words.slice(1) : t("subscriptions.free");
}

/** What /subscriptions calls a subscription's state in the reader's language (`t` fixed to "wallet"). */
export const statusName = (status: DisplayStatus, t: TFunction): string => t(`subscriptions.status.${status}`);

/** Saved profiles a member may keep (decision 017). */
export const SAVED_LIMIT = { free: 25, plus: 200 } as const;
