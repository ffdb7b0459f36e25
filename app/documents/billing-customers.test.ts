import { describe, expect, it } from "vitest";
import { billingCustomerPath, getBillingCustomer, readBillingCustomer } from "./billing-customers";

describe("billing_customers/{uid}", () => {
  it("names its path once", () => {
    expect(billingCustomerPath("u1")).toBe("billing_customers/u1");
  });

  it("reads a customer, with defaults for what is malformed, dropping unknown fields", () => {
    expect(readBillingCustomer({ provider: "stripe", customerId: "cus_1", createdAt: 4, extra: 1 })).toEqual({
      provider: "stripe",
      customerId: "cus_1",
      createdAt: 4,
    });
    expect(readBillingCustomer({ provider: 1, customerId: null })).toEqual({
      provider: "",
      customerId: "",
      createdAt: 0,
    });
  });

  it("reads a member who never paid as null", async () => {
    expect(await getBillingCustomer({ get: async () => null }, "u1")).toBeNull();
  });
});
