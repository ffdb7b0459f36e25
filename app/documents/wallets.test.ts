import { describe, expect, it } from "vitest";
import { entriesOf, entryPath, readWallet, readWalletEntry, walletPath } from "./wallets";

describe("wallets/{uid}", () => {
  it("names its paths once", () => {
    expect(walletPath("u1")).toBe("wallets/u1");
    expect(entriesOf("u1")).toBe("wallets/u1/transactions");
    expect(entryPath("u1", "topup_c1")).toBe("wallets/u1/transactions/topup_c1");
  });

  it("reads a missing wallet or balance as 0 SP", () => {
    expect(readWallet(null)).toEqual({ balance: 0 });
    expect(readWallet({})).toEqual({ balance: 0 });
  });

  it("reads a balance that is not whole SP as NaN, so the ledger refuses it instead of defaulting", () => {
    expect(readWallet({ balance: 2.5 }).balance).toBeNaN();
    expect(readWallet({ balance: "10" }).balance).toBeNaN();
    expect(readWallet({ balance: -3 }).balance).toBe(-3);
  });

  it("reads an entry: lenient text, strict amount, unknown fields dropped, no label before labels (decision 063)", () => {
    expect(readWalletEntry({ amount: -5, timestamp: 9, type: "booking_hold", description: "Hold", extra: 1 })).toEqual({
      amount: -5,
      timestamp: 9,
      type: "booking_hold",
      description: "Hold",
      ref: null,
      label: "",
      params: {},
    });
    expect(readWalletEntry({ type: 3 }).amount).toBeNaN();
    expect(readWalletEntry({ type: 3 }).type).toBe("");
  });
});
