import { describe, expect, it } from "vitest";
import type { SubscriptionEvent } from "~/engine/payments/types";
import type { SubscriptionDoc } from "~/documents/subscriptions";
import { activePlan, displayStatus, nextState } from "./state";

const base = { subscriptionId: "sub_1", customerId: "cus_1", uid: "u1" };
const snap = (
  at: number,
  over: Partial<Extract<SubscriptionEvent, { type: "subscription.changed" }>> = {},
): SubscriptionEvent => ({
  type: "subscription.changed",
  ...base,
  planId: "plus_monthly",
  status: "active",
  cancelAtPeriodEnd: false,
  currentPeriodEnd: at + 1000,
  at,
  ...over,
});
const invoice = (type: "invoice.paid" | "invoice.payment_failed", at: number, id = `in_${at}`): SubscriptionEvent => ({
  type,
  ...base,
  invoiceId: id,
  planId: "plus_monthly",
  periodInvoice: true,
  amountCents: 900,
  currency: "eur",
  periodStart: at,
  periodEnd: at + 1000,
  at,
});
const started = (at: number): SubscriptionEvent => ({ type: "subscription.started", ...base, at });

function run(events: SubscriptionEvent[], paidInvoices = new Set<string>()): SubscriptionDoc | null {
  let doc: SubscriptionDoc | null = null;
  for (const event of events) {
    const next = nextState(doc, event, event.type === "invoice.payment_failed" && paidInvoices.has(event.invoiceId));
    if (next) doc = next;
    if (event.type === "invoice.paid") paidInvoices.add(event.invoiceId);
  }
  return doc;
}

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

describe("nextState", () => {
  it("reaches the same state whatever order a lifecycle's events arrive in, and twice over", () => {
    const lifecycle = [
      started(10),
      snap(11),
      invoice("invoice.paid", 12, "in_a"),
      invoice("invoice.payment_failed", 20, "in_b"),
      snap(21, { status: "past_due" }),
      invoice("invoice.paid", 30, "in_b"),
      snap(31, { cancelAtPeriodEnd: true, currentPeriodEnd: 2000 }),
    ];
    const expected = run(lifecycle);
    expect(expected).toMatchObject({
      status: "active",
      cancelAtPeriodEnd: true,
      currentPeriodEnd: 2000,
      planId: "plus_monthly",
      at: 31,
    });
    for (const order of permutations(lifecycle)) expect(run([...order, ...order])).toEqual(expected);
  });

  it("keeps a deleted subscription deleted, and lets a new one replace it", () => {
    const ended = run([snap(10), snap(50, { status: "canceled" }), invoice("invoice.paid", 40), snap(45)]);
    expect(ended).toMatchObject({ status: "canceled", at: 50 });
    const renewed = nextState(ended, {
      type: "subscription.started",
      subscriptionId: "sub_2",
      customerId: "cus_1",
      uid: "u1",
      at: 60,
    });
    expect(renewed).toMatchObject({ subscriptionId: "sub_2", status: "incomplete" });
    // A late word about the old subscription never overwrites the new one.
    expect(nextState(renewed, snap(70))).toBeNull();
  });

  it("ignores a failure notice for an invoice that was paid", () => {
    const paid = run([snap(10), invoice("invoice.paid", 20, "in_x")]);
    expect(nextState(paid, invoice("invoice.payment_failed", 25, "in_x"), true)).toBeNull();
    expect(nextState(paid, invoice("invoice.payment_failed", 25, "in_y"), false)).toMatchObject({ status: "past_due" });
  });
});

describe("perks and labels", () => {
  it("gives Plus while active, cancelling or past due, never once cancelled", () => {
    expect(activePlan({ status: "active", planId: "plus_yearly" })?.sp).toBe(3600);
    expect(activePlan({ status: "past_due", planId: "plus_monthly" })?.id).toBe("plus_monthly");
    expect(activePlan({ status: "canceled", planId: "plus_monthly" })).toBeNull();
    expect(activePlan({ status: "incomplete", planId: "plus_monthly" })).toBeNull();
    expect(displayStatus({ status: "active", cancelAtPeriodEnd: true })).toBe("cancelling");
    expect(displayStatus({ status: "canceled", cancelAtPeriodEnd: true })).toBe("cancelled");
  });
});
