import { describe, expect, it } from "vitest";
import { calendarRange, dayOf } from "./calendar-range";

describe("calendarRange", () => {
  const now = Date.UTC(2026, 2, 11, 12); // Wednesday 11 March 2026
  it("shows Monday to Sunday of the anchor's week in the member's zone", () => {
    const week = calendarRange("week", null, "America/Los_Angeles", now);
    expect(week.days).toEqual([
      "2026-03-09",
      "2026-03-10",
      "2026-03-11",
      "2026-03-12",
      "2026-03-13",
      "2026-03-14",
      "2026-03-15",
    ]);
    expect(week.from).toBe(Date.UTC(2026, 2, 9, 7));
    expect(week.previous).toBe("2026-03-02");
    expect(week.next).toBe("2026-03-16");
  });
  it("pads a month to whole weeks and spans the DST change by wall clock", () => {
    const month = calendarRange("month", "2026-03-20", "America/Los_Angeles", now);
    expect(month.days[0]).toBe("2026-02-23");
    expect(month.days.at(-1)).toBe("2026-04-05");
    expect(month.days).toHaveLength(42);
    expect(month.from).toBe(Date.UTC(2026, 1, 23, 8));
    expect(month.to).toBe(Date.UTC(2026, 3, 6, 7));
    expect(month.previous).toBe("2026-02-01");
    expect(month.next).toBe("2026-04-01");
  });
  it("starts weeks and month grids on the locale's first day (Saturday for Arabic, Sunday)", () => {
    const saturday = calendarRange("week", "2026-03-11", "UTC", now, 6);
    expect(saturday.days[0]).toBe("2026-03-07");
    expect(saturday.days.at(-1)).toBe("2026-03-13");
    expect(saturday.previous).toBe("2026-02-28");
    // Saturday 7 March itself opens its own week.
    expect(calendarRange("week", "2026-03-07", "UTC", now, 6).days[0]).toBe("2026-03-07");
    const sunday = calendarRange("week", "2026-03-11", "UTC", now, 7);
    expect(sunday.days[0]).toBe("2026-03-08");
    // March 2026 begins on a Sunday: a Saturday-first grid opens on 28 February, a Sunday-first one on 1 March.
    const month = calendarRange("month", "2026-03-20", "UTC", now, 6);
    expect(month.days[0]).toBe("2026-02-28");
    expect(month.days.length % 7).toBe(0);
    expect(month.days.at(-1)).toBe("2026-04-03");
    expect(calendarRange("month", "2026-03-20", "UTC", now, 7).days[0]).toBe("2026-03-01");
  });
  it("files an instant under the member's local date", () => {
    expect(dayOf(Date.UTC(2026, 2, 9, 1), "Asia/Tokyo")).toBe("2026-03-09");
    expect(dayOf(Date.UTC(2026, 2, 9, 1), "America/Los_Angeles")).toBe("2026-03-08");
  });
});
