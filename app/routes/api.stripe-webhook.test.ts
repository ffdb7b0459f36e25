import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";

const SECRET = "whsec_route_test";
const dataDir = mkdtempSync(path.join(tmpdir(), "stripe-webhook-"));
Object.assign(process.env, {
  DATA_DIR: dataDir,
  SESSION_SECRET: "y".repeat(40),
  STRIPE_SECRET_KEY: "sk_test_route",
  STRIPE_WEBHOOK_SECRET: SECRET,
  STRIPE_PRICE_100: "price_100",
  STRIPE_PRICE_500: "price_500",
  STRIPE_PRICE_1000: "price_1000",
  STRIPE_PRICE_3000: "price_3000",
  STRIPE_PRICE_PLUS_MONTHLY: "price_plus_monthly",
  STRIPE_PRICE_PLUS_YEARLY: "price_plus_yearly",
});
delete process.env.PAYMENTS;

const { getStore } = await import("~/engine/index.server");
const { getBalance } = await import("~/features/wallet/ledger.server");
const webhook = await import("./api.stripe-webhook");

afterAll(async () => {
  await (await getStore()).close();
  rmSync(dataDir, { recursive: true, force: true });
});

const paidSession = {
  id: "cs_test_route",
  object: "checkout.session",
  mode: "payment",
  payment_status: "paid",
  amount_total: 10000,
  currency: "eur",
  client_reference_id: "payer",
  metadata: { uid: "payer", pack: "sp_3000", sp: "3000" },
  payment_intent: "pi_route",
  customer: null,
};

function delivery(type: string, object: unknown, secret = SECRET): Request {
  const payload = JSON.stringify({ id: `evt_${type}`, object: "event", type, data: { object } });
  const signature = new Stripe("sk_test_route").webhooks.generateTestHeaderString({ payload, secret });
  return new Request("http://localhost/api/stripe-webhook", {
    method: "POST",
    headers: { "Stripe-Signature": signature },
    body: payload,
  });
}

async function post(request: Request) {
  const response = await webhook.action({ request, params: {}, context: {} });
  return { status: response.status, body: await response.json() };
}

describe("POST /api/stripe-webhook", () => {
  it("refuses a bad signature and changes nothing", async () => {
    expect((await post(delivery("checkout.session.completed", paidSession, "whsec_wrong"))).status).toBe(400);
    const unsigned = new Request("http://localhost/api/stripe-webhook", { method: "POST", body: "{}" });
    expect((await post(unsigned)).status).toBe(400);
    expect(await getBalance(await getStore(), "payer")).toBe(0);
    expect(await (await getStore()).get("payments/cs_test_route")).toBeNull();
  });

  it("credits a paid checkout once however often Stripe delivers it", async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => post(delivery("checkout.session.completed", paidSession))),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.credited === true)).toHaveLength(1);
    expect(await getBalance(await getStore(), "payer")).toBe(3000);
  });

  it("takes the pack's SP back once when Stripe reports the charge refunded, however often it says so", async () => {
    const refunded = {
      id: "ch_route",
      object: "charge",
      amount: 10000,
      amount_refunded: 10000,
      refunded: true,
      currency: "eur",
      payment_intent: "pi_route",
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => post(delivery("charge.refunded", refunded))));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.refunded === true)).toHaveLength(1);
    expect(await getBalance(await getStore(), "payer")).toBe(0);
    expect((await (await getStore()).get("payments/cs_test_route"))?.data).toMatchObject({ status: "refunded" });
    // A charge that is not one of ours is acknowledged and changes nothing.
    expect(
      await post(delivery("charge.refunded", { ...refunded, id: "ch_other", payment_intent: "pi_other" })),
    ).toEqual({
      status: 200,
      body: { received: true, refunded: false },
    });
  });

  it("acknowledges events that need no action", async () => {
    expect(await post(delivery("customer.created", { id: "cus_1", object: "customer" }))).toEqual({
      status: 200,
      body: { received: true },
    });
    expect(
      await post(
        delivery("checkout.session.completed", { ...paidSession, id: "cs_test_unpaid", payment_status: "unpaid" }),
      ),
    ).toEqual({
      status: 200,
      body: { received: true },
    });
    expect(await (await getStore()).get("payments/cs_test_unpaid")).toBeNull();
  });

  it("answers 405 to GET", async () => {
    expect((await webhook.loader()).status).toBe(405);
  });
});
