import { describe, expect, it } from "vitest";
import { instantOf, offsetAt, parseClock, parseIsoDate, zonedParts, zonedTimeToUtc } from "./zoned-time";

const TOKYO = "Asia/Tokyo";
const LA = "America/Los_Angeles";
const HOUR = 3_600_000;
const DAY_MS = 24 * HOUR;

describe("zonedTimeToUtc", () => {
  it("converts a Tokyo wall-clock time (no daylight saving) to UTC", () => {
    expect(zonedTimeToUtc({ year: 2026, month: 3, day: 9, hour: 10, minute: 0 }, TOKYO)).toBe(
      Date.UTC(2026, 2, 9, 1, 0),
    );
  });

  it("shows a 10:00 Tokyo slot at the right Los Angeles hour across the March 2026 change", () => {
    const before = zonedTimeToUtc({ year: 2026, month: 3, day: 7, hour: 10, minute: 0 }, TOKYO);
    const after = zonedTimeToUtc({ year: 2026, month: 3, day: 9, hour: 10, minute: 0 }, TOKYO);
    // Los Angeles moves from PST (-8) to PDT (-7) on 8 March 2026.
    expect(zonedParts(before, LA)).toMatchObject({ year: 2026, month: 3, day: 6, hour: 17, minute: 0, weekday: 5 });
    expect(zonedParts(after, LA)).toMatchObject({ year: 2026, month: 3, day: 8, hour: 18, minute: 0, weekday: 0 });
  });

  it("shows a 10:00 Tokyo slot at the right Los Angeles hour across the November 2026 change", () => {
    const before = zonedTimeToUtc({ year: 2026, month: 10, day: 31, hour: 10, minute: 0 }, TOKYO);
    const after = zonedTimeToUtc({ year: 2026, month: 11, day: 2, hour: 10, minute: 0 }, TOKYO);
    // Back to PST (-8) on 1 November 2026.
    expect(zonedParts(before, LA)).toMatchObject({ month: 10, day: 30, hour: 18 });
    expect(zonedParts(after, LA)).toMatchObject({ month: 11, day: 1, hour: 17 });
  });

  it("moves a time in the spring-forward gap past the gap", () => {
    const t = zonedTimeToUtc({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, LA);
    expect(t).toBe(Date.UTC(2026, 2, 8, 10, 30));
    expect(zonedParts(t, LA)).toMatchObject({ hour: 3, minute: 30 });
  });

  it("takes the earlier instant of a time repeated when clocks go back", () => {
    const t = zonedTimeToUtc({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, LA);
    expect(t).toBe(Date.UTC(2026, 10, 1, 8, 30));
    expect(offsetAt(t, LA)).toBe(-7 * HOUR);
    expect(offsetAt(t + HOUR, LA)).toBe(-8 * HOUR);
  });

  it("round-trips every half hour of a change day", () => {
    for (let minutes = 0; minutes < 24 * 60; minutes += 30) {
      const t = instantOf({ year: 2026, month: 11, day: 1 }, minutes, LA);
      const p = zonedParts(t, LA);
      expect(p.hour * 60 + p.minute).toBe(minutes);
    }
  });

  it("handles zones with quarter-hour offsets", () => {
    expect(zonedTimeToUtc({ year: 2026, month: 6, day: 1, hour: 9, minute: 0 }, "Asia/Kathmandu")).toBe(
      Date.UTC(2026, 5, 1, 3, 15),
    );
  });

  it("round-trips every half hour of 2026 in zones with and without changes, and moves only gap times", () => {
    for (const zone of [LA, "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu", TOKYO]) {
      for (let day = 0; day < 365; day++) {
        const date = { year: 2026, month: 1, day: 1 + day };
        for (let minutes = 0; minutes < 24 * 60; minutes += 30) {
          const t = instantOf(date, minutes, zone);
          const p = zonedParts(t, zone);
          const wallMinutes = p.hour * 60 + p.minute;
          if (wallMinutes !== minutes) {
            // Only a time clocks skip may move, forward by the size of the skip (1 h, or 30 min on Lord Howe).
            expect(offsetAt(t - DAY_MS, zone)).not.toBe(offsetAt(t + DAY_MS, zone));
            expect(wallMinutes - minutes).toBe((offsetAt(t, zone) - offsetAt(t - DAY_MS, zone)) / 60_000);
          }
        }
      }
    }
  });

  it("reads 24:00 as the next day's midnight", () => {
    expect(instantOf({ year: 2026, month: 3, day: 9 }, 24 * 60, TOKYO)).toBe(Date.UTC(2026, 2, 9, 15, 0));
  });
});

describe("parsers", () => {
  it("parses clock times and dates strictly", () => {
    expect(parseClock("09:30")).toBe(570);
    expect(parseClock("24:00")).toBe(1440);
    expect(parseClock("24:30")).toBeNull();
    expect(parseClock("9:30")).toBeNull();
    expect(parseIsoDate("2026-02-29")).toBeNull();
    expect(parseIsoDate("2028-02-29")).toEqual({ year: 2028, month: 2, day: 29 });
  });
});

describe("offset cache", () => {
  it("agrees with Intl at every quarter hour around both 2026 changes, in several zones", async () => {
    const { intlOffsetAt } = await import("./zoned-time");
    for (const zone of [
      "America/Los_Angeles",
      "Europe/Berlin",
      "Asia/Kathmandu",
      "Australia/Lord_Howe",
      "Asia/Tokyo",
    ]) {
      for (const day of [
        Date.UTC(2026, 2, 8),
        Date.UTC(2026, 2, 29),
        Date.UTC(2026, 3, 5),
        Date.UTC(2026, 9, 4),
        Date.UTC(2026, 9, 25),
        Date.UTC(2026, 10, 1),
      ]) {
        for (let t = day - 86_400_000; t < day + 86_400_000; t += 7 * 60_000)
          expect(offsetAt(t, zone)).toBe(intlOffsetAt(t, zone));
      }
    }
  });
});
