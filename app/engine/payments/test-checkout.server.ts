/**
 * The labelled test checkout (ARCHITECTURE.md): lets the whole top-up flow run with no payment
 * account, charging nothing. Only chosen when PAYMENTS=test and no Stripe keys are set, never in
 * Firebase mode (app/utils/env.server.ts and ./index.server.ts enforce both).
 */
import { createHash } from "node:crypto";
import type { DocStore } from "~/engine/store/types";
import { isPackId, packById, PACKS, type Pack, type PackId } from "./packs";
import { PLANS } from "./plans";
import { createTestBilling, createTestPlanCheckout, testCustomerId } from "./test-billing.server";
import {
  CheckoutClosedError,
  CheckoutNotFoundError,
  RefundRefusedError,
  WebhookSignatureError,
  type FulfilmentEvent,
  type PaymentProvider,
} from "./types";

export type TestCheckoutStatus = "open" | "paid" | "cancelled" | "refunded";

/** `test_checkouts/{id}` */
export interface TestCheckoutDoc {
  uid: string;
  packId: PackId;
  status: TestCheckoutStatus;
  createdAt: number;
  closedAt?: number;
  [field: string]: unknown;
}

export interface TestCheckout extends TestCheckoutDoc {
  id: string;
  pack: Pack;
}

export class TestCheckoutClosedError extends CheckoutClosedError {
  constructor(id: string, status: TestCheckoutStatus) {
    super(`Test checkout ${id} is ${status} and cannot be paid or cancelled again.`);
    this.name = "TestCheckoutClosedError";
  }
}

const TEST_PRICE_PREFIX = "test_";
const CHECKOUT_ID = /^tc_[0-9a-f]{24}$/;

function checkoutPath(id: string): string {
  return `test_checkouts/${id}`;
}

// Derived from the idempotency key, so repeating a request finds the checkout it created.
function checkoutIdFor(idempotencyKey: string): string {
  return `tc_${createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 24)}`;
}

function toCheckout(id: string, doc: TestCheckoutDoc): TestCheckout {
  const pack = isPackId(doc.packId) ? packById(doc.packId) : null;
  if (!pack) throw new Error(`Test checkout ${id} names an unknown pack: ${String(doc.packId)}`);
  return { ...doc, id, pack };
}

function toEvent(checkout: TestCheckout): FulfilmentEvent {
  return {
    checkoutId: checkout.id,
    uid: checkout.uid,
    packId: checkout.pack.id,
    sp: checkout.pack.sp,
    amountCents: checkout.pack.amountCents,
    currency: checkout.pack.currency,
    providerIds: { testCheckoutId: checkout.id },
  };
}

/** The checkout if it exists and belongs to `uid`; anyone else's looks missing. */
export async function getTestCheckout(store: DocStore, id: string, uid: string): Promise<TestCheckout | null> {
  if (!CHECKOUT_ID.test(id)) return null;
  const doc = await store.get<TestCheckoutDoc>(checkoutPath(id));
  if (!doc || doc.data.uid !== uid) return null;
  return toCheckout(id, doc.data);
}

async function close(
  store: DocStore,
  id: string,
  uid: string,
  status: "paid" | "cancelled",
  now: number,
): Promise<TestCheckout> {
  if (!CHECKOUT_ID.test(id)) throw new CheckoutNotFoundError(id);
  return store.transaction(async (tx) => {
    const doc = await tx.get<TestCheckoutDoc>(checkoutPath(id));
    if (!doc || doc.data.uid !== uid) throw new CheckoutNotFoundError(id);
    // Repeating the same choice (a double click, a reload) is harmless; changing it is not.
    if (doc.data.status === status) return toCheckout(id, doc.data);
    if (doc.data.status !== "open") throw new TestCheckoutClosedError(id, doc.data.status);
    tx.update(checkoutPath(id), { status, closedAt: now });
    return toCheckout(id, { ...doc.data, status, closedAt: now });
  });
}

/** What the test page's Pay button does: record the payment and return it for fulfilment. */
export async function payTestCheckout(
  store: DocStore,
  id: string,
  uid: string,
  now = Date.now(),
): Promise<FulfilmentEvent> {
  return toEvent(await close(store, id, uid, "paid", now));
}

export async function cancelTestCheckout(store: DocStore, id: string, uid: string, now = Date.now()): Promise<void> {
  await close(store, id, uid, "cancelled", now);
}

export function createTestCheckoutProvider(getStore: () => Promise<DocStore>): PaymentProvider {
  return {
    kind: "test",

    checkoutPage: {
      get: async (id, uid) => {
        const checkout = await getTestCheckout(await getStore(), id, uid);
        // The page only tells whether it was paid; a refund happened later, elsewhere.
        return checkout && { ...checkout, status: checkout.status === "refunded" ? "paid" : checkout.status };
      },
      pay: async (id, uid) => payTestCheckout(await getStore(), id, uid),
      cancel: async (id, uid) => cancelTestCheckout(await getStore(), id, uid),
    },

    testBilling: createTestBilling(getStore),

    // Nothing to create: the test billing's customer is the member.
    async createCustomer({ uid }) {
      return testCustomerId(uid);
    },

    async createSubscriptionCheckout({ uid, customerId, plan, priceId, idempotencyKey }) {
      if (priceId !== `${TEST_PRICE_PREFIX}${plan.id}`)
        throw new Error(`Price ${priceId} is not the price of plan ${plan.id}.`);
      return createTestPlanCheckout(getStore, uid, customerId, plan, idempotencyKey);
    },

    // The test billing's portal is the panel on /subscriptions itself.
    async createBillingPortal() {
      return { url: "/subscriptions#test-billing" };
    },

    planPriceIdFor(planId) {
      return `${TEST_PRICE_PREFIX}${planId}`;
    },

    planForPriceId(priceId) {
      return PLANS.find((plan) => `${TEST_PRICE_PREFIX}${plan.id}` === priceId) ?? null;
    },

    priceIdFor(packId) {
      return `${TEST_PRICE_PREFIX}${packId}`;
    },

    packForPriceId(priceId) {
      return PACKS.find((pack) => `${TEST_PRICE_PREFIX}${pack.id}` === priceId) ?? null;
    },

    async createCheckout({ uid, pack, priceId, idempotencyKey }) {
      if (priceId !== `${TEST_PRICE_PREFIX}${pack.id}`)
        throw new Error(`Price ${priceId} is not the price of pack ${pack.id}.`);
      const id = checkoutIdFor(idempotencyKey);
      const store = await getStore();
      await store.transaction(async (tx) => {
        if (await tx.get(checkoutPath(id))) return;
        const doc: TestCheckoutDoc = { uid, packId: pack.id, status: "open", createdAt: Date.now() };
        tx.create(checkoutPath(id), doc);
      });
      return { sessionId: id, url: `/checkout/test/${id}` };
    },

    // Charges nothing, so it gives nothing back but the word that it did, at once.
    async refund({ checkoutId, amountCents, currency }) {
      if (!CHECKOUT_ID.test(checkoutId))
        throw new RefundRefusedError(
          `Payment ${checkoutId} was not made through the test checkout.`,
          "not_test_checkout",
        );
      const store = await getStore();
      await store.transaction(async (tx) => {
        const doc = await tx.get<TestCheckoutDoc>(checkoutPath(checkoutId));
        if (!doc) throw new RefundRefusedError(`Test checkout ${checkoutId} does not exist.`, "unknown_checkout");
        if (doc.data.status === "refunded") return;
        if (doc.data.status !== "paid")
          throw new RefundRefusedError(`Test checkout ${checkoutId} was never paid.`, "never_paid");
        tx.update(checkoutPath(checkoutId), { status: "refunded", refundedAt: Date.now() });
      });
      return {
        confirmed: {
          checkoutId,
          paymentIntentId: null,
          providerRefId: checkoutId,
          amountRefundedCents: amountCents,
          fullyRefunded: true,
          currency,
        },
      };
    },

    parseWebhook() {
      // Nothing calls back for a test checkout; a request claiming to be its webhook is forged.
      throw new WebhookSignatureError("The test checkout sends no webhooks.");
    },

    async retrieveCheckout(sessionId) {
      if (!CHECKOUT_ID.test(sessionId)) throw new CheckoutNotFoundError(sessionId);
      const doc = await (await getStore()).get<TestCheckoutDoc>(checkoutPath(sessionId));
      if (!doc) throw new CheckoutNotFoundError(sessionId);
      return doc.data.status === "paid" || doc.data.status === "refunded"
        ? toEvent(toCheckout(sessionId, doc.data))
        : null;
    },
  };
}
