import { describe, expect, it } from "vitest";
import { calendarHref } from "./calendar-href";

describe("calendarHref", () => {
  it("writes the calendar's view links as absolute addresses, which react-router resolves without the route (decision 139)", () => {
    // The same href a relative "?view=…" link had on /calendar; written from "/", decision 114's patch
    // skips the route's path names for it (tests/patches/resolved-path.test.ts).
    expect(calendarHref({ view: "week", date: "2026-03-09" })).toBe("/calendar?view=week&date=2026-03-09");
    expect(calendarHref({ view: "month" })).toBe("/calendar?view=month");
  });
});
