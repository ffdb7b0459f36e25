import { describe, expect, it } from "vitest";
import { formatEntryTime, transactionTypeLabel } from "./labels";

describe("transactionTypeLabel", () => {
  it("names every known kind", () => {
    expect(transactionTypeLabel("welcome_bonus")).toBe("Welcome bonus");
    expect(transactionTypeLabel("top_up")).toBe("Top-up");
    expect(transactionTypeLabel("booking_hold")).toBe("Session booked");
  });

  it("turns an unknown kind into words instead of showing a code", () => {
    expect(transactionTypeLabel("gift_card")).toBe("Gift card");
    expect(transactionTypeLabel("")).toBe("Other");
    expect(transactionTypeLabel("toString")).toBe("ToString");
  });
});

describe("formatEntryTime", () => {
  it("formats in the given timezone", () => {
    const noonUtc = Date.UTC(2026, 0, 15, 12, 0);
    expect(formatEntryTime(noonUtc, "UTC")).toBe("15 Jan 2026, 12:00");
    expect(formatEntryTime(noonUtc, "Asia/Tokyo")).toBe("15 Jan 2026, 21:00");
  });
});
