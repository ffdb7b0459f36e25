import { describe, expect, it } from "vitest";
import { exceptionsToText, parseExceptions, parseRanges, weeklyFromDays } from "./availability-text";

describe("availability text", () => {
  it("parses ranges per weekday", () => {
    expect(parseRanges("9:00-12:00, 14:00–18:30")).toEqual({
      ranges: [
        { start: "09:00", end: "12:00" },
        { start: "14:00", end: "18:30" },
      ],
    });
    expect(parseRanges("nine to five").error).toMatch(/not a time range/);
    expect(weeklyFromDays(["", "09:00-10:00"]).weekly).toEqual([{ weekday: 1, start: "09:00", end: "10:00" }]);
  });
  it("parses and prints exceptions", () => {
    const { exceptions } = parseExceptions("2026-12-24: off\n\n2026-12-27: 10:00-12:00");
    expect(exceptions).toEqual([
      { date: "2026-12-24", slots: null },
      { date: "2026-12-27", slots: [{ start: "10:00", end: "12:00" }] },
    ]);
    expect(exceptionsToText(exceptions)).toBe("2026-12-24: off\n2026-12-27: 10:00-12:00");
    expect(parseExceptions("tomorrow: off").error).toMatch(/date like/);
  });
});
