import { describe, expect, it } from "vitest";
import { placeInWeek } from "./week-layout";

const HOUR = 3_600_000;
const session = (id: string, start: number, minutes: number) => ({ id, start, end: start + minutes * 60_000 });
const view = (placed: ReturnType<typeof placeInWeek<ReturnType<typeof session>>>, day: string) =>
  (placed.get(day) ?? []).map((p) => `${p.item.id} ${p.top}-${p.bottom} ${p.lane}/${p.lanes}`);

describe("placeInWeek", () => {
  it("places sessions at their wall-clock minutes in the member's zone", () => {
    const start = Date.UTC(2026, 2, 9, 1, 30); // 10:30 in Tokyo
    const placed = placeInWeek([session("a", start, 60)], ["2026-03-09", "2026-03-10"], "Asia/Tokyo");
    expect(view(placed, "2026-03-09")).toEqual(["a 630-690 0/1"]);
    expect(view(placed, "2026-03-10")).toEqual([]);
    // The same instant is 18:30 the evening before in Los Angeles (on summer time since 8 March).
    expect(view(placeInWeek([session("a", start, 60)], ["2026-03-08"], "America/Los_Angeles"), "2026-03-08")).toEqual([
      "a 1110-1170 0/1",
    ]);
  });

  it("shows a session across midnight on both days and ignores days outside the week", () => {
    const placed = placeInWeek([session("late", Date.UTC(2026, 2, 9, 23), 90)], ["2026-03-09", "2026-03-10"], "UTC");
    expect(view(placed, "2026-03-09")).toEqual(["late 1380-1440 0/1"]);
    expect(view(placed, "2026-03-10")).toEqual(["late 0-30 0/1"]);
    expect(placeInWeek([session("x", Date.UTC(2026, 2, 20, 9), 60)], ["2026-03-09"], "UTC").get("2026-03-09")).toEqual(
      [],
    );
  });

  it("puts overlapping sessions side by side and leaves the others full width", () => {
    const nine = Date.UTC(2026, 2, 9, 9);
    const placed = placeInWeek(
      [
        session("a", nine, 60),
        session("b", nine + HOUR / 2, 60),
        session("c", nine + HOUR, 30),
        session("d", nine + 3 * HOUR, 30),
      ],
      ["2026-03-09"],
      "UTC",
    );
    expect(view(placed, "2026-03-09")).toEqual(["a 540-600 0/2", "b 570-630 1/2", "c 600-630 0/2", "d 720-750 0/1"]);
  });
});
