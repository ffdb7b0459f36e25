/**
 * The weekly availability editor's grid: a day as 48 half-hour cells, turned to and from the
 * time ranges the text form and the store use. Browser-safe and pure.
 */
import { SLOT_STEP_MINUTES } from "./availability";
import { parseRanges, rangesToText } from "./availability-text";
import type { TimeRange } from "./types";
import { parseClock } from "~/utils/zoned-time";

export const CELLS_PER_DAY = (24 * 60) / SLOT_STEP_MINUTES;

/** "09:30" for cell 19. */
export function cellClock(cell: number): string {
  const minutes = cell * SLOT_STEP_MINUTES;
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/**
 * The cells a day's text covers. A cell is on only when a range covers all of it, so a range that
 * is not on the half-hour grid (09:15-10:00) shows the whole half hours inside it.
 */
export function cellsFromText(text: string): boolean[] {
  const cells = new Array<boolean>(CELLS_PER_DAY).fill(false);
  for (const range of parseRanges(text).ranges) {
    const start = parseClock(range.start);
    const end = parseClock(range.end);
    if (start === null || end === null) continue;
    for (let c = Math.ceil(start / SLOT_STEP_MINUTES); (c + 1) * SLOT_STEP_MINUTES <= end; c++) cells[c] = true;
  }
  return cells;
}

/** Runs of cells that are on, as ranges ("24:00" ends a run that reaches midnight). */
export function rangesFromCells(cells: readonly boolean[]): TimeRange[] {
  const ranges: TimeRange[] = [];
  let runStart = -1;
  for (let c = 0; c <= CELLS_PER_DAY; c++) {
    const on = c < CELLS_PER_DAY && cells[c];
    if (on && runStart < 0) runStart = c;
    if (!on && runStart >= 0) {
      ranges.push({ start: cellClock(runStart), end: cellClock(c) });
      runStart = -1;
    }
  }
  return ranges;
}

export function textFromCells(cells: readonly boolean[]): string {
  return rangesToText(rangesFromCells(cells));
}

/** Sets every cell between two cells of a day (either order) to `on`: one drag on the grid. */
export function paintCells(cells: readonly boolean[], from: number, to: number, on: boolean): boolean[] {
  const next = [...cells];
  for (let c = Math.min(from, to); c <= Math.max(from, to); c++) next[c] = on;
  return next;
}

/** Day texts (index = weekday) with the source day's hours copied onto each target day. */
export function copyDay(days: readonly string[], from: number, to: readonly number[]): string[] {
  return days.map((text, weekday) => (to.includes(weekday) && weekday !== from ? days[from] : text));
}
