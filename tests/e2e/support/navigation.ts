import { readFileSync } from "node:fs";
import { pseudoLocalise } from "~/i18n/pseudo";
import { expect, type Page } from "./test";

/** The main navigation's landmark name in a language's catalogue ("Main" in English; en-XA is English pseudo-localised). */
function landmarkName(language: string): string {
  const read = (file: string) => (JSON.parse(readFileSync(file, "utf8")) as { nav: { main: string } }).nav.main;
  return language === "en-XA"
    ? pseudoLocalise(read("locales/en/common.json"))
    : read(`locales/${language}/common.json`);
}

/**
 * The signed-in pages' main navigation, found as a person finds it: the landmark by its name. It is
 * one list at every width (decision 175), a sidebar from 1024 px and a bottom bar below. Hidden
 * copies are found too, so a count tells whether a second one is drawn and hidden by CSS.
 */
export const mainNavigation = (page: Page, language = "en") =>
  page.getByRole("navigation", { name: landmarkName(language), exact: true, includeHidden: true });

/**
 * What the navigation is drawn as, from its box in the window: a "sidebar" is a column at the left
 * or right edge that starts at the top of the page, a "bottom bar" spans the window's width at its
 * bottom edge.
 */
export async function navigationShape(page: Page, language = "en"): Promise<"sidebar" | "bottom bar" | "neither"> {
  const navigation = mainNavigation(page, language);
  await expect(navigation).toBeVisible();
  const box = (await navigation.boundingBox())!;
  const { width, height, scrollY } = await page.evaluate(() => ({
    width: document.documentElement.clientWidth,
    height: window.innerHeight,
    scrollY: window.scrollY,
  }));
  const atAnEdge = box.x <= 1 || box.x + box.width >= width - 1;
  if (box.width <= width / 2 && atAnEdge && box.y + scrollY <= 1) return "sidebar";
  if (box.x <= 1 && box.width >= width - 1 && Math.abs(box.y + box.height - height) <= 1) return "bottom bar";
  return "neither";
}
