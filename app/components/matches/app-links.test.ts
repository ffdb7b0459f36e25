import { describe, expect, it } from "vitest";
import { appPathOf, type ClickedLink, type LinkClick } from "./app-links";

const ORIGIN = "https://skillswap.example";
const click = (over: Partial<LinkClick> = {}): LinkClick => ({
  button: 0,
  metaKey: false,
  altKey: false,
  ctrlKey: false,
  shiftKey: false,
  defaultPrevented: false,
  ...over,
});
const link = (href: string, target = "", attributes: string[] = []): ClickedLink => ({
  href: new URL(href, ORIGIN).href,
  target,
  hasAttribute: (name) => attributes.includes(name),
});

describe("a click on a card's link (decision 188)", () => {
  it("navigates in the app to the link's path, query and fragment", () => {
    expect(appPathOf(click(), link("/members/m1"), ORIGIN)).toBe("/members/m1");
    expect(appPathOf(click(), link("/calendar?book=m1#top"), ORIGIN)).toBe("/calendar?book=m1#top");
    expect(appPathOf(click(), link("/members/m1", "_self"), ORIGIN)).toBe("/members/m1");
  });

  it("is left to the browser as React Router's Link leaves it", () => {
    for (const over of [{ button: 1 }, { metaKey: true }, { altKey: true }, { ctrlKey: true }, { shiftKey: true }])
      expect(appPathOf(click(over), link("/members/m1"), ORIGIN)).toBeNull();
    // Something on the page already took it.
    expect(appPathOf(click({ defaultPrevented: true }), link("/members/m1"), ORIGIN)).toBeNull();
    expect(appPathOf(click(), link("/members/m1", "_blank"), ORIGIN)).toBeNull();
    expect(appPathOf(click(), link("/export.zip", "", ["download"]), ORIGIN)).toBeNull();
    expect(appPathOf(click(), link("https://elsewhere.example/members/m1"), ORIGIN)).toBeNull();
    // Not on a link at all.
    expect(appPathOf(click(), null, ORIGIN)).toBeNull();
  });
});
