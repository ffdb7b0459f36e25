import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HOUR_LABELS_HTML } from "./week-grid";

describe("the week grid's hour labels (issue 28, decision 105)", () => {
  it("are written once as the markup React wrote for them: 00:00 to 23:00, an hour (44 px) apart", () => {
    // The 24 labels as elements, the way the grid rendered them on every view before.
    const asElements = renderToStaticMarkup(
      <>
        {Array.from({ length: 24 }, (_, h) => (
          <span
            key={h}
            className="absolute end-1 -translate-y-1/2 text-[0.65rem] tabular-nums text-slate-500 first:translate-y-0"
            style={{ top: h * 44 }}
          >
            {`${String(h).padStart(2, "0")}:00`}
          </span>
        ))}
      </>,
    );
    expect(HOUR_LABELS_HTML).toBe(asElements);
    const labels = [...HOUR_LABELS_HTML.matchAll(/style="top:(\w+)">([^<]*)</g)].map(([, top, text]) => [top, text]);
    expect(labels).toHaveLength(24);
    expect(labels[0]).toEqual(["0", "00:00"]);
    expect(labels[8]).toEqual(["352px", "08:00"]);
    expect(labels[23]).toEqual(["1012px", "23:00"]);
  });
});
