import { describe, expect, it } from "vitest";
import { dayPartOf, groupSlots } from "./slot-groups";

const at = (day: number, hour: number, minute = 0) => Date.UTC(2026, 2, day, hour, minute);

describe("groupSlots", () => {
  it("puts the soonest slots first and splits each day into morning, afternoon and evening", () => {
    const starts = [at(10, 18), at(9, 9), at(9, 13, 30), at(9, 9, 30), at(10, 8), at(9, 19)];
    const { next, days } = groupSlots(starts, "UTC", 3);
    expect(next).toEqual([at(9, 9), at(9, 9, 30), at(9, 13, 30)]);
    expect(days).toEqual([
      {
        day: "Monday 9 March",
        date: "2026-03-09",
        parts: [
          { part: "Morning", starts: [at(9, 9), at(9, 9, 30)] },
          { part: "Afternoon", starts: [at(9, 13, 30)] },
          { part: "Evening", starts: [at(9, 19)] },
        ],
      },
      {
        day: "Tuesday 10 March",
        date: "2026-03-10",
        parts: [
          { part: "Morning", starts: [at(10, 8)] },
          { part: "Evening", starts: [at(10, 18)] },
        ],
      },
    ]);
  });

  it("reads the part of the day in the learner's zone", () => {
    // 09:00 UTC is 18:00 in Tokyo and 01:00 in Los Angeles (both winter time on 9 January).
    const start = Date.UTC(2026, 0, 9, 9);
    expect(dayPartOf(start, "Asia/Tokyo")).toBe("Evening");
    expect(dayPartOf(start, "America/Los_Angeles")).toBe("Morning");
    expect(dayPartOf(Date.UTC(2026, 0, 9, 12), "UTC")).toBe("Afternoon");
    expect(groupSlots([start], "Asia/Tokyo").days[0]).toMatchObject({ day: "Friday 9 January", date: "2026-01-09" });
    // 01:00 in Los Angeles is still the 9th there; the day is written in the reader's locale.
    expect(groupSlots([start], "America/Los_Angeles", 4, "es").days[0]).toMatchObject({
      day: "viernes, 9 de enero",
      date: "2026-01-09",
    });
    expect(groupSlots([], "UTC")).toEqual({ next: [], days: [] });
  });
});
