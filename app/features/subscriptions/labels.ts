/** What the pages call plans and states (decision 017). Browser-safe. */
import { isPlanId, type PlanId } from "~/engine/payments/plans";
import type { DisplayStatus } from "./state";

const PLAN_LABELS: Record<PlanId, string> = { plus_monthly: "Plus monthly", plus_yearly: "Plus yearly" };

/**
 * What the pages call a plan: "Free" for none. A stored period may name a plan this version does
 * not sell (app/documents/subscriptions.ts reads it as stored): its id still reads sensibly.
 */
export function planLabel(planId: string | null): string {
  if (!planId) return "Free";
  if (isPlanId(planId)) return PLAN_LABELS[planId];
  const words = planId.replace(/_/g, " ").trim();
  return words ? words[0].toUpperCase() + words.slice(1) : "Free";
}

export const STATUS_LABELS: Record<DisplayStatus, string> = {
  active: "Active",
  past_due: "Past due",
  cancelling: "Cancelling at period end",
  cancelled: "Cancelled",
  incomplete: "Awaiting payment",
};

/** Saved profiles a member may keep (decision 017). */
export const SAVED_LIMIT = { free: 25, plus: 200 } as const;
