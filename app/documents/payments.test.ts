import { describe, expect, it } from "vitest";
import { getPayment, paymentPath, readPayment } from "./payments";

describe("payments/{checkoutId}", () => {
  it("names its path once", () => {
    expect(paymentPath("cs_test_1")).toBe("payments/cs_test_1");
  });

  it("reads a payment from before refunds with no refund, dropping unknown fields", () => {
    const stored = {
      uid: "u1",
      pack: "sp_500",
      sp: 500,
      amount: 2000,
      currency: "eur",
      status: "paid",
      providerIds: { checkoutSessionId: "cs_1", paymentIntentId: "pi_1" },
      fulfilledAt: 9,
    };
    const payment = readPayment({
      id: "cs_1",
      data: { ...stored, providerIds: { ...stored.providerIds, stale: 3 }, extra: 1 },
    });
    expect(payment).toEqual({ id: "cs_1", ...stored, refund: null });
  });

  it("reads SP and cents strictly: NaN when not whole, never a default", () => {
    const payment = readPayment({ id: "c", data: { sp: "500", amount: 19.99, status: "paid" } });
    expect(payment.sp).toBeNaN();
    expect(payment.amount).toBeNaN();
    expect(readPayment({ id: "c", data: {} }).sp).toBeNaN();
  });

  it("reads a status it does not know as refunded (closed), so no refund moves SP on a guess", () => {
    expect(readPayment({ id: "c", data: { status: "disputed" } }).status).toBe("refunded");
    expect(readPayment({ id: "c", data: {} }).status).toBe("refunded");
  });

  it("keeps only the refund fields that are there, so a writer spreading it adds nothing", () => {
    const { refund } = readPayment({
      id: "c",
      data: {
        status: "paid",
        refund: { status: "requested", requestedBy: "admin1", requestedAt: 5, reason: 7, shortfallSp: 1.5 },
      },
    });
    expect(refund).toEqual({ status: "requested", requestedBy: "admin1", requestedAt: 5, shortfallSp: Number.NaN });
    expect(Object.keys(refund!)).not.toContain("reason");
    expect(readPayment({ id: "c", data: { refund: { status: "lost" } } }).refund).toEqual({ status: "requested" });
    expect(readPayment({ id: "c", data: { refund: "yes" } }).refund).toBeNull();
  });

  it("reads through a store: null when there is no payment", async () => {
    const docs: Record<string, Record<string, unknown>> = { "payments/c1": { uid: "u1", sp: 100, status: "paid" } };
    const reader = { get: async (path: string) => (docs[path] ? { data: docs[path] } : null) };
    expect(await getPayment(reader, "c1")).toMatchObject({ id: "c1", uid: "u1", sp: 100, status: "paid" });
    expect(await getPayment(reader, "c2")).toBeNull();
  });
});
