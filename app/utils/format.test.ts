import { describe, expect, it, vi } from "vitest";
import { FSI, ONE_DECIMAL, PDI, SHORT_DATE_TIME, formatDate, formatNumber, formatSp, formatTime } from "./format";

describe("formatSp (decision 079)", () => {
  it("writes English, Spanish and French amounts as before, with no control characters", () => {
    expect(formatSp(1250, "en-IE")).toBe("1,250 SP");
    expect(formatSp(40, "es")).toBe("40 SP");
    expect(formatSp(1250, "fr")).toMatch(/^1\s250 SP$/u);
    for (const locale of ["en-IE", "es", "fr"]) expect(formatSp(40, locale)).not.toMatch(/[\u2066-\u2069]/u);
  });

  it("isolates an Arabic amount, so the sentence around it cannot reorder its digits and 'SP'", () => {
    // Arabic's digits are CLDR's choice (Latin for "ar" today, Arabic-Indic for "ar-EG"): the isolation is ours.
    expect(formatSp(40, "ar")).toBe(`${FSI}${formatNumber(40, "ar")} SP${PDI}`);
    expect(formatSp(1250, "ar-EG")).toBe(`${FSI}١٬٢٥٠ SP${PDI}`);
  });
});

describe("kept formatters' keys (decision 138)", () => {
  const NOV_25 = Date.UTC(2026, 10, 25, 9, 30);
  const card = () => [
    formatNumber(4.5, "en-IE", ONE_DECIMAL),
    formatSp(1250, "fr"),
    formatDate(NOV_25, "en-GB", "Europe/Berlin", SHORT_DATE_TIME),
    formatDate(NOV_25, "es", "UTC"),
    formatTime(NOV_25, "en-IE", "UTC"),
  ];

  it("writes an options object's key once, not on every call, and formats as before", () => {
    card();
    const stringify = vi.spyOn(JSON, "stringify");
    try {
      for (let i = 0; i < 3; i++) {
        expect(card()).toEqual([
          "4.5",
          expect.stringMatching(/^1\s250 SP$/u),
          "Wed 25 Nov, 10:30",
          "mié, 25 nov",
          "09:30",
        ]);
      }
      expect(stringify).not.toHaveBeenCalled();
    } finally {
      stringify.mockRestore();
    }
  });

  it("keeps a formatter per options' content: a new object with other options is another formatter", () => {
    expect(formatNumber(4.5, "en-IE", ONE_DECIMAL)).toBe("4.5");
    expect(formatNumber(4.5, "en-IE", { maximumFractionDigits: 0 })).toBe("5");
    expect(formatNumber(4.5, "en-IE", { ...ONE_DECIMAL })).toBe("4.5");
    expect(formatDate(NOV_25, "en-IE", "UTC", { hour: "2-digit", minute: "2-digit" })).toBe("09:30");
  });
});
