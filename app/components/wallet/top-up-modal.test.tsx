import { describe, expect, it } from "vitest";
import { TopUpModal, type OfferedPayments } from "./top-up-modal";
import { renderIn } from "../../../tests/support/render-in";

function drawOpen(payments: OfferedPayments, language = "en") {
  return renderIn(language, <TopUpModal open onClose={() => {}} {...payments} />);
}

describe("the top-up dialog (SPEC.md §2; decision 180)", () => {
  it("draws every pack's SP and price from PACKS, given only the price ids the server sells them under", () => {
    const html = drawOpen({ priceIds: ["p100", "p500", "p1000", "p3000"], testMode: true });
    // Each pack's button: its test id, then its words (the coin draws none).
    const packs = [...html.matchAll(/data-testid="pack-(\d+)"[^>]*>(.*?)<\/button>/g)].map(([, sp, inner]) => [
      sp,
      inner
        .replace(/<[^>]*>/g, " ")
        .trim()
        .split(/\s{2,}/),
    ]);
    expect(packs).toEqual([
      ["100", ["100 SP", "€5.00"]],
      ["500", ["500 SP", "€20.00"]],
      ["1000", ["1,000 SP", "€35.00"]],
      ["3000", ["3,000 SP", "€100.00"]],
    ]);
    expect(html).toContain("Test mode: the checkout is a test payment");
  });

  it("says payments are unavailable, and offers no pack, when the server sells none", () => {
    const html = drawOpen({ priceIds: null, testMode: false });
    expect(html).not.toContain('data-testid="pack-');
    expect(html).toContain('role="status"');
  });

  it("writes the prices as the reader's language does", () => {
    expect(drawOpen({ priceIds: ["a", "b", "c", "d"], testMode: false }, "es")).toContain("5,00");
  });
});
