/**
 * The Stripe side of subscriptions end to end (issue 16): the provider against the local Stripe
 * stand-in, then the whole lifecycle as signed webhook deliveries through POST /api/stripe-webhook
 * into the store — subscribe, renew twice, a failed payment and its retry, a plan change, cancel
 * at period end, deletion — with the ledger reconciled at the end.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedEvent, startStripeStandIn, type StripeStandIn } from "../../tests/support/stripe-stand-in";

const SECRET = "whsec_subscriptions";
const standIn: StripeStandIn = await startStripeStandIn();
const dataDir = mkdtempSync(path.join(tmpdir(), "subscriptions-webhook-"));
Object.assign(process.env, {
  DATA_DIR: dataDir,
  SESSION_SECRET: "z".repeat(40),
  STRIPE_SECRET_KEY: "sk_test_subscriptions",
  STRIPE_WEBHOOK_SECRET: SECRET,
  STRIPE_PRICE_100: "price_100",
  STRIPE_PRICE_500: "price_500",
  STRIPE_PRICE_1000: "price_1000",
  STRIPE_PRICE_3000: "price_3000",
  STRIPE_PRICE_PLUS_MONTHLY: "price_plus_monthly",
  STRIPE_PRICE_PLUS_YEARLY: "price_plus_yearly",
  STRIPE_API_BASE: standIn.apiBase,
});
delete process.env.PAYMENTS;

const { getStore } = await import("~/engine/index.server");
const { getPayments } = await import("~/engine/payments/index.server");
const { planById } = await import("~/engine/payments/plans");
const { getBalance } = await import("~/features/wallet/ledger.server");
const { reconcileAll } = await import("~/features/wallet/reconcile.server");
const { ensureCustomer } = await import("~/features/subscriptions/customer.server");
const webhook = await import("./api.stripe-webhook");

afterAll(async () => {
  await (await getStore()).close();
  await standIn.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const UID = "member_sub";
const DAY = 86_400;
const T0 = 1_790_000_000; // seconds, as Stripe sends them

function subscription(over: Record<string, unknown> = {}, price = "price_plus_monthly", periodEnd = T0 + 30 * DAY) {
  return {
    id: "sub_life",
    object: "subscription",
    customer: "cus_life",
    status: "active",
    cancel_at_period_end: false,
    cancel_at: null,
    metadata: { uid: UID, plan: "plus_monthly" },
    items: {
      object: "list",
      data: [
        {
          id: "si_1",
          object: "subscription_item",
          price: { id: price, object: "price" },
          current_period_end: periodEnd,
        },
      ],
    },
    ...over,
  };
}

function invoice(
  id: string,
  reason: string,
  start: number,
  over: Record<string, unknown> = {},
  price = "price_plus_monthly",
) {
  return {
    id,
    object: "invoice",
    customer: "cus_life",
    status: "paid",
    amount_paid: 900,
    amount_due: 900,
    currency: "eur",
    billing_reason: reason,
    parent: {
      type: "subscription_details",
      subscription_details: { subscription: "sub_life", metadata: { uid: UID, plan: "plus_monthly" } },
    },
    lines: {
      object: "list",
      data: [
        {
          id: `il_${id}`,
          pricing: { type: "price_details", price_details: { price } },
          period: { start, end: start + 30 * DAY },
        },
      ],
    },
    ...over,
  };
}

async function deliver(type: string, object: unknown, created: number) {
  const { payload, signature } = signedEvent(type, object, SECRET, created);
  const request = new Request("http://localhost/api/stripe-webhook", {
    method: "POST",
    headers: { "Stripe-Signature": signature },
    body: payload,
  });
  const response = await webhook.action({ request, params: {}, context: {} });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function state() {
  return (await (await getStore()).get(`subscriptions/${UID}`))?.data;
}

describe("the Stripe provider's subscription verbs, against the stand-in", () => {
  beforeAll(() => {
    standIn.routes.set("POST /v1/customers", { status: 200, body: { id: "cus_life", object: "customer" } });
    standIn.routes.set("POST /v1/checkout/sessions", {
      status: 200,
      body: { id: "cs_sub_1", object: "checkout.session", url: "https://checkout.stripe.com/c/pay/cs_sub_1" },
    });
    standIn.routes.set("POST /v1/billing_portal/sessions", {
      status: 200,
      body: { id: "bps_1", object: "billing_portal.session", url: "https://billing.stripe.com/p/session/bps_1" },
    });
  });

  it("creates the member's customer once and reuses it", async () => {
    standIn.received.length = 0;
    const store = await getStore();
    const payments = getPayments()!;
    const user = { uid: UID, email: "sub@example.com" };
    expect(await ensureCustomer(store, payments, user)).toBe("cus_life");
    expect(await ensureCustomer(store, payments, user)).toBe("cus_life");
    const calls = standIn.received.filter((r) => r.url === "/v1/customers");
    expect(calls).toHaveLength(1);
    expect(calls[0].headers["idempotency-key"]).toBe(`customer_${UID}`);
    expect(Object.fromEntries(calls[0].form)).toEqual({ email: "sub@example.com", "metadata[uid]": UID });
  });

  it("starts Checkout in subscription mode for that customer, and packs use it too", async () => {
    standIn.received.length = 0;
    const payments = getPayments()!;
    const plan = planById("plus_monthly")!;
    const session = await payments.createSubscriptionCheckout({
      uid: UID,
      customerId: "cus_life",
      plan,
      priceId: "price_plus_monthly",
      origin: "https://skillswap.example",
      idempotencyKey: "k1",
    });
    expect(session).toEqual({ sessionId: "cs_sub_1", url: "https://checkout.stripe.com/c/pay/cs_sub_1" });
    expect(Object.fromEntries(standIn.received[0].form)).toEqual({
      mode: "subscription",
      customer: "cus_life",
      "line_items[0][price]": "price_plus_monthly",
      "line_items[0][quantity]": "1",
      client_reference_id: UID,
      "metadata[uid]": UID,
      "metadata[plan]": "plus_monthly",
      "subscription_data[metadata][uid]": UID,
      "subscription_data[metadata][plan]": "plus_monthly",
      success_url: "https://skillswap.example/subscriptions?checkout=success&session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "https://skillswap.example/subscriptions?checkout=cancelled",
    });
    await expect(
      payments.createSubscriptionCheckout({
        uid: UID,
        customerId: "cus_life",
        plan,
        priceId: "price_plus_yearly",
        origin: "https://x",
        idempotencyKey: "k2",
      }),
    ).rejects.toThrow(/not the price/);

    await payments.createCheckout({
      uid: UID,
      email: "sub@example.com",
      pack: { id: "sp_100", sp: 100, amountCents: 500, currency: "eur" },
      priceId: "price_100",
      origin: "https://x",
      idempotencyKey: "k3",
      customerId: "cus_life",
    });
    expect(standIn.received.at(-1)?.form.get("customer")).toBe("cus_life");
    expect(standIn.received.at(-1)?.form.has("customer_email")).toBe(false);
  });

  it("opens the Customer Portal for the customer", async () => {
    standIn.received.length = 0;
    const portal = await getPayments()!.createBillingPortal({
      customerId: "cus_life",
      returnUrl: "https://skillswap.example/subscriptions",
    });
    expect(portal.url).toBe("https://billing.stripe.com/p/session/bps_1");
    expect(Object.fromEntries(standIn.received[0].form)).toEqual({
      customer: "cus_life",
      return_url: "https://skillswap.example/subscriptions",
    });
  });
});

describe("the subscription lifecycle as signed webhooks", () => {
  it("subscribes, renews twice, survives a failed payment, changes plan, cancels at period end and ends", async () => {
    const store = await getStore();
    // Subscribe: Stripe sends these in no promised order; the subscription's own word comes first here.
    expect((await deliver("customer.subscription.created", subscription({ status: "incomplete" }), T0)).status).toBe(
      200,
    );
    expect(
      await deliver(
        "checkout.session.completed",
        {
          id: "cs_sub_1",
          object: "checkout.session",
          mode: "subscription",
          customer: "cus_life",
          subscription: "sub_life",
          metadata: { uid: UID },
          payment_status: "paid",
        },
        T0 + 1,
      ),
    ).toMatchObject({ status: 200 });
    expect((await deliver("invoice.paid", invoice("in_1", "subscription_create", T0), T0 + 2)).body).toMatchObject({
      credited: true,
    });
    await deliver("customer.subscription.updated", subscription(), T0 + 2);
    expect(await state()).toMatchObject({
      status: "active",
      planId: "plus_monthly",
      subscriptionId: "sub_life",
      currentPeriodEnd: (T0 + 30 * DAY) * 1000,
    });
    expect(await getBalance(store, UID)).toBe(300);

    // Two renewals.
    for (const [n, start] of [
      [2, T0 + 30 * DAY],
      [3, T0 + 60 * DAY],
    ] as const) {
      await deliver("invoice.paid", invoice(`in_${n}`, "subscription_cycle", start), start + 5);
      await deliver(
        "customer.subscription.updated",
        subscription({}, "price_plus_monthly", start + 30 * DAY),
        start + 5,
      );
    }
    expect(await getBalance(store, UID)).toBe(900);

    // A failed payment: past due, and the member is told; then Stripe's retry succeeds.
    const failAt = T0 + 90 * DAY;
    await deliver(
      "invoice.payment_failed",
      invoice("in_4", "subscription_cycle", failAt, { status: "open", amount_paid: 0 }),
      failAt + 1,
    );
    await deliver(
      "customer.subscription.updated",
      subscription({ status: "past_due" }, "price_plus_monthly", failAt + 30 * DAY),
      failAt + 1,
    );
    expect(await state()).toMatchObject({ status: "past_due" });
    expect((await store.get(`notifications/${UID}/messages/sub_failed_in_4`))?.data).toMatchObject({
      title: "Your Plus payment failed",
      link: "/subscriptions",
    });
    expect(await getBalance(store, UID)).toBe(900);
    await deliver("invoice.paid", invoice("in_4", "subscription_cycle", failAt), failAt + 3 * DAY);
    await deliver(
      "customer.subscription.updated",
      subscription({}, "price_plus_monthly", failAt + 30 * DAY),
      failAt + 3 * DAY,
    );
    expect(await state()).toMatchObject({ status: "active" });
    expect(await getBalance(store, UID)).toBe(1200);
    // The failure notice delivered again, late, changes nothing.
    expect(
      (
        await deliver(
          "invoice.payment_failed",
          invoice("in_4", "subscription_cycle", failAt, { status: "open" }),
          failAt + 1,
        )
      ).body,
    ).toMatchObject({ changed: false });

    // Plan change in the portal: the proration invoice credits nothing; the yearly renewal credits 3600.
    const changeAt = failAt + 10 * DAY;
    await deliver(
      "customer.subscription.updated",
      subscription({}, "price_plus_yearly", changeAt + 365 * DAY),
      changeAt,
    );
    expect(
      (
        await deliver(
          "invoice.paid",
          invoice("in_5", "subscription_update", changeAt, { amount_paid: 7500 }, "price_plus_yearly"),
          changeAt,
        )
      ).body,
    ).toMatchObject({ credited: false });
    expect(await state()).toMatchObject({ planId: "plus_yearly" });
    expect(await getBalance(store, UID)).toBe(1200);
    const yearAt = changeAt + 365 * DAY;
    await deliver(
      "invoice.paid",
      invoice("in_6", "subscription_cycle", yearAt, { amount_paid: 9000 }, "price_plus_yearly"),
      yearAt,
    );
    expect(await getBalance(store, UID)).toBe(4800);

    // Cancel at period end: still Plus until then; then Stripe deletes it.
    await deliver(
      "customer.subscription.updated",
      subscription({ cancel_at_period_end: true }, "price_plus_yearly", yearAt + 365 * DAY),
      yearAt + DAY,
    );
    expect(await state()).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    await deliver(
      "customer.subscription.deleted",
      subscription({ status: "canceled", cancel_at_period_end: true }, "price_plus_yearly", yearAt + 365 * DAY),
      yearAt + 365 * DAY,
    );
    expect(await state()).toMatchObject({ status: "canceled" });
    // A late update from before the deletion does not bring it back; the SP stay in the wallet.
    await deliver("customer.subscription.updated", subscription({}, "price_plus_yearly"), yearAt + 2 * DAY);
    expect(await state()).toMatchObject({ status: "canceled" });
    expect(await getBalance(store, UID)).toBe(4800);

    const periods = await store.query({ collection: `subscriptions/${UID}/periods` });
    expect(periods.map((p) => p.id).sort()).toEqual(["in_1", "in_2", "in_3", "in_4", "in_6"]);
    const entries = await store.query({ collection: `wallets/${UID}/transactions` });
    expect(entries.map((e) => e.id).sort()).toEqual(["sub_in_1", "sub_in_2", "sub_in_3", "sub_in_4", "sub_in_6"]);
  });

  it("credits the same invoice.paid once when Stripe delivers it 20 times at once", async () => {
    const store = await getStore();
    const before = await getBalance(store, UID);
    const paid = invoice("in_burst", "subscription_cycle", T0 + 900 * DAY);
    const results = await Promise.all(Array.from({ length: 20 }, () => deliver("invoice.paid", paid, T0 + 900 * DAY)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.credited === true)).toHaveLength(1);
    expect(await getBalance(store, UID)).toBe(before + 300);
  });

  it("refuses a forged delivery, and the ledger reconciles", async () => {
    const forged = signedEvent("invoice.paid", invoice("in_forged", "subscription_cycle", T0), "whsec_someone_else");
    const request = new Request("http://localhost/api/stripe-webhook", {
      method: "POST",
      headers: { "Stripe-Signature": forged.signature },
      body: forged.payload,
    });
    expect((await webhook.action({ request, params: {}, context: {} })).status).toBe(400);
    expect(await (await getStore()).get(`wallets/${UID}/transactions/sub_in_forged`)).toBeNull();
    const report = await reconcileAll(await getStore());
    expect(report.checked).toBeGreaterThan(0);
    expect(report.failures).toEqual([]);
  });
});
