/**
 * The subscription plans (decision 018): the only source of a plan's price and SP allowance, like
 * the pack table (./packs.ts). Pure and browser-safe so /subscriptions labels its cards from the
 * same table the server credits from. The provider's price ids are configuration (./index.server).
 */
export const PLAN_IDS = ["plus_monthly", "plus_yearly"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  /** SP credited every time an invoice of this plan is paid. */
  sp: number;
  /** Whole cents per billing period, never a float. */
  amountCents: number;
  currency: "eur";
  interval: "month" | "year";
}

export const PLANS: readonly Plan[] = [
  { id: "plus_monthly", sp: 300, amountCents: 900, currency: "eur", interval: "month" },
  { id: "plus_yearly", sp: 3600, amountCents: 9000, currency: "eur", interval: "year" },
];

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && (PLAN_IDS as readonly string[]).includes(value);
}

export function planById(id: string): Plan | null {
  return PLANS.find((plan) => plan.id === id) ?? null;
}
