import { describe, expect, it } from "vitest";
import type { SubscriptionEvent } from "~/engine/payments/types";
import { getBalance } from "~/features/wallet/ledger.server";
import { useTempStore } from "../../../tests/support/temp-store";
import { applySubscriptionEvent } from "./apply.server";
import { hasPlus, listPeriods } from "./read.server";

const { store } = useTempStore("subscriptions-apply-");

const paid: SubscriptionEvent = {
  type: "invoice.paid",
  subscriptionId: "sub_1",
  customerId: "cus_1",
  uid: "u1",
  invoiceId: "in_1",
  planId: "plus_monthly",
  periodInvoice: true,
  amountCents: 900,
  currency: "eur",
  periodStart: 100,
  periodEnd: 200,
  at: 50,
};

describe("applySubscriptionEvent on documents another version wrote", () => {
  it("reads a state it does not know as incomplete: no perks, and the provider's next word applies", async () => {
    // Raw stored shape, as a later version might leave it.
    await store.set("subscriptions/u1", {
      subscriptionId: "sub_1",
      customerId: "cus_1",
      planId: "plus_quarterly",
      status: "paused",
      cancelAtPeriodEnd: false,
      currentPeriodEnd: 10,
      at: 40,
      pausedBy: "someone",
    });
    expect(await hasPlus(store, "u1")).toBe(false);

    await expect(applySubscriptionEvent(store, paid, 60)).resolves.toEqual({ uid: "u1", credited: 300, changed: true });
    await expect(applySubscriptionEvent(store, paid, 61)).resolves.toMatchObject({ credited: 0 });
    expect(await getBalance(store, "u1")).toBe(300);
    expect(await hasPlus(store, "u1")).toBe(true);
    expect((await store.get("subscriptions/u1"))?.data).toEqual({
      subscriptionId: "sub_1",
      customerId: "cus_1",
      planId: "plus_monthly",
      status: "active",
      cancelAtPeriodEnd: false,
      currentPeriodEnd: 200,
      at: 50,
    });
  });

  it("lists a period whose stored SP are not whole with NaN, never a made-up figure", async () => {
    await applySubscriptionEvent(store, paid, 60);
    await store.update("subscriptions/u1/periods/in_1", { sp: "300" });
    const [period] = await listPeriods(store, "u1");
    expect(period).toMatchObject({ id: "in_1", planId: "plus_monthly", amountCents: 900, paidAt: 60 });
    expect(period.sp).toBeNaN();
  });
});
