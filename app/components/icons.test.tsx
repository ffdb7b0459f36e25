import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ICON_NAMES, Icon } from "./icons";

const css = readFileSync(new URL("../tailwind.css", import.meta.url), "utf8");

describe("icons (decision 166)", () => {
  it("has a drawing in tailwind.css for every name, and none for a name the component does not know", () => {
    const drawn = [...css.matchAll(/\.icon\[data-icon="([\w-]+)"\]\s*\{\s*--icon: url\("data:image\/svg\+xml,/g)].map(
      (match) => match[1],
    );
    expect([...drawn].sort()).toEqual([...ICON_NAMES].sort());
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
