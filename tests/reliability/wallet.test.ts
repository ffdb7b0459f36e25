/**
 * The ledger's promises under concurrency, on the real embedded store: credits are never lost or
 * doubled, balances never go below zero, and reconciliation holds after all of it.
 */
import { describe, expect, it } from "vitest";
import type { FulfilmentEvent } from "~/engine/payments/types";
import { ensureProfile } from "~/features/profile/bootstrap.server";
import { listNotifications } from "~/features/notifications/notifications.server";
import { fulfilCheckout } from "~/features/wallet/fulfil.server";
import { getBalance, InsufficientFundsError, postEntry } from "~/features/wallet/ledger.server";
import { reconcileAll } from "~/features/wallet/reconcile.server";
import { WELCOME_BONUS_SP } from "~/features/wallet/welcome-bonus";
import { useTempStore } from "../support/temp-store";

const { store } = useTempStore("wallet-reliability-");

async function entryCount(uid: string): Promise<number> {
  return (await store.query({ collection: `wallets/${uid}/transactions` })).length;
}

async function expectReconciled(): Promise<void> {
  const report = await reconcileAll(store);
  expect(report.failures).toEqual([]);
  expect(report.checked).toBeGreaterThan(0);
}

const paid500: FulfilmentEvent = {
  checkoutId: "cs_test_once",
  uid: "buyer",
  packId: "sp_500",
  sp: 500,
  amountCents: 2000,
  currency: "eur",
  providerIds: { checkoutSessionId: "cs_test_once" },
};

describe("wallet reliability", () => {
  it("credits a checkout delivered 20 times at once exactly once", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => fulfilCheckout(store, paid500)));
    expect(results.filter((r) => r.credited)).toHaveLength(1);
    expect(await getBalance(store, "buyer")).toBe(500);
    expect(await entryCount("buyer")).toBe(1);
    expect((await store.get("payments/cs_test_once"))?.data).toMatchObject({
      uid: "buyer",
      pack: "sp_500",
      sp: 500,
      amount: 2000,
      status: "paid",
    });
    expect((await listNotifications(store, "buyer")).map((n) => n.id)).toEqual(["topup_cs_test_once"]);

    await expect(fulfilCheckout(store, paid500)).resolves.toEqual({ credited: false });
    expect(await getBalance(store, "buyer")).toBe(500);
    await expectReconciled();
  });

  it("ends 50 concurrent distinct credits to one wallet at the exact sum", async () => {
    const amounts = Array.from({ length: 50 }, (_, i) => i + 1);
    const results = await Promise.all(
      amounts.map((amount, i) =>
        postEntry(store, "busy", { id: `credit_${i}`, amount, type: "adjustment", description: "Credit" }),
      ),
    );
    expect(results.every((r) => r.applied)).toBe(true);
    expect(await getBalance(store, "busy")).toBe(amounts.reduce((a, b) => a + b, 0));
    expect(await entryCount("busy")).toBe(50);
    await expectReconciled();
  });

  it("refuses a debit larger than the balance and changes nothing", async () => {
    await postEntry(store, "spender", { id: "c1", amount: 100, type: "adjustment", description: "Credit" });
    await expect(
      postEntry(store, "spender", { id: "d1", amount: -101, type: "booking_hold", description: "Hold" }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await getBalance(store, "spender")).toBe(100);
    expect(await entryCount("spender")).toBe(1);
    await expectReconciled();
  });

  it("lets only the debits that fit win a race, never going below zero", async () => {
    await postEntry(store, "racer", { id: "c1", amount: 100, type: "adjustment", description: "Credit" });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        postEntry(store, "racer", { id: `d${i}`, amount: -30, type: "booking_hold", description: "Hold" }),
      ),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(3);
    for (const o of outcomes) if (o.status === "rejected") expect(o.reason).toBeInstanceOf(InsufficientFundsError);
    expect(await getBalance(store, "racer")).toBe(10);
    await expectReconciled();
  });

  it("gives the welcome bonus once when the profile is bootstrapped 20 times at once", async () => {
    await Promise.all(Array.from({ length: 20 }, () => ensureProfile(store, "newcomer")));
    expect(await getBalance(store, "newcomer")).toBe(WELCOME_BONUS_SP);
    const entries = await store.query({ collection: "wallets/newcomer/transactions" });
    expect(entries.map((e) => [e.id, e.data.amount, e.data.type])).toEqual([["welcome_bonus", 200, "welcome_bonus"]]);
    expect((await listNotifications(store, "newcomer")).map((n) => n.id)).toEqual(["welcome_bonus"]);
    await expectReconciled();
  });
});
