import { describe, expect, it } from "vitest";
import { isEvenSwap, swapLedgerEffect, UnevenSwapError } from "./swap";

describe("a swap's ledger effect", () => {
  it("moves no SP for an even swap, not even into escrow", () => {
    expect(
      swapLedgerEffect([
        { start: 0, durationMinutes: 60 },
        { start: 3_600_000, durationMinutes: 60 },
      ]),
    ).toEqual([]);
  });

  it("refuses an uneven swap instead of pricing the difference", () => {
    const uneven = [
      { start: 0, durationMinutes: 60 },
      { start: 3_600_000, durationMinutes: 30 },
    ] as const;
    expect(isEvenSwap(uneven)).toBe(false);
    expect(() => swapLedgerEffect(uneven)).toThrow(UnevenSwapError);
    expect(() =>
      swapLedgerEffect([
        { start: 0, durationMinutes: 0 },
        { start: 0, durationMinutes: 0 },
      ]),
    ).toThrow("A swap is two sessions of the same length.");
  });
});
