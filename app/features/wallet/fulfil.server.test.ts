import { describe, expect, it } from "vitest";
import type { FulfilmentEvent } from "~/engine/payments/types";
import { listNotifications } from "~/features/notifications/notifications.server";
import { useTempStore } from "../../../tests/support/temp-store";
import { fulfilCheckout } from "./fulfil.server";
import { getBalance, LedgerError, listEntries, postEntry } from "./ledger.server";

const { store } = useTempStore("fulfil-");

const event: FulfilmentEvent = {
  checkoutId: "cs_test_1",
  uid: "u1",
  packId: "sp_1000",
  sp: 1000,
  amountCents: 3500,
  currency: "eur",
  providerIds: { checkoutSessionId: "cs_test_1", paymentIntentId: "pi_1" },
};

describe("fulfilCheckout", () => {
  it("records the payment, credits the pack and tells the buyer, in one go", async () => {
    await postEntry(
      store,
      "u1",
      { id: "welcome_bonus", amount: 200, type: "welcome_bonus", description: "Welcome bonus" },
      1,
    );
    await expect(fulfilCheckout(store, event, 5000)).resolves.toEqual({ credited: true });

    expect(await getBalance(store, "u1")).toBe(1200);
    expect((await store.get("payments/cs_test_1"))?.data).toEqual({
      uid: "u1",
      pack: "sp_1000",
      sp: 1000,
      amount: 3500,
      currency: "eur",
      status: "paid",
      providerIds: { checkoutSessionId: "cs_test_1", paymentIntentId: "pi_1" },
      fulfilledAt: 5000,
    });
    const { entries } = await listEntries(store, "u1", { limit: 1 });
    expect(entries[0]).toEqual({
      id: "topup_cs_test_1",
      amount: 1000,
      timestamp: 5000,
      type: "top_up",
      description: "Top-up: 1000 SP",
      label: "top_up",
      params: { sp: 1000 },
      ref: "payments/cs_test_1",
    });
    const [notification] = await listNotifications(store, "u1");
    expect(notification).toMatchObject({
      id: "topup_cs_test_1",
      type: "top_up",
      title: "+1000 SP added",
      link: "/wallet",
      read: false,
    });
  });

  it("does nothing for a checkout already fulfilled", async () => {
    await fulfilCheckout(store, event);
    await expect(fulfilCheckout(store, event)).resolves.toEqual({ credited: false });
    expect(await getBalance(store, "u1")).toBe(1000);
  });

  it("refuses an event whose SP or price disagree with the pack table", async () => {
    await expect(fulfilCheckout(store, { ...event, sp: 5000 })).rejects.toBeInstanceOf(LedgerError);
    await expect(fulfilCheckout(store, { ...event, amountCents: 1 })).rejects.toBeInstanceOf(LedgerError);
    expect(await store.get("payments/cs_test_1")).toBeNull();
    expect(await getBalance(store, "u1")).toBe(0);
  });
});
