import { expect, test, type Page } from "./support/test";
import { createUser, openAs, type TestUser } from "./support/fixtures";
import { mainNavigation, navigationShape } from "./support/navigation";

/**
 * Pages taller than the window (issue 25, item 9): the sidebar is a column of the page, so its
 * white background and border run from the header to the bottom of the document at every width
 * that shows it, in the browser and in a full-page capture alike, while its links stay in view.
 * Below the sidebar's width the bottom bar must not cover the end of the page.
 */

const LONG_PAGES = ["/subscriptions", "/settings"];
const SIDEBAR_WIDTHS = [1024, 1280, 1920];
const BOTTOM_BAR_WIDTHS = [320, 390, 768];
const HEIGHT = 600;

let member: TestUser;
test.beforeAll(async () => {
  member = await createUser({ fullName: "Long Page Reader" });
});

async function scrollToBottom(page: Page) {
  const geometry = await page.evaluate(() => ({
    scrollHeight: document.documentElement.scrollHeight,
    innerHeight: window.innerHeight,
  }));
  expect(geometry.scrollHeight, "the page is taller than the window").toBeGreaterThan(geometry.innerHeight + 50);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect
    .poll(() => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight)))
    .toBeGreaterThanOrEqual(geometry.scrollHeight);
  return geometry;
}

/** The colour of one pixel of a PNG, decoded by the browser itself. */
async function pixel(page: Page, png: Buffer, x: number, y: number): Promise<number[]> {
  return page.evaluate(
    async ({ data, x, y }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext("2d")!;
      context.drawImage(image, 0, 0);
      return Array.from(context.getImageData(x, y, 1, 1).data.slice(0, 3));
    },
    { data: png.toString("base64"), x, y },
  );
}

const WHITE = [255, 255, 255];
const PAGE_BACKGROUND = [248, 250, 252]; // slate-50, the html background

test("on pages taller than the window the sidebar's background reaches the bottom of the document", async ({
  browser,
  baseURL,
}) => {
  test.slow();
  for (const path of LONG_PAGES) {
    for (const width of SIDEBAR_WIDTHS) {
      const where = `${path} at ${width}px`;
      const page = await openAs(browser, member, baseURL!, { path, viewport: { width, height: HEIGHT } });
      const { scrollHeight } = await scrollToBottom(page);
      expect(await navigationShape(page), where).toBe("sidebar");
      const sidebar = mainNavigation(page);
      // The box, in the document's coordinates: from the top of the page to its very bottom.
      const box = await sidebar.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { top: r.top + window.scrollY, bottom: r.bottom + window.scrollY, right: r.right };
      });
      expect(box.top, `${where}: the sidebar starts at the top of the page`).toBeLessThanOrEqual(0);
      expect(box.bottom, `${where}: the sidebar reaches the bottom of the page`).toBeGreaterThanOrEqual(
        scrollHeight - 1,
      );
      // Its links are still in view at the bottom of the page.
      await expect(sidebar.getByRole("link", { name: "Dashboard" })).toBeInViewport();

      // What is painted: a capture of the whole page shows the sidebar's white in its column on the
      // last line of the page, where the content column shows the page's background.
      await page.evaluate(() => window.scrollTo(0, 0));
      const shot = await page.screenshot({ fullPage: true });
      const bottom = scrollHeight - 3;
      expect(
        await pixel(page, shot, Math.round(box.right / 2), bottom),
        `${where}: sidebar painted at the bottom`,
      ).toEqual(WHITE);
      expect(await pixel(page, shot, width - 10, bottom), `${where}: content column`).toEqual(PAGE_BACKGROUND);
      await page.context().close();
    }
  }
});

test("below the sidebar's width the bottom bar leaves the end of a long page readable", async ({
  browser,
  baseURL,
}) => {
  for (const width of BOTTOM_BAR_WIDTHS) {
    const page = await openAs(browser, member, baseURL!, {
      path: "/subscriptions",
      viewport: { width, height: HEIGHT },
    });
    await scrollToBottom(page);
    expect(await navigationShape(page), `${width}px`).toBe("bottom bar");
    const last = page.getByText("No periods yet.", { exact: false });
    const [text, bar] = await Promise.all([last.boundingBox(), mainNavigation(page).boundingBox()]);
    expect(bar!.y + bar!.height, `${width}px: the bottom bar sits at the bottom of the window`).toBeCloseTo(HEIGHT, 0);
    expect(text!.y + text!.height, `${width}px: the last line is above the bottom bar`).toBeLessThanOrEqual(bar!.y);
    await page.context().close();
  }
});
