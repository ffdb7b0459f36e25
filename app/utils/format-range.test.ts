import { describe, expect, it } from "vitest";
import { formatDateRangeParts } from "./format-range";

describe("formatDateRangeParts (decision 086)", () => {
  const text = (locale: string, start: number, end: number) =>
    formatDateRangeParts(start, end, locale, "Europe/Berlin")
      .map((p) => p.text)
      .join("");
  const NOV_12 = Date.UTC(2026, 10, 12, 12);
  const DEC_12 = Date.UTC(2026, 11, 12, 12);
  const JAN_12 = Date.UTC(2027, 0, 12, 12);

  it("writes a range as each locale does: its own separator, a shared year once", () => {
    // CLDR's range separator is an en dash between thin spaces (U+2009), Arabic's between plain ones.
    expect(text("en-IE", NOV_12, DEC_12)).toBe("12 Nov\u2009–\u200912 Dec 2026");
    expect(text("es", NOV_12, DEC_12)).toBe("12 nov\u2009–\u200912 dic 2026");
    expect(text("fr", NOV_12, DEC_12)).toBe("12 nov.\u2009–\u200912 déc. 2026");
    expect(text("en-IE", NOV_12, JAN_12)).toBe("12 Nov 2026\u2009–\u200912 Jan 2027");
  });

  it("keeps Arabic's own order marks, so the day, month and year read right to left", () => {
    const arabic = text("ar", NOV_12, DEC_12);
    expect(arabic).toContain("\u200f/");
    expect(arabic.replace(/\u200f/g, "")).toBe("12/11/2026 – 12/12/2026");
  });

  it("gives each end its own run, the separator and a shared year as shared", () => {
    expect(formatDateRangeParts(NOV_12, DEC_12, "en-IE", "UTC")).toEqual([
      { source: "startRange", text: "12 Nov" },
      { source: "shared", text: "\u2009–\u2009" },
      { source: "endRange", text: "12 Dec" },
      { source: "shared", text: " 2026" },
    ]);
  });
});
