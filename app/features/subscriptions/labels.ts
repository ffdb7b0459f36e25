/** What the pages call plans and states (decision 017). Browser-safe. */
import type { PlanId } from "~/engine/payments/plans";
import type { DisplayStatus } from "./state";

const PLAN_LABELS: Record<PlanId, string> = { plus_monthly: "Plus monthly", plus_yearly: "Plus yearly" };

export function planLabel(planId: PlanId | null): string {
  return planId ? PLAN_LABELS[planId] : "Free";
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
