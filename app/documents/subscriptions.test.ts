import { describe, expect, it } from "vitest";
import {
  getSubscription,
  periodPath,
  periodsOf,
  readSubscription,
  readSubscriptionPeriod,
  subscriptionPath,
} from "./subscriptions";

describe("subscriptions/{uid} and its periods", () => {
  it("names its paths once", () => {
    expect(subscriptionPath("u1")).toBe("subscriptions/u1");
    expect(periodsOf("u1")).toBe("subscriptions/u1/periods");
    expect(periodPath("u1", "in_1")).toBe("subscriptions/u1/periods/in_1");
  });

  it("reads a subscription with defaults for what is missing and drops unknown fields", () => {
    expect(readSubscription({ subscriptionId: "sub_1", status: "active", planId: "plus_monthly", extra: 1 })).toEqual({
      subscriptionId: "sub_1",
      customerId: "",
      planId: "plus_monthly",
      status: "active",
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
      at: 0,
    });
  });

  it("reads a status it does not know as incomplete (no perks) and a plan it does not sell as stored", () => {
    const doc = readSubscription({ status: "paused", planId: "plus_quarterly", cancelAtPeriodEnd: "yes", at: "5" });
    expect(doc).toMatchObject({ status: "incomplete", planId: "plus_quarterly", cancelAtPeriodEnd: false, at: 0 });
    expect(readSubscription({ planId: 3 }).planId).toBeNull();
  });

  it("reads a period's SP and cents strictly: NaN when not whole", () => {
    const period = readSubscriptionPeriod({
      id: "in_1",
      data: { invoiceId: "in_1", planId: "plus_monthly", sp: 300, amountCents: 900, currency: "eur", paidAt: 7 },
    });
    expect(period).toEqual({
      id: "in_1",
      invoiceId: "in_1",
      planId: "plus_monthly",
      sp: 300,
      amountCents: 900,
      currency: "eur",
      periodStart: null,
      periodEnd: null,
      paidAt: 7,
    });
    const malformed = readSubscriptionPeriod({ id: "in_2", data: { sp: "300", amountCents: 9.5 } });
    expect(malformed.sp).toBeNaN();
    expect(malformed.amountCents).toBeNaN();
  });

  it("reads a member who never subscribed as null", async () => {
    const reader = { get: async () => null };
    expect(await getSubscription(reader, "u1")).toBeNull();
  });
});
