/**
 * A member's subscription as the app keeps it, and the periods it credited (decision 017). Only
 * the server writes them (features/subscriptions/apply.server.ts); only the server reads them.
 * Decision: docs/decisions/023-documents-typed-once.md.
 *
 *   subscriptions/{uid}                       the state the provider's events left (features/subscriptions/state.ts)
 *   subscriptions/{uid}/periods/{invoiceId}   one paid period and the SP it credited
 *
 * A plan id reads as the stored string: a later version may sell a plan this one does not know
 * (engine/payments/plans.ts has the table; an unknown plan gives no perks). A status this version
 * does not know reads as "incomplete": no perks, and the provider's next word still applies. The
 * money of a period is read strictly (NaN when not whole), like the ledger's.
 */
import { z } from "zod/v4";
import { count, flag, getParsed, money, oneOf, optionalText, optionalTime, text, type DocReader } from "./fields";

export const SUBSCRIPTIONS = "subscriptions";
export const subscriptionPath = (uid: string) => `${SUBSCRIPTIONS}/${uid}`;
export const periodsOf = (uid: string) => `${subscriptionPath(uid)}/periods`;
export const periodPath = (uid: string, invoiceId: string) => `${periodsOf(uid)}/${invoiceId}`;

/** Subscription states the app knows (decision 017); the provider's others map onto these. */
export const SUBSCRIPTION_STATUSES = ["incomplete", "active", "past_due", "canceled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const subscriptionSchema = z.object({
  subscriptionId: text(),
  customerId: text(),
  /** Null before the provider has said which plan (a checkout that only linked the ids). */
  planId: optionalText,
  status: oneOf(SUBSCRIPTION_STATUSES, "incomplete"),
  cancelAtPeriodEnd: flag,
  /** End of the period paid for, in ms; null when unknown. */
  currentPeriodEnd: optionalTime,
  /** Provider time of the newest event applied. */
  at: count(),
});
/** `subscriptions/{uid}` */
export type SubscriptionDoc = z.output<typeof subscriptionSchema>;

export const readSubscription = (data: Record<string, unknown>): SubscriptionDoc => subscriptionSchema.parse(data);
/** Null for a member who never subscribed. */
export async function getSubscription(reader: DocReader, uid: string): Promise<SubscriptionDoc | null> {
  return getParsed(reader, subscriptionPath(uid), readSubscription);
}

export const subscriptionPeriodSchema = z.object({
  invoiceId: text(),
  planId: text(),
  /** Whole SP the period credited; NaN when malformed. */
  sp: money(),
  /** Whole cents paid; NaN when malformed. */
  amountCents: money(),
  currency: text(),
  periodStart: optionalTime,
  periodEnd: optionalTime,
  paidAt: count(),
});
/** `subscriptions/{uid}/periods/{invoiceId}` */
export type SubscriptionPeriodDoc = z.output<typeof subscriptionPeriodSchema>;
export interface SubscriptionPeriod extends SubscriptionPeriodDoc {
  id: string;
}

export const readSubscriptionPeriod = ({
  id,
  data,
}: {
  id: string;
  data: Record<string, unknown>;
}): SubscriptionPeriod => ({
  ...subscriptionPeriodSchema.parse(data),
  id,
});
