/**
 * Chooses the payment provider from the environment: Stripe when its keys are set; the labelled
 * test checkout only when PAYMENTS=test on the embedded engine; otherwise none, and the app says
 * that payments are not configured.
 */
import { getStore } from "~/engine/index.server";
import type { DocStore } from "~/engine/store/types";
import type { PackId } from "./packs";
import type { PlanId } from "./plans";
import { getServerEnv, type ServerEnv } from "~/utils/env.server";
import { createStripeProvider } from "./stripe.server";
import { createTestCheckoutProvider } from "./test-checkout.server";
import type { PaymentProvider } from "./types";

export type PaymentsEnv = Pick<
  ServerEnv,
  | "BACKEND"
  | "PAYMENTS"
  | "STRIPE_SECRET_KEY"
  | "STRIPE_WEBHOOK_SECRET"
  | "STRIPE_PRICE_100"
  | "STRIPE_PRICE_500"
  | "STRIPE_PRICE_1000"
  | "STRIPE_PRICE_3000"
  | "STRIPE_PRICE_PLUS_MONTHLY"
  | "STRIPE_PRICE_PLUS_YEARLY"
  | "STRIPE_API_BASE"
>;

export function selectPayments(env: PaymentsEnv, store: () => Promise<DocStore>): PaymentProvider | null {
  if (env.PAYMENTS === "off") return null;
  if (env.STRIPE_SECRET_KEY) {
    const prices = {
      sp_100: env.STRIPE_PRICE_100,
      sp_500: env.STRIPE_PRICE_500,
      sp_1000: env.STRIPE_PRICE_1000,
      sp_3000: env.STRIPE_PRICE_3000,
      plus_monthly: env.STRIPE_PRICE_PLUS_MONTHLY,
      plus_yearly: env.STRIPE_PRICE_PLUS_YEARLY,
    } satisfies Partial<Record<PackId | PlanId, string>>;
    // env.server.ts refuses to start without these; checked again so a partial setup can never
    // sell a pack or a plan that has no price.
    const missing = Object.entries(prices)
      .filter(([, price]) => !price)
      .map(([pack]) => pack);
    if (!env.STRIPE_WEBHOOK_SECRET || missing.length > 0) {
      throw new Error(
        `Stripe is half configured: set STRIPE_WEBHOOK_SECRET and a price for ${missing.join(", ") || "every pack and plan"}.`,
      );
    }
    const { plus_monthly, plus_yearly, ...packPrices } = prices as Record<PackId | PlanId, string>;
    return createStripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      prices: packPrices,
      planPrices: { plus_monthly, plus_yearly },
      apiBase: env.STRIPE_API_BASE,
    });
  }
  if (env.PAYMENTS === "test" && env.BACKEND === "embedded") return createTestCheckoutProvider(store);
  return null;
}

let cached: { provider: PaymentProvider | null } | undefined;

export function getPayments(): PaymentProvider | null {
  cached ??= { provider: selectPayments(getServerEnv(), getStore) };
  return cached.provider;
}
