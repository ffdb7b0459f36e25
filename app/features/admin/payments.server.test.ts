import { describe, expect, it } from "vitest";
import { packById, type Pack } from "~/engine/payments/packs";
import { createTestCheckoutProvider } from "~/engine/payments/test-checkout.server";
import type { PaymentProvider } from "~/engine/payments/types";
import { fulfilCheckout } from "~/features/wallet/fulfil.server";
import { getBalance, postEntry } from "~/features/wallet/ledger.server";
import { reconcileAll } from "~/features/wallet/reconcile.server";
import { useTempStore } from "../../../tests/support/temp-store";
import { listAudit } from "./audit.server";
import { AdminActionError } from "./members.server";
import { listPayments, refundPayment } from "./payments.server";

const { store } = useTempStore("admin-payments-");
const ADMIN = "admin1";
const sp500 = packById("sp_500") as Pack;

/** A member who bought the 500 SP pack through the test checkout: the real flow, start to end. */
async function purchase(provider: PaymentProvider, uid: string, key = `${uid}-1`) {
  await store.set(`users/${uid}`, { fullName: `Member ${uid}`, createdAt: 1 });
  const { sessionId } = await provider.createCheckout({
    uid,
    email: "",
    pack: sp500,
    priceId: provider.priceIdFor("sp_500"),
    origin: "http://x",
    idempotencyKey: key,
  });
  const event = await provider.checkoutPage!.pay(sessionId, uid);
  await fulfilCheckout(store, event);
  return sessionId;
}

describe("refunding a pack", () => {
  it("gives the purchase back once when two admins click at the same moment, with one audit entry", async () => {
    const payments = createTestCheckoutProvider(async () => store);
    const id = await purchase(payments, "buyer");
    expect(await getBalance(store, "buyer")).toBe(500);

    const results = await Promise.allSettled([
      refundPayment({ store, payments }, ADMIN, id, "Bought by mistake."),
      refundPayment({ store, payments }, "admin2", id, "Bought by mistake."),
    ]);
    // The later click either joins the refund under way or is told it is done; never a second one.
    expect(
      results.filter((r) => r.status === "fulfilled" && r.value.status === "refunded").length,
    ).toBeGreaterThanOrEqual(1);
    for (const r of results)
      if (r.status === "rejected") expect(String(r.reason)).toMatch("This payment was refunded already.");
    expect(await getBalance(store, "buyer")).toBe(0);
    expect((await store.get(`payments/${id}`))?.data).toMatchObject({
      status: "refunded",
      refund: { status: "refunded", shortfallSp: 0 },
    });
    expect((await store.get(`test_checkouts/${id}`))?.data).toMatchObject({ status: "refunded" });
    const { entries } = await listAudit(store, { action: "payment.refund" }, { limit: 10 });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      subjectUid: "buyer",
      target: `payments/${id}`,
      reason: "Bought by mistake.",
      before: { status: "paid" },
    });
    expect((await reconcileAll(store)).failures).toEqual([]);

    await expect(refundPayment({ store, payments }, ADMIN, id, "Again.")).rejects.toThrow(
      "This payment was refunded already.",
    );
  });

  it("refuses once the member has spent some of the pack, and changes nothing", async () => {
    const payments = createTestCheckoutProvider(async () => store);
    const id = await purchase(payments, "spender");
    await postEntry(store, "spender", {
      id: "spent",
      amount: -120,
      type: "booking_hold",
      description: "Session booked",
    });

    const refused = refundPayment({ store, payments }, ADMIN, id, "Asked for it back.");
    await expect(refused).rejects.toBeInstanceOf(AdminActionError);
    await expect(refused).rejects.toThrow(/spent 120 SP of it, so it cannot be refunded/);
    expect(await getBalance(store, "spender")).toBe(380);
    expect((await store.get(`payments/${id}`))?.data).toMatchObject({ status: "paid" });
    expect((await store.get(`payments/${id}`))?.data.refund).toBeUndefined();
    expect((await listAudit(store, {}, { limit: 10 })).entries).toHaveLength(0);
  });

  it("refuses (409) a payment whose stored SP are not whole, asking nothing of the provider", async () => {
    const payments = createTestCheckoutProvider(async () => store);
    const id = await purchase(payments, "odd");
    await store.update(`payments/${id}`, { sp: 500.5 });
    await expect(refundPayment({ store, payments }, ADMIN, id, "Asked for it back.")).rejects.toMatchObject({
      status: 409,
    });
    expect(await getBalance(store, "odd")).toBe(500);
    expect((await store.get(`test_checkouts/${id}`))?.data).not.toMatchObject({ status: "refunded" });
    expect((await listAudit(store, {}, { limit: 10 })).entries).toHaveLength(0);
  });

  it("keeps the provider's refusal as a code with its own words, and answers it by key (decision 077)", async () => {
    const payments = createTestCheckoutProvider(async () => store);
    const id = await purchase(payments, "gone");
    // The provider no longer knows the checkout: it refuses, and nothing leaves the wallet.
    await store.delete(`test_checkouts/${id}`);
    const refused = refundPayment({ store, payments }, ADMIN, id, "Asked for it back.");
    await expect(refused).rejects.toMatchObject({
      status: 409,
      key: "payments.refusals.provider.unknown_checkout",
      values: { id, detail: "" },
      message: `Test checkout ${id} does not exist.`,
    });
    expect(await getBalance(store, "gone")).toBe(500);
    expect((await store.get(`payments/${id}`))?.data.refund).toMatchObject({
      status: "failed",
      error: `Test checkout ${id} does not exist.`,
      errorCode: "unknown_checkout",
    });
  });

  it("answers 404 for an unknown payment and 409 when payments are off", async () => {
    const payments = createTestCheckoutProvider(async () => store);
    await expect(refundPayment({ store, payments }, ADMIN, "tc_000000000000000000000000", "x")).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      refundPayment({ store, payments: null }, ADMIN, "tc_000000000000000000000000", "x"),
    ).rejects.toMatchObject({ status: 409 });
  });

  it("lists purchases newest first with the member's name, a page at a time", async () => {
    const payments = createTestCheckoutProvider(async () => store);
    for (let i = 0; i < 3; i += 1) {
      await purchase(payments, "many", `many-${i}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const first = await listPayments(store, { limit: 2, language: "en" });
    expect(first.payments).toHaveLength(2);
    expect(first.payments[0]).toMatchObject({
      memberName: { text: "Member many", own: true },
      sp: 500,
      provider: "Test checkout",
      status: "paid",
    });
    expect(first.payments[0].fulfilledAt).toBeGreaterThan(first.payments[1].fulfilledAt);
    const second = await listPayments(store, { limit: 2, before: first.nextBefore!, language: "en" });
    expect(second.payments).toHaveLength(1);
    expect(second.nextBefore).toBeNull();
  });
});
