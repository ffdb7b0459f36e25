import { describe, expect, it } from "vitest";
import { highlight } from "./highlight";

const marked = (pieces: { text: string; hit: boolean }[]) =>
  pieces.map((p) => (p.hit ? `[${p.text}]` : p.text)).join("");

describe("highlight", () => {
  it("marks every query word, in any case and with accents, and strips Markdown", () => {
    expect(marked(highlight("Learning **Crème** brûlée with [a chef](https://x.example)", "creme CHEF"))).toBe(
      "Learning [Crème] brûlée with a [chef]",
    );
  });

  it("starts the excerpt near the first hit in a long text", () => {
    const text = `${"filler ".repeat(100)}the needle is here ${"after ".repeat(100)}`;
    const out = marked(highlight(text, "needle"));
    expect(out.startsWith("…")).toBe(true);
    expect(out).toContain("[needle]");
    expect(out.endsWith("…")).toBe(true);
    expect(out.length).toBeLessThan(240);
  });

  it("marks nothing for a query without words", () => {
    expect(highlight("plain text", "!!").every((p) => !p.hit)).toBe(true);
  });
});
