import { describe, expect, it } from "vitest";
import { cellClock, cellsFromText, copyDay, paintCells, rangesFromCells, textFromCells } from "./availability-grid";

const on = (cells: boolean[]) => cells.flatMap((v, i) => (v ? [cellClock(i)] : []));

describe("availability grid", () => {
  it("turns a day's ranges into half-hour cells and back", () => {
    const cells = cellsFromText("09:00-10:30, 23:00-24:00");
    expect(on(cells)).toEqual(["09:00", "09:30", "10:00", "23:00", "23:30"]);
    expect(textFromCells(cells)).toBe("09:00-10:30, 23:00-24:00");
    expect(rangesFromCells(cellsFromText(""))).toEqual([]);
  });

  it("shows only the whole half hours of a range off the grid, and ignores what it cannot read", () => {
    expect(on(cellsFromText("09:15-10:00"))).toEqual(["09:30"]);
    expect(on(cellsFromText("nine to five"))).toEqual([]);
  });

  it("paints a drag in either direction, on or off", () => {
    const painted = paintCells(cellsFromText(""), 20, 18, true);
    expect(textFromCells(painted)).toBe("09:00-10:30");
    expect(textFromCells(paintCells(painted, 19, 19, false))).toBe("09:00-09:30, 10:00-10:30");
  });

  it("copies a day to the chosen days only", () => {
    const days = ["", "09:00-12:00", "", "14:00-15:00", "", "", ""];
    expect(copyDay(days, 1, [2, 3, 1])).toEqual(["", "09:00-12:00", "09:00-12:00", "09:00-12:00", "", "", ""]);
  });
});
