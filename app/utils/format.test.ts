import { describe, expect, it } from "vitest";
import { FSI, PDI, formatNumber, formatSp } from "./format";

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
