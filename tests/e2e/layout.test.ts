import { readdirSync, readFileSync } from "node:fs";
import { expect, type Page, type Locator } from "./support/test";
import { hostileWorld, type HostileWorld } from "./support/hostile";
import { mainNavigation } from "./support/navigation";
import { ADMIN_PAGES, SIGNED_IN_PAGES, SIGNED_OUT_PAGES, WIDTHS, type AppPage } from "./support/pages";
import { pageSweep, type Sweep, type SweepLanguage, type Who } from "./support/sweep";

/**
 * Every page, filled with hostile content (unbroken 300-character words and URLs, right-to-left
 * text, 50 messages, notifications and ledger lines, 20 sessions a day, ten long skills a side),
 * at phone, tablet and desktop widths: nothing may widen the page, and the controls a person
 * needs must stay on screen.
 *
 * One test per page, looking at it at each width; the world and a browser context per identity and
 * width are made once per worker and shared by the tests (support/sweep.ts).
 */

const test = pageSweep(hostileWorld);

// The file's tests are shared by both workers, as accessibility's are (decision 165): run on one
// worker it held that worker for 19 of the suite's minutes. Each worker builds its own world and
// contexts; no test changes the world or depends on another having run.
test.describe.configure({ mode: "parallel" });

async function overflow(page: Page): Promise<{ scrollWidth: number; viewport: number; culprits: string[] }> {
  return page.evaluate(() => {
    const viewport = window.innerWidth;
    const culprits: string[] = [];
    // Elements inside a sideways-scrolling box (a wide calendar) are that box's business.
    const scrolls = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const x = getComputedStyle(p).overflowX;
        if (x === "auto" || x === "scroll" || x === "hidden") return true;
      }
      return false;
    };
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>("*"))) {
      const r = el.getBoundingClientRect();
      if (getComputedStyle(el).position === "fixed" || scrolls(el)) continue;
      // Right to left, a page overflows on the left.
      if ((r.right > viewport + 1 || r.left < -1) && r.width > 0 && culprits.length < 5) {
        culprits.push(
          `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)} left=${Math.round(r.left)} right=${Math.round(r.right)}`,
        );
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, viewport, culprits };
  });
}

async function expectInsideWidth(page: Page, control: Locator, label: string) {
  await expect(control, `${label} is shown`).toBeVisible();
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, `${label} has a box`).not.toBeNull();
  expect(box!.x, `${label} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${label} ends on screen (viewport ${width})`).toBeLessThanOrEqual(width + 1);
}

async function checkPage(sweep: Sweep<HostileWorld>, appPage: AppPage, who: Who, language: SweepLanguage = "en") {
  // Four widths, each a page load and a scan of every element's box: at a load of 20 on the two
  // cores one page took 15 s (repeat run, trace read), so each page gets three times the timeout.
  test.slow();
  const { world } = sweep;
  const signedIn = who !== "visitor";
  for (const width of WIDTHS) {
    const page = await sweep.page(who, width, language);
    await page.goto(appPage.path(world));
    const where = `${appPage.name} at ${width}px${language === "en" ? "" : ` in ${language}`}`;
    // A lost session would send a signed-in page to the sign-in form, which would hold its width.
    if (signedIn) await expect(page, `${where}: still signed in`).not.toHaveURL(/\/auth(\?|$)/);
    // LAYOUT_SCREENSHOTS=<dir> keeps a picture of every page at phone and desktop width to look at.
    if (process.env.LAYOUT_SCREENSHOTS && (width === 390 || width === 1280)) {
      await page.screenshot({
        path: `${process.env.LAYOUT_SCREENSHOTS}/${language === "en" ? "" : `${language}-`}${signedIn ? "in" : "out"}-${appPage.name.replace(/\W+/g, "-")}-${width}.png`,
        fullPage: true,
      });
    }
    const result = await overflow(page);
    expect(
      result.scrollWidth,
      `${where}: page wider than the screen; widest: ${result.culprits.join(" | ")}`,
    ).toBeLessThanOrEqual(result.viewport);
    if (signedIn && appPage.chrome !== false) {
      // Found by its parts, not its name, which is translated.
      const profileMenu = page.locator("header button").filter({ has: page.getByTestId("display-name") });
      await expectInsideWidth(page, profileMenu, `${where}: profile menu`);
      if (width < 1024) await expectInsideWidth(page, mainNavigation(page, language), `${where}: bottom bar`);
    }
    // pages.ts names a page's controls in English; in another language the width check above holds them.
    const primary = language === "en" ? (appPage.primary?.(page, world) ?? []) : [];
    for (const [i, control] of primary.entries()) {
      await expectInsideWidth(page, control, `${where}: control ${i + 1}`);
    }
  }
}

/**
 * Every page route of app/routes (a module with a default export that is not a layout), as a
 * pattern of the paths it answers: a new page cannot be left out of the list in pages.ts.
 */
function pageRoutes(): { file: string; pattern: RegExp }[] {
  return readdirSync("app/routes")
    .filter((file) => /\.tsx$/.test(file) && !/\.(server|test)\.tsx$/.test(file))
    .filter((file) => {
      const source = readFileSync(`app/routes/${file}`, "utf8");
      return /^export default/m.test(source) && !source.includes("<Outlet");
    })
    .map((file) => {
      const segments = file
        .replace(/\.tsx$/, "")
        .replace(/\[\.\]/g, "·") // Remix's escaped dot is part of the segment
        .split(".")
        .filter((segment) => !segment.startsWith("_")) // pathless layouts and _index
        .map((segment) => segment.replace(/_$/, "")) // "terms_.accept": not nested in terms.tsx, same path
        .map((segment) => (segment === "$" ? ".+" : segment.startsWith("$") ? "[^/]+" : segment.replace(/·/g, "\\.")));
      return { file, pattern: new RegExp(`^/${segments.join("/")}$`) };
    });
}

test("the page list holds every page route of the app", () => {
  const ids = { uid: "uid-1", email: "", password: "", fullName: "" };
  const placeholder: HostileWorld = {
    me: ids,
    other: ids,
    admin: ids,
    chatId: "chat-1",
    bookingId: "booking-1",
    threadId: "thread-1",
    boardPostId: "post-1",
    myBoardPostId: "post-2",
    proposalId: "proposal-1",
    checkoutUrl: "/checkout/test/tc_1",
    planCheckoutUrl: "/checkout/test-plan/tpc_1",
  };
  const paths = [...SIGNED_OUT_PAGES, ...SIGNED_IN_PAGES, ...ADMIN_PAGES].map((p) => p.path(placeholder).split("?")[0]);
  const routes = pageRoutes();
  expect(routes.length).toBeGreaterThan(30);
  const missing = routes.filter(({ pattern }) => !paths.some((path) => pattern.test(path))).map((r) => r.file);
  expect(missing, "routes with no page in tests/e2e/support/pages.ts").toEqual([]);
});

for (const appPage of SIGNED_OUT_PAGES) {
  test(`signed out: ${appPage.name} holds on every width`, async ({ sweep }) => {
    await checkPage(sweep, appPage, "visitor");
  });
}

for (const appPage of SIGNED_IN_PAGES) {
  test(`signed in: ${appPage.name} holds hostile content on every width`, async ({ sweep }) => {
    await checkPage(sweep, appPage, "me");
  });
}

for (const appPage of ADMIN_PAGES) {
  test(`admin: ${appPage.name} holds hostile content on every width`, async ({ sweep }) => {
    await checkPage(sweep, appPage, "admin");
  });
}

// Right to left (issue 30, decision 050), and the pseudo-locale's longer words (decision 061):
// every page again in Arabic and in en-XA, in the same contexts.
const LANGUAGE_RUNS = [
  ["Arabic", "ar", "right to left"],
  ["the pseudo-locale", "en-XA", "with longer words"],
] as const;
for (const [languageName, language, how] of LANGUAGE_RUNS) {
  for (const [group, pages, who] of [
    ["signed out", SIGNED_OUT_PAGES, "visitor"],
    ["signed in", SIGNED_IN_PAGES, "me"],
    ["admin", ADMIN_PAGES, "admin"],
  ] as const) {
    for (const appPage of pages) {
      test(`${group} in ${languageName}: ${appPage.name} holds on every width, ${how}`, async ({ sweep }) => {
        await checkPage(sweep, appPage, who, language);
      });
    }
  }
}
