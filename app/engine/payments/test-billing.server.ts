/**
 * The labelled test billing (decision 017): plays Stripe Billing's part for subscriptions when
 * PAYMENTS=test on the embedded engine, charging nothing. Every verb answers the events Stripe
 * would send, and the caller applies them with the same code as the webhook, so what a member sees
 * in test mode is what the webhooks produce in production. Time is simulated: "Renew now" starts
 * the next period at once.
 */
import { createHash, randomBytes } from "node:crypto";
import type { DocStore, Transaction } from "~/engine/store/types";
import { planById, type Plan, type PlanId } from "./plans";
import {
  CheckoutClosedError,
  CheckoutNotFoundError,
  type SubscriptionEvent,
  type SubscriptionStatus,
  type TestBilling,
} from "./types";

/** `test_subscription_checkouts/{id}` */
interface TestPlanCheckoutDoc {
  uid: string;
  planId: PlanId;
  customerId: string;
  status: "open" | "completed" | "cancelled";
  createdAt: number;
  [field: string]: unknown;
}

/** `test_subscriptions/{uid}`: the member's latest test subscription. */
interface TestSubscriptionDoc {
  subscriptionId: string;
  customerId: string;
  planId: PlanId;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  periodStart: number;
  periodEnd: number;
  invoices: number;
  /** The invoice of a failed renewal, paid by the next renew. */
  openInvoice: { id: string; periodStart: number; periodEnd: number } | null;
  /** The time of the last event sent: each next one is later, so their order is never in doubt. */
  at: number;
  [field: string]: unknown;
}

const CHECKOUT_ID = /^tps_[0-9a-f]{24}$/;
const checkoutPath = (id: string) => `test_subscription_checkouts/${id}`;
const subscriptionPath = (uid: string) => `test_subscriptions/${uid}`;

function hash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 24);
}

export function testCustomerId(uid: string): string {
  return `tcus_${hash(uid)}`;
}

export function testPlanCheckoutId(idempotencyKey: string): string {
  return `tps_${hash(idempotencyKey)}`;
}

function addInterval(from: number, plan: Plan): number {
  const date = new Date(from);
  if (plan.interval === "month") date.setUTCMonth(date.getUTCMonth() + 1);
  else date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.getTime();
}

function planOf(doc: { planId: PlanId }): Plan {
  const plan = planById(doc.planId);
  if (!plan) throw new Error(`Test billing names an unknown plan: ${doc.planId}`);
  return plan;
}

function snapshot(uid: string, sub: TestSubscriptionDoc): SubscriptionEvent {
  return {
    type: "subscription.changed",
    subscriptionId: sub.subscriptionId,
    customerId: sub.customerId,
    uid,
    planId: sub.planId,
    status: sub.status,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    currentPeriodEnd: sub.periodEnd,
    at: sub.at,
  };
}

function invoice(
  type: "invoice.paid" | "invoice.payment_failed",
  uid: string,
  sub: TestSubscriptionDoc,
  inv: { id: string; periodStart: number; periodEnd: number },
  periodInvoice: boolean,
): SubscriptionEvent {
  const plan = planOf(sub);
  return {
    type,
    invoiceId: inv.id,
    subscriptionId: sub.subscriptionId,
    customerId: sub.customerId,
    uid,
    planId: plan.id,
    periodInvoice,
    amountCents: plan.amountCents,
    currency: plan.currency,
    periodStart: inv.periodStart,
    periodEnd: inv.periodEnd,
    at: sub.at,
  };
}

function nextAt(sub: { at: number } | null): number {
  return Math.max(Date.now(), (sub?.at ?? 0) + 1);
}

export function createTestBilling(getStore: () => Promise<DocStore>): TestBilling {
  /** Runs `change` on the member's live test subscription; refused when there is none. */
  async function withSubscription(
    uid: string,
    change: (sub: TestSubscriptionDoc, tx: Transaction) => SubscriptionEvent[],
  ): Promise<SubscriptionEvent[]> {
    const store = await getStore();
    return store.transaction(async (tx) => {
      const doc = await tx.get<TestSubscriptionDoc>(subscriptionPath(uid));
      if (!doc || doc.data.status === "canceled")
        throw new CheckoutClosedError("There is no test subscription to change: subscribe first.", "no_subscription");
      return change(doc.data, tx);
    });
  }

  return {
    async getCheckout(id, uid) {
      if (!CHECKOUT_ID.test(id)) return null;
      const doc = await (await getStore()).get<TestPlanCheckoutDoc>(checkoutPath(id));
      if (!doc || doc.data.uid !== uid) return null;
      return { id, plan: planOf(doc.data), status: doc.data.status };
    },

    async completeCheckout(id, uid) {
      if (!CHECKOUT_ID.test(id)) throw new CheckoutNotFoundError(id);
      const store = await getStore();
      return store.transaction(async (tx) => {
        const [checkout, current] = await Promise.all([
          tx.get<TestPlanCheckoutDoc>(checkoutPath(id)),
          tx.get<TestSubscriptionDoc>(subscriptionPath(uid)),
        ]);
        if (!checkout || checkout.data.uid !== uid) throw new CheckoutNotFoundError(id);
        // A double click, or a reload of the page, after it completed: Stripe would not start a second one either.
        if (checkout.data.status === "completed") return [];
        if (checkout.data.status !== "open")
          throw new CheckoutClosedError("This test checkout was cancelled.", "checkout_cancelled");
        if (current && current.data.status !== "canceled")
          throw new CheckoutClosedError("You already have a subscription.", "already_subscribed");
        const plan = planOf(checkout.data);
        const at = nextAt(current?.data ?? null);
        const sub: TestSubscriptionDoc = {
          subscriptionId: `tsub_${randomBytes(12).toString("hex")}`,
          customerId: checkout.data.customerId,
          planId: plan.id,
          status: "active",
          cancelAtPeriodEnd: false,
          periodStart: at,
          periodEnd: addInterval(at, plan),
          invoices: 1,
          openInvoice: null,
          at,
        };
        tx.update(checkoutPath(id), { status: "completed" });
        tx.set(subscriptionPath(uid), sub);
        const first = {
          id: `tin_${sub.subscriptionId.slice(5)}_1`,
          periodStart: sub.periodStart,
          periodEnd: sub.periodEnd,
        };
        return [
          { type: "subscription.started", subscriptionId: sub.subscriptionId, customerId: sub.customerId, uid, at },
          snapshot(uid, sub),
          invoice("invoice.paid", uid, sub, first, true),
        ];
      });
    },

    async cancelCheckout(id, uid) {
      if (!CHECKOUT_ID.test(id)) throw new CheckoutNotFoundError(id);
      const store = await getStore();
      await store.transaction(async (tx) => {
        const checkout = await tx.get<TestPlanCheckoutDoc>(checkoutPath(id));
        if (!checkout || checkout.data.uid !== uid) throw new CheckoutNotFoundError(id);
        if (checkout.data.status === "open") tx.update(checkoutPath(id), { status: "cancelled" });
      });
    },

    renew: (uid) =>
      withSubscription(uid, (current, tx) => {
        const at = nextAt(current);
        if (current.cancelAtPeriodEnd) {
          // The period it was cancelled at has ended: Stripe deletes the subscription.
          const ended: TestSubscriptionDoc = { ...current, status: "canceled", at };
          tx.set(subscriptionPath(uid), ended);
          return [snapshot(uid, ended)];
        }
        if (current.openInvoice) {
          // Stripe's retry of the failed invoice succeeds.
          const paid: TestSubscriptionDoc = { ...current, status: "active", openInvoice: null, at };
          tx.set(subscriptionPath(uid), paid);
          return [invoice("invoice.paid", uid, paid, current.openInvoice, true), snapshot(uid, paid)];
        }
        const plan = planOf(current);
        const next: TestSubscriptionDoc = {
          ...current,
          periodStart: current.periodEnd,
          periodEnd: addInterval(current.periodEnd, plan),
          invoices: current.invoices + 1,
          at,
        };
        tx.set(subscriptionPath(uid), next);
        const inv = {
          id: `tin_${current.subscriptionId.slice(5)}_${next.invoices}`,
          periodStart: next.periodStart,
          periodEnd: next.periodEnd,
        };
        return [invoice("invoice.paid", uid, next, inv, true), snapshot(uid, next)];
      }),

    failRenewal: (uid) =>
      withSubscription(uid, (current, tx) => {
        if (current.openInvoice)
          throw new CheckoutClosedError("A payment has failed already: renew to retry it.", "already_failed");
        if (current.cancelAtPeriodEnd)
          throw new CheckoutClosedError(
            "This subscription ends at the end of its period: it renews no more.",
            "ends_at_period_end",
          );
        const plan = planOf(current);
        const periodStart = current.periodEnd;
        const periodEnd = addInterval(periodStart, plan);
        const invoices = current.invoices + 1;
        const openInvoice = { id: `tin_${current.subscriptionId.slice(5)}_${invoices}`, periodStart, periodEnd };
        // Like Stripe: the period moves on, unpaid, and the subscription is past due.
        const next: TestSubscriptionDoc = {
          ...current,
          status: "past_due",
          periodStart,
          periodEnd,
          invoices,
          openInvoice,
          at: nextAt(current),
        };
        tx.set(subscriptionPath(uid), next);
        return [invoice("invoice.payment_failed", uid, next, openInvoice, true), snapshot(uid, next)];
      }),

    cancel: (uid, when) =>
      withSubscription(uid, (current, tx) => {
        const next: TestSubscriptionDoc =
          when === "now"
            ? { ...current, status: "canceled", at: nextAt(current) }
            : { ...current, cancelAtPeriodEnd: true, at: nextAt(current) };
        tx.set(subscriptionPath(uid), next);
        return [snapshot(uid, next)];
      }),

    resume: (uid) =>
      withSubscription(uid, (current, tx) => {
        const next: TestSubscriptionDoc = { ...current, cancelAtPeriodEnd: false, at: nextAt(current) };
        tx.set(subscriptionPath(uid), next);
        return [snapshot(uid, next)];
      }),
  };
}

/** The test billing's subscription checkout: a page of the app's own (/checkout/test-plan/{id}). */
export async function createTestPlanCheckout(
  getStore: () => Promise<DocStore>,
  uid: string,
  customerId: string,
  plan: Plan,
  idempotencyKey: string,
) {
  const id = testPlanCheckoutId(idempotencyKey);
  const store = await getStore();
  await store.transaction(async (tx) => {
    if (await tx.get(checkoutPath(id))) return;
    const doc: TestPlanCheckoutDoc = { uid, planId: plan.id, customerId, status: "open", createdAt: Date.now() };
    tx.create(checkoutPath(id), doc);
  });
  return { sessionId: id, url: `/checkout/test-plan/${id}` };
}
