import { expect, test, type Page } from "./support/test";
import { signInAs, type TestUser } from "./support/fixtures";
import { DESKTOP, member, open, PHONE } from "./support/members";

/**
 * /matches shows eight cards at a time (issue 28, decision 090); the pager reaches the rest by
 * `?page=` links, with the page's scripts (a client-side navigation) and without them (a plain
 * link), keeping the filters. Every match is on exactly one page.
 */

const suffix = () => Math.random().toString(36).slice(2, 8);

/** A learner and the nine members who teach a skill only this run's members have. */
async function nineTeachers(): Promise<{ skill: string; learner: TestUser; names: string[] }> {
  const id = suffix();
  const skill = `Lute stringing ${id}`;
  const names = Array.from({ length: 9 }, (_, i) => `Pia Pager ${i + 1} ${id}`);
  for (const name of names) await member(name, [skill]);
  const learner = await member(`Leo Looking ${id}`, [], [skill]);
  return { skill, learner, names };
}

/** The page's match cards: each an article named by its member (decision 205: no test ids on them). */
const cards = (page: Page) => page.getByRole("main").getByRole("article");
const cardNames = (page: Page) => cards(page).getByRole("heading", { level: 2 }).allInnerTexts();
const pager = (page: Page) => page.getByRole("navigation", { name: "Pages" });

test("the pager reaches every match eight at a time, keeping the filter, with the page's scripts", async ({
  browser,
  baseURL,
}) => {
  const { skill, learner, names } = await nineTeachers();
  const page = await open(browser, learner, baseURL!, "/matches", PHONE);
  await page.getByRole("searchbox", { name: "Skill" }).fill(skill);
  await page.getByRole("button", { name: "Filter" }).click();
  await page.waitForURL(/skill=/);
  await expect(page.getByText("9 members fit")).toBeVisible();
  await expect(cards(page)).toHaveCount(8);
  await expect(pager(page)).toContainText("Page 1 of 2");
  const first = await cardNames(page);

  // Marked now, still there after Next: the page was not loaded again, the app navigated.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await pager(page).getByRole("link", { name: "Next" }).click();
  await page.waitForURL(/page=2/);
  await expect(pager(page)).toContainText("Page 2 of 2");
  await expect(cards(page)).toHaveCount(1);
  expect(new URL(page.url()).searchParams.get("skill")).toBe(skill);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  const second = await cardNames(page);
  expect([...first, ...second].sort()).toEqual([...names].sort());

  await pager(page).getByRole("link", { name: "Previous" }).click();
  await expect(pager(page)).toContainText("Page 1 of 2");
  expect(await cardNames(page)).toEqual(first);
  await page.context().close();
});

test("the pager works without JavaScript", async ({ browser, baseURL }) => {
  const { skill, learner, names } = await nineTeachers();
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
  await signInAs(context, learner, baseURL!);
  const page = await context.newPage();
  await page.goto(`/matches?skill=${encodeURIComponent(skill)}`);
  await expect(page.getByText("9 members fit")).toBeVisible();
  await expect(cards(page)).toHaveCount(8);
  const first = await cardNames(page);

  await pager(page).getByRole("link", { name: "Next" }).click();
  await page.waitForURL(/page=2/);
  await expect(pager(page)).toContainText("Page 2 of 2");
  await expect(cards(page)).toHaveCount(1);
  const second = await cardNames(page);
  expect([...first, ...second].sort()).toEqual([...names].sort());

  await pager(page).getByRole("link", { name: "Previous" }).click();
  await page.waitForURL((url) => url.searchParams.get("page") === "1");
  await expect(pager(page)).toContainText("Page 1 of 2");
  expect(await cardNames(page)).toEqual(first);
  await context.close();
});
