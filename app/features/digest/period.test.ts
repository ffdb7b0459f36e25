import { describe, expect, it } from "vitest";
import { lastCompletedPeriod } from "./period";

describe("lastCompletedPeriod", () => {
  // Thursday 26 November 2026, 10:00 UTC.
  const thursday = Date.UTC(2026, 10, 26, 10, 0);

  it("a day is yesterday, midnight to midnight in the member's zone", () => {
    expect(lastCompletedPeriod("daily", thursday, "UTC")).toEqual({
      key: "daily_2026-11-25",
      from: Date.UTC(2026, 10, 25),
      to: Date.UTC(2026, 10, 26),
    });
    // 10:00 UTC is already Friday 00:00+ in Kiritimati (UTC+14): Thursday is the day that ended.
    const kiritimati = lastCompletedPeriod("daily", thursday, "Pacific/Kiritimati");
    expect(kiritimati.key).toBe("daily_2026-11-26");
    expect(kiritimati.from).toBe(Date.UTC(2026, 10, 26) - 14 * 3_600_000);
  });

  it("a week runs from Monday 00:00 to Monday 00:00 local time, and the last finished one is sent", () => {
    expect(lastCompletedPeriod("weekly", thursday, "UTC")).toEqual({
      key: "weekly_2026-11-16",
      from: Date.UTC(2026, 10, 16),
      to: Date.UTC(2026, 10, 23),
    });
    // Monday 23 November 00:30 in Berlin is still Sunday 23:30 UTC: the week of the 16th has just ended there.
    const berlinMonday = Date.UTC(2026, 10, 22, 23, 30);
    expect(lastCompletedPeriod("weekly", berlinMonday, "Europe/Berlin").key).toBe("weekly_2026-11-16");
    expect(lastCompletedPeriod("weekly", berlinMonday, "UTC").key).toBe("weekly_2026-11-09");
  });

  it("a week across a clock change is 7 calendar days (167 hours when clocks go forward)", () => {
    // Europe/Berlin springs forward on Sunday 29 March 2026.
    const p = lastCompletedPeriod("weekly", Date.UTC(2026, 2, 31, 12), "Europe/Berlin");
    expect(p.key).toBe("weekly_2026-03-23");
    expect((p.to - p.from) / 3_600_000).toBe(167);
  });

  it("an unknown zone counts as UTC", () => {
    expect(lastCompletedPeriod("daily", thursday, "Not/AZone").key).toBe("daily_2026-11-25");
  });
});
