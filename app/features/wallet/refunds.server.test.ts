import { describe, expect, it } from "vitest";
import type { FulfilmentEvent, RefundEvent } from "~/engine/payments/types";
import { listNotifications } from "~/features/notifications/notifications.server";
import { fixedT } from "~/i18n/i18n.server";
import { useTempStore } from "../../../tests/support/temp-store";
import { fulfilCheckout } from "./fulfil.server";
import { getBalance, LedgerError, listEntries, postEntry } from "./ledger.server";
import { reconcileWallet } from "./reconcile.server";
import { applyRefund, paymentRefundEntryId, refundDecision } from "./refunds.server";

const { store } = useTempStore("refunds-");

const paid: FulfilmentEvent = {
  checkoutId: "cs_test_1",
  uid: "u1",
  packId: "sp_500",
  sp: 500,
  amountCents: 2000,
  currency: "eur",
  providerIds: { checkoutSessionId: "cs_test_1", paymentIntentId: "pi_1" },
};

const refunded: RefundEvent = {
  checkoutId: null,
  paymentIntentId: "pi_1",
  providerRefId: "ch_1",
  amountRefundedCents: 2000,
  fullyRefunded: true,
  currency: "eur",
};

describe("refundDecision", () => {
  it("allows a refund while the member still holds every SP the pack credited", () => {
    expect(refundDecision({ sp: 500, status: "paid" }, 500)).toEqual({ ok: true });
    expect(refundDecision({ sp: 500, status: "paid" }, 900)).toEqual({ ok: true });
  });

  it("refuses once some of them are spent, saying how many, by code and values for the page (decision 077)", () => {
    const decision = refundDecision({ sp: 500, status: "paid" }, 380);
    expect(decision).toMatchObject({ ok: false, refusal: "spent", values: { sp: 500, balance: 380, spent: 120 } });
    expect(!decision.ok && decision.message).toMatch(
      /credited 500 SP and the member holds 380 SP now: they have spent 120 SP/,
    );
    // The admin reads it in their language: the catalogue words it from the values.
    const fr = fixedT("fr", "admin");
    expect(!decision.ok && fr(`payments.refusals.${decision.refusal}`, decision.values)).toMatch(
      /^Cet achat a crédité 500 SP et le membre en détient maintenant 380 SP : il en a dépensé 120 SP/,
    );
    expect(!decision.ok && fixedT("en", "admin")(`payments.refusals.${decision.refusal}`, decision.values)).toBe(
      decision.ok ? "" : decision.message,
    );
  });

  it("refuses a payment whose SP, or the member's balance, are not whole SP (money is read strictly)", () => {
    expect(refundDecision({ sp: Number.NaN, status: "paid" }, 500)).toMatchObject({
      ok: false,
      refusal: "malformed_payment",
    });
    expect(!refundDecision({ sp: 0, status: "paid" }, 500).ok).toBe(true);
    expect(refundDecision({ sp: 500, status: "paid" }, Number.NaN)).toEqual({
      ok: false,
      refusal: "malformed_balance",
      values: {},
      message: "The member's wallet holds a malformed balance: reconcile it before refunding.",
    });
  });

  it("refuses a payment refunded already", () => {
    expect(refundDecision({ sp: 500, status: "refunded" }, 10_000)).toEqual({
      ok: false,
      refusal: "refunded",
      values: {},
      message: "This payment was refunded already.",
    });
  });

  it("words every refusal the same in English as the message it logs", () => {
    const en = fixedT("en", "admin");
    for (const [payment, balance] of [
      [{ sp: 500, status: "refunded" as const }, 500],
      [{ sp: 1.5, status: "paid" as const }, 500],
      [{ sp: 500, status: "paid" as const }, Number.NaN],
      [{ sp: 500, status: "paid" as const }, 20],
    ] as const) {
      const decision = refundDecision(payment, balance);
      if (decision.ok) throw new Error("expected a refusal");
      expect(en(`payments.refusals.${decision.refusal}`, decision.values)).toBe(decision.message);
    }
  });
});

describe("applyRefund", () => {
  it("takes the pack's SP back out once, found by the payment intent, and tells the member", async () => {
    await postEntry(
      store,
      "u1",
      { id: "welcome_bonus", amount: 200, type: "welcome_bonus", description: "Welcome bonus" },
      1,
    );
    await fulfilCheckout(store, paid, 10);
    expect(await getBalance(store, "u1")).toBe(700);

    await expect(applyRefund(store, refunded, 20)).resolves.toEqual({
      applied: true,
      checkoutId: "cs_test_1",
      sp: 500,
      shortfallSp: 0,
    });
    expect(await getBalance(store, "u1")).toBe(200);
    const { entries } = await listEntries(store, "u1", { limit: 1 });
    expect(entries[0]).toMatchObject({
      id: paymentRefundEntryId("cs_test_1"),
      amount: -500,
      type: "top_up_refund",
      ref: "payments/cs_test_1",
    });
    expect((await store.get("payments/cs_test_1"))?.data).toMatchObject({
      status: "refunded",
      refund: { status: "refunded", providerRefId: "ch_1", amountRefundedCents: 2000, refundedAt: 20, shortfallSp: 0 },
    });
    expect((await listNotifications(store, "u1"))[0]).toMatchObject({
      title: "Your top-up of 500 SP was refunded",
      link: "/wallet",
    });
    expect(await reconcileWallet(store, "u1")).toMatchObject({ ok: true });
  });

  it("applies twenty simultaneous confirmations once", async () => {
    await fulfilCheckout(store, paid, 10);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => applyRefund(store, { ...refunded, checkoutId: "cs_test_1" }, 20)),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await getBalance(store, "u1")).toBe(0);
    expect((await listEntries(store, "u1", { limit: 10 })).entries).toHaveLength(2);
  });

  it("never takes the wallet below zero: SP spent meanwhile are kept as the payment's shortfall", async () => {
    await fulfilCheckout(store, paid, 10);
    await postEntry(
      store,
      "u1",
      { id: "spend", amount: -350, type: "booking_hold", description: "Session booked" },
      15,
    );
    await expect(applyRefund(store, refunded, 20)).resolves.toEqual({
      applied: true,
      checkoutId: "cs_test_1",
      sp: 150,
      shortfallSp: 350,
    });
    expect(await getBalance(store, "u1")).toBe(0);
    expect((await store.get("payments/cs_test_1"))?.data).toMatchObject({
      status: "refunded",
      refund: { shortfallSp: 350 },
    });
  });

  it("takes no SP for a partial refund, and records it on the payment", async () => {
    await fulfilCheckout(store, paid, 10);
    const partial = { ...refunded, amountRefundedCents: 500, fullyRefunded: false };
    await expect(applyRefund(store, partial, 20)).resolves.toMatchObject({ applied: false, checkoutId: "cs_test_1" });
    expect(await getBalance(store, "u1")).toBe(500);
    expect((await store.get("payments/cs_test_1"))?.data).toMatchObject({
      status: "paid",
      refund: { status: "partial", amountRefundedCents: 500 },
    });
  });

  it("refuses a confirmation for a payment whose SP are not whole, taking nothing and marking nothing", async () => {
    await postEntry(store, "u1", { id: "welcome_bonus", amount: 200, type: "welcome_bonus", description: "Bonus" }, 1);
    await store.set("payments/cs_test_1", {
      uid: "u1",
      pack: "sp_500",
      sp: "500",
      amount: 2000,
      currency: "eur",
      status: "paid",
      providerIds: { checkoutSessionId: "cs_test_1", paymentIntentId: "pi_1" },
      fulfilledAt: 10,
    });
    await expect(applyRefund(store, refunded, 20)).rejects.toBeInstanceOf(LedgerError);
    expect(await getBalance(store, "u1")).toBe(200);
    expect((await store.get("payments/cs_test_1"))?.data).toMatchObject({ status: "paid", sp: "500" });
    expect((await store.get("payments/cs_test_1"))?.data.refund).toBeUndefined();
  });

  it("changes nothing for a charge that is not one of our payments", async () => {
    await fulfilCheckout(store, paid, 10);
    await expect(applyRefund(store, { ...refunded, paymentIntentId: "pi_other" }, 20)).resolves.toEqual({
      applied: false,
      checkoutId: null,
      sp: 0,
      shortfallSp: 0,
    });
    expect(await getBalance(store, "u1")).toBe(500);
  });
});
