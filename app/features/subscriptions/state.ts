/**
 * How each provider event changes a member's subscription as the app keeps it
 * (`subscriptions/{uid}`, app/documents/subscriptions.ts). Pure, so the rule "events arriving twice
 * or in any order leave the same state" is tested without a store (decision 017): every snapshot
 * carries the time the provider took it, an older one never overwrites a newer one, and a
 * cancelled subscription stays cancelled.
 */
import type { SubscriptionDoc } from "~/documents/subscriptions";
import { planById, type Plan } from "~/engine/payments/plans";
import type { SubscriptionEvent } from "~/engine/payments/types";

/** Whether `event` about `subscriptionId` may change a state about `doc`'s subscription. */
function applies(doc: SubscriptionDoc | null, subscriptionId: string, at: number): boolean {
  if (!doc) return true;
  if (doc.subscriptionId === subscriptionId) return doc.status !== "canceled" && at >= doc.at;
  // Another subscription: a new one replaces an ended one; a late word about an old one is ignored.
  return doc.status === "canceled" ? at >= doc.at : false;
}

/**
 * The state after `event`, or null when it changes nothing. `invoicePaid` says whether the
 * invoice of a failed-payment event was paid already (its ledger entry exists): a late failure
 * notice then changes nothing.
 */
export function nextState(
  doc: SubscriptionDoc | null,
  event: SubscriptionEvent,
  invoicePaid = false,
): SubscriptionDoc | null {
  switch (event.type) {
    case "subscription.started": {
      if (doc?.subscriptionId === event.subscriptionId) return null;
      if (!applies(doc, event.subscriptionId, event.at)) return null;
      // It only links the ids: at 0, any word on the subscription itself (even one Stripe took a
      // moment before the checkout completed) still applies.
      return {
        subscriptionId: event.subscriptionId,
        customerId: event.customerId,
        planId: null,
        status: "incomplete",
        cancelAtPeriodEnd: false,
        currentPeriodEnd: null,
        at: 0,
      };
    }
    case "subscription.changed": {
      if (!applies(doc, event.subscriptionId, event.at)) return null;
      // A deleted subscription that was never ours to show (no state yet) is still recorded, so a
      // late "created" for it cannot bring it back.
      return {
        subscriptionId: event.subscriptionId,
        customerId: event.customerId,
        planId: event.planId ?? (doc?.subscriptionId === event.subscriptionId ? doc.planId : null),
        status: event.status,
        cancelAtPeriodEnd: event.cancelAtPeriodEnd,
        currentPeriodEnd: event.currentPeriodEnd,
        at: event.at,
      };
    }
    case "invoice.paid": {
      if (!applies(doc, event.subscriptionId, event.at)) return null;
      const same = doc?.subscriptionId === event.subscriptionId ? doc : null;
      const periodEnd = Math.max(same?.currentPeriodEnd ?? 0, event.periodEnd ?? 0) || null;
      return {
        subscriptionId: event.subscriptionId,
        customerId: event.customerId,
        planId: event.planId ?? same?.planId ?? null,
        status: "active",
        cancelAtPeriodEnd: same?.cancelAtPeriodEnd ?? false,
        currentPeriodEnd: periodEnd,
        at: event.at,
      };
    }
    case "invoice.payment_failed": {
      if (invoicePaid || !applies(doc, event.subscriptionId, event.at)) return null;
      const same = doc?.subscriptionId === event.subscriptionId ? doc : null;
      return {
        subscriptionId: event.subscriptionId,
        customerId: event.customerId,
        planId: event.planId ?? same?.planId ?? null,
        status: "past_due",
        cancelAtPeriodEnd: same?.cancelAtPeriodEnd ?? false,
        currentPeriodEnd: same?.currentPeriodEnd ?? event.periodEnd,
        at: event.at,
      };
    }
  }
}

export type DisplayStatus = "active" | "past_due" | "cancelling" | "cancelled" | "incomplete";

/** What /subscriptions calls the state: "cancelling at period end" is an active subscription that will not renew. */
export function displayStatus(doc: Pick<SubscriptionDoc, "status" | "cancelAtPeriodEnd">): DisplayStatus {
  if (doc.status === "canceled") return "cancelled";
  if (doc.status === "active" && doc.cancelAtPeriodEnd) return "cancelling";
  return doc.status;
}

/**
 * The paid plan whose perks the member has now (decision 017): while active, cancelling at period
 * end (paid until then) or past due (Stripe still retrying); none once cancelled or never paid.
 */
export function activePlan(doc: Pick<SubscriptionDoc, "status" | "planId"> | null): Plan | null {
  if (!doc?.planId || (doc.status !== "active" && doc.status !== "past_due")) return null;
  return planById(doc.planId);
}
