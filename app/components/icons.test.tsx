import { createHash } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ICON_NAMES, Icon } from "./icons";

const here = path.dirname(fileURLToPath(import.meta.url));
const appDir = path.join(here, "..");
const css = readFileSync(path.join(appDir, "tailwind.css"), "utf8");
const sprite = readFileSync(path.join(here, "icons.svg"), "utf8");
const bitmap = readFileSync(path.join(here, "icons.webp"));

/** What scripts/generate-icon-sprite.mjs wrote into the bitmap: its source's hash and its cells, in order ("-" blank). */
const [, drawnFrom, cellList] =
  /icons\.svg sha256 ([0-9a-f]{64}); cells ([\w -]+)/.exec(bitmap.toString("latin1")) ?? [];
const cells = (cellList ?? "").split(" ");

/** The sprite's views by id, with the box each shows. */
const views = new Map(
  [...sprite.matchAll(/<view id="([\w-]+)" viewBox="(\d+) 0 (\d+) (\d+)"\/>/g)].map((m) => [
    m[1],
    { x: Number(m[2]), width: Number(m[3]), height: Number(m[4]) },
  ]),
);

/** Every source file of the app but the icon code itself and tests. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name) || /^icons\.tsx$/.test(entry.name)) return [];
    return [readFileSync(file, "utf8")];
  });
}

describe("icons (decisions 166, 184, 201)", () => {
  it("draws every name as a cell of the bitmap drawn from the sprite, and the bitmap holds no cell nobody shows", () => {
    // The bitmap is the SVG as it is now, one cell a view in the SVG's order.
    expect(drawnFrom, "run node scripts/generate-icon-sprite.mjs").toBe(
      createHash("sha256").update(sprite).digest("hex"),
    );
    expect(cells.filter((name) => name !== "-")).toEqual([...views.keys()]);
    expect([...views.keys()].sort()).toEqual([...ICON_NAMES, "coin", "logo"].sort());
    // A WebP with an extended header: its canvas is the cells side by side, each square.
    expect(bitmap.toString("latin1", 0, 16)).toMatch(/^RIFF[\s\S]{4}WEBPVP8X$/);
    const [width, height] = [bitmap.readUIntLE(24, 3) + 1, bitmap.readUIntLE(27, 3) + 1];
    expect(width).toBe(cells.length * height);
    // Each rule shows the cell of its own name; the image is as tall as the element, so cell i is at i / (n - 1).
    const shown = new Map(
      [...css.matchAll(/\.icon\[data-icon="([\w-]+)"\]\s*\{\s*--cell: (\d+);/g)].map((match) => [
        match[1],
        Number(match[2]),
      ]),
    );
    expect([...shown.keys()].sort()).toEqual([...ICON_NAMES].sort());
    for (const [name, cell] of shown) expect(cells[cell], name).toBe(name);
    expect(cells[Number(/\.logo-mark \{\s*--cell: (\d+);/.exec(css)?.[1])]).toBe("logo");
    expect(cells[Number(/\.coin \{\s*--cell: (\d+);/.exec(css)?.[1])]).toBe("coin");
    const layer = `url("./components/icons.webp") calc(var(--cell) * 100% / ${cells.length - 1}) 0 / auto 100% no-repeat;`;
    expect(css).toContain(`-webkit-mask: ${layer}`);
    expect(css).toContain(`\n    mask: ${layer}`);
    expect(css).toContain(`background: ${layer}`);
    // No SVG image at all: each is a document of its own, parsed on the main thread (decisions 182, 187, 201).
    expect(css).not.toContain("data:image/svg+xml");
    expect(css).not.toMatch(/url\([^)]*\.svg/);
  });

  it("gives each view a box of its own with its drawing inside", () => {
    const boxes = [...views.entries()].sort((a, b) => a[1].x - b[1].x);
    for (let i = 1; i < boxes.length; i++) {
      const [previous, box] = [boxes[i - 1][1], boxes[i][1]];
      expect(box.x, `${boxes[i][0]} starts where ${boxes[i - 1][0]} ends`).toBe(previous.x + previous.width);
    }
    for (const name of ICON_NAMES) {
      const { x, width, height } = views.get(name)!;
      expect([width, height], name).toEqual([24, 24]);
      expect(sprite, name).toMatch(
        new RegExp(`<view id="${name}" [^>]*/><path transform="translate\\(${x}\\)" d="[^"]+"/>`),
      );
    }
    for (const name of ["coin", "logo"]) {
      expect(sprite, name).toContain(`<view id="${name}" viewBox="${views.get(name)!.x} `);
      expect(sprite, name).toMatch(new RegExp(`<g transform="translate\\(${views.get(name)!.x}\\)"><`));
    }
  });

  it("knows only the names the app uses", () => {
    const used = new Set(
      sources(appDir).flatMap((text) =>
        [...text.matchAll(/<Icon\s+name="([\w-]+)"|\bicon: "([\w-]+)"/g)].map((match) => match[1] ?? match[2]),
      ),
    );
    expect([...used].sort()).toEqual([...ICON_NAMES].sort());
  });

  it("is one element, hidden from assistive tech, mirrored in right-to-left text only when it points along the line", () => {
    expect(renderToStaticMarkup(<Icon name="bell" className="h-6 w-6" />)).toBe(
      '<span aria-hidden="true" data-icon="bell" class="icon h-6 w-6"></span>',
    );
    expect(renderToStaticMarkup(<Icon name="back" className="h-4 w-4" />)).toBe(
      '<span aria-hidden="true" data-icon="back" class="icon rtl:-scale-x-100 h-4 w-4"></span>',
    );
  });
});
