import { describe, expect, it } from "vitest";
import { shouldShowWelcomeModal, wbShownKey, welcomeBonusAmount } from "./welcome-bonus";

describe("welcomeBonusAmount", () => {
  it("takes the wb parameter when it is a positive integer", () => {
    expect(welcomeBonusAmount("350", 200)).toBe(350);
    expect(welcomeBonusAmount("1", null)).toBe(1);
    expect(welcomeBonusAmount("100000", 200)).toBe(100000);
  });

  it.each(["0", "-5", "1.5", "abc", "", "1e3", " 5", "5 ", "+5", "05", "0x10", "350abc", "99999999999999999999"])(
    "ignores wb=%j and falls back to the stored bonus",
    (wb) => {
      expect(welcomeBonusAmount(wb, 150)).toBe(150);
    },
  );

  it("falls back to the stored bonus when there is no wb parameter", () => {
    expect(welcomeBonusAmount(null, 150)).toBe(150);
    expect(welcomeBonusAmount(undefined, 75)).toBe(75);
  });

  it("uses 200 SP when there is no stored bonus or it is not above 0", () => {
    expect(welcomeBonusAmount(null, null)).toBe(200);
    expect(welcomeBonusAmount(undefined, undefined)).toBe(200);
    expect(welcomeBonusAmount("abc", 0)).toBe(200);
    expect(welcomeBonusAmount("0", -20)).toBe(200);
    expect(welcomeBonusAmount(null, Number.NaN)).toBe(200);
  });
});

describe("shouldShowWelcomeModal", () => {
  it("shows once the tour is done and neither flag is set", () => {
    expect(shouldShowWelcomeModal({ tourDone: true, localWbShown: false, welcomeBonusShown: false })).toBe(true);
  });

  it.each([
    ["the tour is not done", { tourDone: false, localWbShown: false, welcomeBonusShown: false }],
    ["this browser has shown it", { tourDone: true, localWbShown: true, welcomeBonusShown: false }],
    ["the profile says it was shown", { tourDone: true, localWbShown: false, welcomeBonusShown: true }],
    ["everything says no", { tourDone: false, localWbShown: true, welcomeBonusShown: true }],
  ])("does not show when %s", (_, input) => {
    expect(shouldShowWelcomeModal(input)).toBe(false);
  });
});

describe("the local flag", () => {
  it("keys the local flag by user", () => {
    expect(wbShownKey("u123")).toBe("wb_shown_u123");
  });
});
