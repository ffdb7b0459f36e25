import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeStandIn, type Received, type StripeStandIn } from "../../../tests/support/stripe-stand-in";
import { packById, type Pack } from "./packs";
import { createStripeProvider } from "./stripe.server";
import {
  CheckoutNotFoundError,
  PaymentMismatchError,
  RefundRefusedError,
  WebhookSignatureError,
  type PaymentProvider,
} from "./types";

const SECRET = "whsec_test_secret";
const PRICES = { sp_100: "price_100", sp_500: "price_500", sp_1000: "price_1000", sp_3000: "price_3000" };
const PLAN_PRICES = { plus_monthly: "price_plus_monthly", plus_yearly: "price_plus_yearly" };
const sp500 = packById("sp_500") as Pack;

let standIn: StripeStandIn;
let apiBase: string;
let received: Received[];
let routes: StripeStandIn["routes"];

beforeAll(async () => {
  standIn = await startStripeStandIn();
  ({ apiBase, received, routes } = standIn);
});

afterAll(() => standIn.close());

function provider(): PaymentProvider {
  return createStripeProvider({
    secretKey: "sk_test_123",
    webhookSecret: SECRET,
    prices: PRICES,
    planPrices: PLAN_PRICES,
    apiBase,
  });
}

function session(overrides: Record<string, unknown> = {}) {
  return {
    id: "cs_test_abc",
    object: "checkout.session",
    mode: "payment",
    payment_status: "paid",
    status: "complete",
    amount_total: 2000,
    currency: "eur",
    client_reference_id: "u1",
    metadata: { uid: "u1", pack: "sp_500", sp: "500" },
    payment_intent: "pi_123",
    customer: "cus_9",
    url: null,
    ...overrides,
  };
}

function signed(type: string, object: unknown, secret = SECRET) {
  const payload = JSON.stringify({ id: "evt_1", object: "event", type, data: { object } });
  const signature = new Stripe("sk_test_123").webhooks.generateTestHeaderString({ payload, secret });
  return { payload, signature };
}

const expectedEvent = {
  checkoutId: "cs_test_abc",
  uid: "u1",
  packId: "sp_500",
  sp: 500,
  amountCents: 2000,
  currency: "eur",
  providerIds: { checkoutSessionId: "cs_test_abc", paymentIntentId: "pi_123", customerId: "cus_9" },
};

describe("checkout page", () => {
  it("has none of the app's own: Stripe hosts it", () => {
    expect(provider().checkoutPage).toBeNull();
    // …nor the test billing's controls (decision 017).
    expect(provider().testBilling).toBeNull();
  });
});

describe("parseWebhook", () => {
  it("turns a signed, paid checkout.session.completed into a fulfilment", () => {
    const { payload, signature } = signed("checkout.session.completed", session());
    expect(provider().parseWebhook(payload, signature)).toEqual({ type: "checkout.paid", ...expectedEvent });
  });

  it("fulfils a delayed payment when it succeeds", () => {
    const { payload, signature } = signed("checkout.session.async_payment_succeeded", session());
    expect(provider().parseWebhook(payload, signature)).toEqual({ type: "checkout.paid", ...expectedEvent });
  });

  it("refuses a payload signed with another secret", () => {
    const { payload, signature } = signed("checkout.session.completed", session(), "whsec_wrong");
    expect(() => provider().parseWebhook(payload, signature)).toThrow(WebhookSignatureError);
  });

  it("refuses a tampered payload and a missing signature", () => {
    const { payload, signature } = signed("checkout.session.completed", session());
    expect(() => provider().parseWebhook(payload.replace("sp_500", "sp_3000"), signature)).toThrow(
      WebhookSignatureError,
    );
    expect(() => provider().parseWebhook(payload, null)).toThrow(WebhookSignatureError);
  });

  it("needs no action for an unpaid completion or other events", () => {
    const unpaid = signed("checkout.session.completed", session({ payment_status: "unpaid" }));
    expect(provider().parseWebhook(unpaid.payload, unpaid.signature)).toBeNull();
    const other = signed("payment_intent.created", { id: "pi_1", object: "payment_intent" });
    expect(provider().parseWebhook(other.payload, other.signature)).toBeNull();
    const foreign = signed("checkout.session.completed", session({ metadata: {}, client_reference_id: null }));
    expect(provider().parseWebhook(foreign.payload, foreign.signature)).toBeNull();
  });

  it("never credits a session whose charge does not match the pack", () => {
    for (const overrides of [
      { amount_total: 500 },
      { currency: "usd" },
      { client_reference_id: "someone-else" },
      { metadata: { uid: "u1", pack: "sp_999" } },
    ]) {
      const { payload, signature } = signed("checkout.session.completed", session(overrides));
      expect(() => provider().parseWebhook(payload, signature)).toThrow(PaymentMismatchError);
    }
  });
});

function charge(overrides: Record<string, unknown> = {}) {
  return {
    id: "ch_1",
    object: "charge",
    amount: 2000,
    amount_refunded: 2000,
    refunded: true,
    currency: "eur",
    payment_intent: "pi_123",
    ...overrides,
  };
}

describe("refunds", () => {
  it("reads charge.refunded as a refund of the payment intent, full or partial", () => {
    const full = signed("charge.refunded", charge());
    expect(provider().parseWebhook(full.payload, full.signature)).toEqual({
      type: "charge.refunded",
      checkoutId: null,
      paymentIntentId: "pi_123",
      providerRefId: "ch_1",
      amountRefundedCents: 2000,
      fullyRefunded: true,
      currency: "eur",
    });
    const partial = signed("charge.refunded", charge({ amount_refunded: 500, refunded: false }));
    expect(provider().parseWebhook(partial.payload, partial.signature)).toMatchObject({
      type: "charge.refunded",
      amountRefundedCents: 500,
      fullyRefunded: false,
    });
  });

  it("asks Stripe to refund the payment intent with an idempotency key, and applies nothing until Stripe confirms", async () => {
    received.length = 0;
    routes.set("POST /v1/refunds", {
      status: 200,
      body: { id: "re_1", object: "refund", status: "pending", payment_intent: "pi_123", amount: 2000 },
    });
    const started = await provider().refund({
      checkoutId: "cs_test_abc",
      providerIds: { checkoutSessionId: "cs_test_abc", paymentIntentId: "pi_123" },
      amountCents: 2000,
      currency: "eur",
      idempotencyKey: "refund_cs_test_abc",
    });
    expect(started).toEqual({ confirmed: null });
    expect(received).toHaveLength(1);
    expect(received[0].headers["idempotency-key"]).toBe("refund_cs_test_abc");
    expect(Object.fromEntries(received[0].form)).toEqual({
      payment_intent: "pi_123",
      "metadata[checkoutId]": "cs_test_abc",
    });
  });

  it("refuses a payment without a payment intent, and says why when Stripe refuses", async () => {
    const request = { checkoutId: "cs_x", providerIds: {}, amountCents: 2000, currency: "eur", idempotencyKey: "k" };
    await expect(provider().refund(request)).rejects.toBeInstanceOf(RefundRefusedError);
    routes.set("POST /v1/refunds", {
      status: 400,
      body: {
        error: {
          type: "invalid_request_error",
          code: "charge_already_refunded",
          message: "Charge ch_1 has already been refunded.",
        },
      },
    });
    await expect(provider().refund({ ...request, providerIds: { paymentIntentId: "pi_123" } })).rejects.toThrow(
      /already been refunded/,
    );
  });
});

describe("createCheckout", () => {
  it("creates a payment-mode Checkout Session with the pack's price and an idempotency key", async () => {
    received.length = 0;
    routes.set("POST /v1/checkout/sessions", {
      status: 200,
      body: { id: "cs_test_new", object: "checkout.session", url: "https://checkout.stripe.com/c/pay/cs_test_new" },
    });
    const result = await provider().createCheckout({
      uid: "u1",
      email: "ada@example.com",
      pack: sp500,
      priceId: "price_500",
      origin: "https://skillswap.example",
      idempotencyKey: "u1:price_500:42",
    });
    expect(result).toEqual({ sessionId: "cs_test_new", url: "https://checkout.stripe.com/c/pay/cs_test_new" });

    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request.method).toBe("POST");
    expect(request.headers["idempotency-key"]).toBe("u1:price_500:42");
    expect(request.headers.authorization).toBe("Bearer sk_test_123");
    expect(Object.fromEntries(request.form)).toEqual({
      mode: "payment",
      "line_items[0][price]": "price_500",
      "line_items[0][quantity]": "1",
      client_reference_id: "u1",
      customer_email: "ada@example.com",
      "metadata[uid]": "u1",
      "metadata[pack]": "sp_500",
      "metadata[sp]": "500",
      success_url: "https://skillswap.example/checkout?status=success&session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "https://skillswap.example/checkout?status=cancelled",
    });
  });

  it("refuses a price that is not the pack's", async () => {
    const request = {
      uid: "u1",
      email: "a@b.c",
      pack: sp500,
      priceId: "price_100",
      origin: "https://x",
      idempotencyKey: "k",
    };
    await expect(provider().createCheckout(request)).rejects.toThrow(/not the price/);
  });
});

describe("retrieveCheckout", () => {
  it("answers the fulfilment once Stripe says the session is paid, null before", async () => {
    routes.set("GET /v1/checkout/sessions/cs_test_abc", { status: 200, body: session() });
    await expect(provider().retrieveCheckout("cs_test_abc")).resolves.toEqual(expectedEvent);
    routes.set("GET /v1/checkout/sessions/cs_test_abc", {
      status: 200,
      body: session({ payment_status: "unpaid", status: "open" }),
    });
    await expect(provider().retrieveCheckout("cs_test_abc")).resolves.toBeNull();
  });

  it("reports an unknown or malformed session id as not found", async () => {
    routes.set("GET /v1/checkout/sessions/cs_test_gone", {
      status: 404,
      body: { error: { type: "invalid_request_error", code: "resource_missing", message: "No such checkout.session" } },
    });
    await expect(provider().retrieveCheckout("cs_test_gone")).rejects.toBeInstanceOf(CheckoutNotFoundError);
    await expect(provider().retrieveCheckout("../v1/customers")).rejects.toBeInstanceOf(CheckoutNotFoundError);
  });
});

describe("prices", () => {
  it("maps packs to configured price ids and back", () => {
    expect(provider().priceIdFor("sp_1000")).toBe("price_1000");
    expect(provider().packForPriceId("price_3000")).toMatchObject({ id: "sp_3000", sp: 3000, amountCents: 10000 });
    expect(provider().packForPriceId("price_unknown")).toBeNull();
  });
});
