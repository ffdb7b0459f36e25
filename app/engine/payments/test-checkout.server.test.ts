import { beforeEach, describe, expect, it } from "vitest";
import { packById, type Pack } from "./packs";
import { useTempStore } from "../../../tests/support/temp-store";
import { selectPayments } from "./index.server";
import {
  cancelTestCheckout,
  createTestCheckoutProvider,
  getTestCheckout,
  payTestCheckout,
  TestCheckoutClosedError,
} from "./test-checkout.server";
import { CheckoutClosedError, CheckoutNotFoundError, WebhookSignatureError, type PaymentProvider } from "./types";

const { store } = useTempStore("test-checkout-");
let provider: PaymentProvider;

beforeEach(() => {
  provider = createTestCheckoutProvider(async () => store);
});

const sp100 = packById("sp_100") as Pack;

function start(idempotencyKey = "u1:test_sp_100:1") {
  return provider.createCheckout({
    uid: "u1",
    email: "a@b.c",
    pack: sp100,
    priceId: "test_sp_100",
    origin: "http://x",
    idempotencyKey,
  });
}

describe("test checkout", () => {
  it("opens a checkout on the labelled test page, once per idempotency key", async () => {
    const first = await start();
    expect(first.url).toBe(`/checkout/test/${first.sessionId}`);
    expect(await start()).toEqual(first);
    expect((await start("u1:test_sp_100:2")).sessionId).not.toBe(first.sessionId);
    expect(await getTestCheckout(store, first.sessionId, "u1")).toMatchObject({
      uid: "u1",
      packId: "sp_100",
      status: "open",
    });
  });

  it("is paid only after Pay, and then reports the pack's fulfilment", async () => {
    const { sessionId } = await start();
    await expect(provider.retrieveCheckout(sessionId)).resolves.toBeNull();
    const event = await payTestCheckout(store, sessionId, "u1");
    expect(event).toEqual({
      checkoutId: sessionId,
      uid: "u1",
      packId: "sp_100",
      sp: 100,
      amountCents: 500,
      currency: "eur",
      providerIds: { testCheckoutId: sessionId },
    });
    await expect(provider.retrieveCheckout(sessionId)).resolves.toEqual(event);
    await expect(payTestCheckout(store, sessionId, "u1")).resolves.toEqual(event);
    await expect(cancelTestCheckout(store, sessionId, "u1")).rejects.toBeInstanceOf(TestCheckoutClosedError);
  });

  it("hides a checkout from everyone but its owner", async () => {
    const { sessionId } = await start();
    expect(await getTestCheckout(store, sessionId, "intruder")).toBeNull();
    await expect(payTestCheckout(store, sessionId, "intruder")).rejects.toBeInstanceOf(CheckoutNotFoundError);
    await expect(provider.retrieveCheckout("tc_000000000000000000000000")).rejects.toBeInstanceOf(
      CheckoutNotFoundError,
    );
  });

  it("serves its own checkout page through the port: the page pays, cancels and hides others' checkouts", async () => {
    const page = provider.checkoutPage!;
    const paid = await start("u1:test_sp_100:page-pay");
    expect(await page.get(paid.sessionId, "u1")).toMatchObject({ id: paid.sessionId, status: "open", pack: sp100 });
    expect(await page.get(paid.sessionId, "intruder")).toBeNull();
    const event = await page.pay(paid.sessionId, "u1");
    expect(event).toMatchObject({ checkoutId: paid.sessionId, uid: "u1", sp: 100 });
    await expect(page.cancel(paid.sessionId, "u1")).rejects.toBeInstanceOf(CheckoutClosedError);
    const cancelled = await start("u1:test_sp_100:page-cancel");
    await page.cancel(cancelled.sessionId, "u1");
    expect(await page.get(cancelled.sessionId, "u1")).toMatchObject({ status: "cancelled" });
    await expect(page.pay(cancelled.sessionId, "u1")).rejects.toBeInstanceOf(CheckoutClosedError);
  });

  it("cannot be paid after it was cancelled", async () => {
    const { sessionId } = await start();
    await cancelTestCheckout(store, sessionId, "u1");
    await expect(payTestCheckout(store, sessionId, "u1")).rejects.toBeInstanceOf(TestCheckoutClosedError);
    await expect(provider.retrieveCheckout(sessionId)).resolves.toBeNull();
  });

  it("uses its own price ids and accepts no webhooks", () => {
    expect(provider.priceIdFor("sp_3000")).toBe("test_sp_3000");
    expect(provider.packForPriceId("test_sp_500")?.sp).toBe(500);
    expect(provider.packForPriceId("price_500")).toBeNull();
    expect(() => provider.parseWebhook("{}", "t=1,v1=x")).toThrow(WebhookSignatureError);
  });
});

describe("selectPayments", () => {
  const stripeEnv = {
    BACKEND: "embedded" as const,
    STRIPE_SECRET_KEY: "sk_test_1",
    STRIPE_WEBHOOK_SECRET: "whsec_1",
    STRIPE_PRICE_100: "price_100",
    STRIPE_PRICE_500: "price_500",
    STRIPE_PRICE_1000: "price_1000",
    STRIPE_PRICE_3000: "price_3000",
    STRIPE_PRICE_PLUS_MONTHLY: "price_plus_monthly",
    STRIPE_PRICE_PLUS_YEARLY: "price_plus_yearly",
  };
  const storeSource = async () => store;

  it("prefers Stripe when its keys are set", () => {
    expect(selectPayments(stripeEnv, storeSource)?.kind).toBe("stripe");
  });

  it("runs the test checkout only when switched on, and never in Firebase mode", () => {
    expect(selectPayments({ BACKEND: "embedded", PAYMENTS: "test" }, storeSource)?.kind).toBe("test");
    expect(selectPayments({ BACKEND: "firebase", PAYMENTS: "test" }, storeSource)).toBeNull();
    expect(selectPayments({ BACKEND: "embedded" }, storeSource)).toBeNull();
    expect(selectPayments({ ...stripeEnv, PAYMENTS: "off" }, storeSource)).toBeNull();
  });

  it("refuses a half-configured Stripe", () => {
    expect(() => selectPayments({ ...stripeEnv, STRIPE_PRICE_1000: undefined }, storeSource)).toThrow(/sp_1000/);
  });
});
