import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { CELLS_PER_DAY, cellClock, cellsFromText, textFromCells } from "~/features/bookings/availability-grid";

/** Monday first, as the calendar shows it. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
const CELL_PX = 14;
const FIRST_CELL_SHOWN = 14; // 07:00

interface Drag {
  /** Columns (0 = Monday) and cells of the corner the drag started at and the one it is over. */
  fromCol: number;
  fromCell: number;
  toCol: number;
  toCell: number;
  on: boolean;
}

/** The cells of every weekday with a drag's rectangle painted on (or off). */
function withDrag(cells: boolean[][], drag: Drag | null): boolean[][] {
  if (!drag) return cells;
  const [c0, c1] = [Math.min(drag.fromCol, drag.toCol), Math.max(drag.fromCol, drag.toCol)];
  const [r0, r1] = [Math.min(drag.fromCell, drag.toCell), Math.max(drag.fromCell, drag.toCell)];
  return cells.map((day, weekday) => {
    const col = WEEK_ORDER.indexOf(weekday as (typeof WEEK_ORDER)[number]);
    if (col < c0 || col > c1) return day;
    return day.map((on, cell) => (cell >= r0 && cell <= r1 ? drag.on : on));
  });
}

/**
 * The week as half-hour cells to paint with the mouse (drag over a block), a finger (tap a cell)
 * or the keyboard (arrows move, Space switches a cell, Shift+arrows carry the current cell's state
 * along). It edits the same day texts as the form's fields, which stay the accessible fallback.
 */
// Memoised: the calendar page re-renders on every fetcher and live update, the 336 cells only when the hours change.
export const WeeklyHoursGrid = memo(function WeeklyHoursGrid({
  days,
  onChange,
}: {
  /** "09:00-12:00, 14:00-18:00" per weekday, index 0 = Sunday. */
  days: string[];
  onChange: (days: string[]) => void;
}) {
  const { t } = useTranslation("bookings");
  const cells = days.map(cellsFromText);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [focus, setFocus] = useState({ col: 0, cell: FIRST_CELL_SHOWN });
  const shown = withDrag(cells, drag);
  const table = useRef<HTMLTableElement>(null);
  const scroller = useRef<HTMLDivElement>(null);

  const commit = useCallback(
    (next: boolean[][]) => {
      // Only the days that changed are rewritten: a day typed off the half-hour grid stays as typed.
      onChange(
        days.map((text, weekday) =>
          next[weekday].every((on, c) => on === cells[weekday][c]) ? text : textFromCells(next[weekday]),
        ),
      );
    },
    [days, cells, onChange],
  );

  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = FIRST_CELL_SHOWN * CELL_PX;
  }, []);

  useEffect(() => {
    if (!drag) return;
    const end = () => {
      commit(withDrag(cells, drag));
      setDrag(null);
    };
    const cancel = () => setDrag(null);
    window.addEventListener("pointerup", end);
    window.addEventListener("pointercancel", cancel);
    return () => {
      window.removeEventListener("pointerup", end);
      window.removeEventListener("pointercancel", cancel);
    };
  }, [drag, cells, commit]);

  const focusCell = (col: number, cell: number) => {
    setFocus({ col, cell });
    table.current?.querySelector<HTMLElement>(`[data-col="${col}"][data-cell="${cell}"]`)?.focus();
  };

  const onPointerDown = (e: PointerEvent<HTMLTableCellElement>, col: number, cell: number) => {
    if (e.button !== 0) return;
    e.preventDefault();
    // A finger's pointer is captured by the first cell; release it so the cells it crosses hear it.
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
    setFocus({ col, cell });
    const weekday = WEEK_ORDER[col];
    setDrag({ fromCol: col, fromCell: cell, toCol: col, toCell: cell, on: !cells[weekday][cell] });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableCellElement>, col: number, cell: number) => {
    // Left and right go where the arrows point: in a right-to-left page the next day is on the left.
    const ahead = getComputedStyle(e.currentTarget).direction === "rtl" ? -1 : 1;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
      ArrowLeft: [-ahead, 0],
      ArrowRight: [ahead, 0],
    };
    const weekday = WEEK_ORDER[col];
    if (e.key === " " || e.key === "Enter") {
      e.preventDefault();
      commit(withDrag(cells, { fromCol: col, fromCell: cell, toCol: col, toCell: cell, on: !cells[weekday][cell] }));
      return;
    }
    let next: [number, number] | null = null;
    if (moves[e.key]) next = [col + moves[e.key][0], cell + moves[e.key][1]];
    else if (e.key === "Home") next = [col, 0];
    else if (e.key === "End") next = [col, CELLS_PER_DAY - 1];
    if (!next) return;
    e.preventDefault();
    const [toCol, toCell] = [Math.max(0, Math.min(6, next[0])), Math.max(0, Math.min(CELLS_PER_DAY - 1, next[1]))];
    if (e.shiftKey) {
      const on = cells[weekday][cell];
      commit(withDrag(cells, { fromCol: col, fromCell: cell, toCol, toCell, on }));
    }
    focusCell(toCol, toCell);
  };

  return (
    <div>
      <p id="hours-grid-help" className="text-xs text-slate-500">
        {t("grid.help")}
      </p>
      <div ref={scroller} className="mt-2 max-h-[26rem] overflow-y-auto rounded-lg border border-slate-200">
        <table
          ref={table}
          role="grid"
          aria-label={t("grid.label")}
          aria-describedby="hours-grid-help"
          aria-multiselectable="true"
          className="w-full table-fixed select-none border-collapse"
        >
          <thead>
            <tr>
              <th scope="col" className="sticky top-0 z-10 w-12 bg-slate-50">
                <span className="sr-only">{t("grid.time")}</span>
              </th>
              {WEEK_ORDER.map((weekday) => (
                <th
                  key={weekday}
                  scope="col"
                  abbr={t(`weekdays.long.${weekday}`)}
                  className="sticky top-0 z-10 border-s border-slate-200 bg-slate-50 py-1 text-xs font-semibold text-slate-600"
                >
                  {t(`weekdays.short.${weekday}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: CELLS_PER_DAY }, (_, cell) => (
              <tr key={cell} style={{ height: CELL_PX }}>
                <th
                  scope="row"
                  className="relative p-0 text-end align-top text-[0.65rem] font-normal tabular-nums leading-none text-slate-500"
                >
                  <span className={cell % 2 ? "sr-only" : "pe-1"}>{cellClock(cell)}</span>
                </th>
                {WEEK_ORDER.map((weekday, col) => {
                  const on = shown[weekday][cell];
                  return (
                    <td
                      key={weekday}
                      role="gridcell"
                      aria-selected={on}
                      aria-label={t("grid.cell", {
                        day: t(`weekdays.long.${weekday}`),
                        from: cellClock(cell),
                        to: cellClock(cell + 1),
                      })}
                      tabIndex={focus.col === col && focus.cell === cell ? 0 : -1}
                      data-col={col}
                      data-cell={cell}
                      onPointerDown={(e) => onPointerDown(e, col, cell)}
                      onPointerEnter={() =>
                        drag &&
                        setDrag((d) =>
                          d && (d.toCol !== col || d.toCell !== cell) ? { ...d, toCol: col, toCell: cell } : d,
                        )
                      }
                      onFocus={() => setFocus({ col, cell })}
                      onKeyDown={(e) => onKeyDown(e, col, cell)}
                      className={`cursor-pointer border-s border-slate-200 p-0 outline-none [touch-action:pan-y] focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-600 ${cell % 2 ? "border-b border-b-slate-200" : "border-b border-b-slate-100"} ${on ? "bg-brand-500 hover:bg-brand-600" : "bg-white hover:bg-brand-50"}`}
                    />
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
});
