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

describe("icons (decisions 166, 184)", () => {
  it("draws every name as a view of the sprite, and the sprite holds no view nobody shows", () => {
    const drawn = [
      ...css.matchAll(/\.icon\[data-icon="([\w-]+)"\]\s*\{\s*--icon: url\("\.\/components\/icons\.svg#([\w-]+)"\);/g),
    ];
    // Each rule shows the view of its own name.
    expect(drawn.filter((match) => match[1] !== match[2])).toEqual([]);
    expect(drawn.map((match) => match[1]).sort()).toEqual([...ICON_NAMES].sort());
    // The logo's mark and the coin are the sprite's two other views.
    expect(css).toMatch(/\.logo-mark \{\s*background-image: url\("\.\/components\/icons\.svg#logo"\);/);
    expect(css).toMatch(/\.coin \{\s*background-image: url\("\.\/components\/icons\.svg#coin"\);/);
    expect([...views.keys()].sort()).toEqual([...ICON_NAMES, "coin", "logo"].sort());
    // One file for all: a data URI left in the stylesheet is an SVG document of its own again (decision 182).
    expect(css).not.toContain("data:image/svg+xml");
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
