import { expect, test, type Browser, type Locator, type Page } from "./support/test";
import { stepsForScreen, tourSteps } from "../../app/features/onboarding/tour";
import { readFileSync } from "node:fs";

/** The tour's English texts, as the catalogue has them (decision 048). */
const english = JSON.parse(readFileSync("locales/en/common.json", "utf8")) as {
  tour: { steps: Record<string, { title: string; content: string }> };
};

/**
 * SPEC.md §4 onboarding end to end: the guided tour for a new user, then the one-time welcome
 * bonus modal, on a desktop and on a phone-sized screen.
 */

const PASSWORD = "onboarding-e2e-password";

const VIEWPORTS = [
  // Every step has a visible target on a large screen.
  { name: "1280x800", viewport: { width: 1280, height: 800 }, wide: true },
  // Below lg the navigation is the bottom bar: the five navigation steps show their tooltips above it.
  { name: "390x844", viewport: { width: 390, height: 844 }, wide: false },
] as const;

let counter = 0;
function uniqueEmail(label: string): string {
  counter += 1;
  return `onboarding-${label}-${Date.now()}-${process.pid}-${counter}@example.com`;
}

/** A brand-new member: sign up, set a name, land on the dashboard. */
async function signUp(page: Page, label: string): Promise<string> {
  const email = uniqueEmail(label);
  await page.goto("/signup");
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/profile-setup/);
  await page.locator('input[name="fullName"]').fill("Grace Hopper");
  await page.getByRole("button", { name: "Skip skills and continue to your dashboard" }).click();
  await page.waitForURL(/\/dashboard/);
  return email;
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto("/auth");
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(/\/dashboard/);
}

/** What the tour leaves free on each side of a tooltip on a narrow screen. */
const TOOLTIP_MARGIN = 12;
const tooltip = (page: Page) => page.locator(".react-joyride__tooltip");
/** How many times the onboarding island has decided what to show since the page loaded. */
const decisions = (page: Page) => page.getByTestId("onboarding-decisions");
const welcomeModal = (page: Page) => page.getByRole("dialog", { name: "Welcome to SkillSwap!" });

async function expectTourOnStep(page: Page, index: number): Promise<void> {
  const step = tourSteps[index]!;
  await expect(tooltip(page)).toBeVisible();
  await expect(tooltip(page)).toContainText(english.tour.steps[step.id]!.title);
  await expect(tooltip(page)).toContainText(english.tour.steps[step.id]!.content);
  // SPEC.md: tooltips 380 px wide, or the whole width of a narrower screen.
  const width = (await tooltip(page).boundingBox())?.width ?? 0;
  expect(Math.round(width)).toBe(Math.min(380, page.viewportSize()!.width - 2 * TOOLTIP_MARGIN));
}

/** The spotlight sits exactly on the step's target (spotlight padding is 0). */
async function expectSpotlightOn(page: Page, target: Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        const [spot, box] = await Promise.all([
          page.locator(".react-joyride__spotlight").boundingBox(),
          target.boundingBox(),
        ]);
        if (!spot || !box) return Number.POSITIVE_INFINITY;
        return Math.max(
          Math.abs(spot.x - box.x),
          Math.abs(spot.y - box.y),
          Math.abs(spot.width - box.width),
          Math.abs(spot.height - box.height),
        );
      },
      { message: "spotlight matches the target" },
    )
    .toBeLessThanOrEqual(2);
}

/** A click on the dimmed page, away from the tooltip and the spotlight. */
async function clickOverlay(page: Page): Promise<void> {
  const size = page.viewportSize()!;
  await expect(page.locator(".react-joyride__overlay")).toBeVisible();
  await page.mouse.click(Math.round(size.width / 2), size.height - 120);
}

async function expectNothingShows(page: Page): Promise<void> {
  await expect(page.locator('[data-tour="level-widget"]')).toBeVisible();
  // The island decides right after hydration: wait for its decision, then assert what it showed.
  await expect(decisions(page)).toHaveAttribute("data-count", "1");
  await expect(tooltip(page)).toHaveCount(0);
  await expect(welcomeModal(page)).toHaveCount(0);
}

async function closeWelcomeModal(page: Page, amount: number): Promise<void> {
  const modal = welcomeModal(page);
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(`You received ${amount} SP`);
  const awesome = modal.getByRole("button", { name: "Awesome!" });
  await expect(awesome).toBeFocused();
  await awesome.click();
  await expect(modal).toHaveCount(0);
}

async function newSignedInPage(
  browser: Browser,
  viewport: { width: number; height: number },
  email: string,
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

for (const { name, viewport, wide } of VIEWPORTS) {
  const steps = stepsForScreen(tourSteps, wide);
  test.describe(`onboarding at ${name}`, () => {
    test.use({ viewport });

    test("a new member is toured over every visible part, then gets the welcome bonus once", async ({
      page,
      browser,
    }) => {
      const warnings: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "warning") warnings.push(message.text());
      });
      const email = await signUp(page, "tour");

      // The tour opens by itself, straight on its first tooltip: no beacon to click.
      await expectTourOnStep(page, 0);
      await expect(page.locator(".react-joyride__beacon")).toBeHidden();
      await expect(tooltip(page).getByRole("button", { name: "Close" })).toHaveCount(0);
      await expect(tooltip(page).getByRole("button", { name: "Skip" })).toBeVisible();

      for (let index = 0; index < steps.length; index++) {
        await expectTourOnStep(page, index);
        await expectSpotlightOn(page, page.locator(steps[index]!.target));
        // The tooltip holds the keyboard: its main button has focus and Tab does not leave it.
        await expect(tooltip(page).locator('[data-action="primary"]')).toBeFocused();
        if (index === 0) {
          for (let tab = 0; tab < 3; tab++) await page.keyboard.press("Tab");
          expect(await tooltip(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
        }
        if (index > 0) await expect(tooltip(page).getByRole("button", { name: "Back" })).toBeVisible();
        const isLast = index === tourSteps.length - 1;
        await tooltip(page)
          .getByRole("button", { name: isLast ? "Last" : "Next" })
          .click();
      }

      // Every step had a visible target: none was passed over.
      expect(warnings.filter((text) => text.startsWith("Guided tour: skipped"))).toEqual([]);
      await expect(tooltip(page)).toHaveCount(0);

      // The modal follows at once, without a reload, with the stored 200 SP bonus.
      await closeWelcomeModal(page, 200);
      const flags = await page.evaluate(() => ({
        tourDone: localStorage.getItem("tour_done"),
        tourCompleted: localStorage.getItem("tourCompleted"),
        wbShown: Object.keys(localStorage).filter(
          (key) => key.startsWith("wb_shown_") && localStorage.getItem(key) === "1",
        ).length,
      }));
      expect(flags).toEqual({ tourDone: "1", tourCompleted: "1", wbShown: 1 });

      await page.reload();
      await expectNothingShows(page);

      // Another browser has none of the local flags: the profile's flags hold on their own.
      const elsewhere = await newSignedInPage(browser, viewport, email);
      await expectNothingShows(elsewhere);
      await elsewhere.context().close();
    });

    test("Skip ends the tour, the overlay does not, and the tour can be started again", async ({ page }) => {
      await signUp(page, "skip");
      await expectTourOnStep(page, 0);

      await clickOverlay(page);
      await expectTourOnStep(page, 0);

      await tooltip(page).getByRole("button", { name: "Next" }).click();
      await expectTourOnStep(page, 1);
      await tooltip(page).getByRole("button", { name: "Skip" }).click();
      await expect(tooltip(page)).toHaveCount(0);
      await closeWelcomeModal(page, 200);

      // The browser event restarts it from the first step, at any time.
      await page.evaluate(() => window.dispatchEvent(new Event("skillswap:start-tour")));
      await expectTourOnStep(page, 0);
      await clickOverlay(page);
      await expectTourOnStep(page, 0);
      await tooltip(page).getByRole("button", { name: "Skip" }).click();
      await expect(tooltip(page)).toHaveCount(0);
      // The bonus was already announced: it does not come back after a second tour. The island
      // decided on arrival, after the first tour and now after the second: then nothing showed.
      await expect(decisions(page)).toHaveAttribute("data-count", "3");
      await expect(welcomeModal(page)).toHaveCount(0);

      // "Take the tour" from another page brings the member back to the dashboard's tour.
      await page.goto("/settings");
      await page.getByRole("button", { name: "Take the tour" }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard" && !url.searchParams.has("tour"));
      await expectTourOnStep(page, 0);
      await tooltip(page).getByRole("button", { name: "Skip" }).click();

      // And from the profile menu on the dashboard itself.
      await page.locator('[data-tour="profile-menu"]').click();
      await page.getByRole("menuitem", { name: "Take the tour" }).click();
      await expectTourOnStep(page, 0);
      await tooltip(page).getByRole("button", { name: "Skip" }).click();
      await expect(tooltip(page)).toHaveCount(0);
    });

    test("?wb=350 announces 350 SP to a new member", async ({ page }) => {
      await signUp(page, "wb350");
      await page.goto("/dashboard?wb=350");
      await expectTourOnStep(page, 0);
      // Escape leaves the tour as Skip does.
      await page.keyboard.press("Escape");
      await expect(tooltip(page)).toHaveCount(0);

      const modal = welcomeModal(page);
      await expect(modal).toContainText("You received 350 SP");
      await expect(modal.getByRole("button", { name: "Awesome!" })).toBeFocused();
      const confetti = page.getByTestId("welcome-confetti");
      await expect(confetti).toBeVisible();
      // The coin replays the confetti: a fresh canvas replaces the one that was falling.
      const before = await confetti.elementHandle();
      await modal.getByRole("button", { name: "Replay confetti" }).click();
      await expect
        .poll(async () => (await confetti.elementHandle())?.evaluate((canvas, old) => canvas !== old, before))
        .toBe(true);
      await expect(confetti).toHaveCount(1);
      // Escape closes it too, like any dialog.
      await page.keyboard.press("Escape");
      await expect(modal).toHaveCount(0);
    });

    for (const wb of ["0", "-5", "1.5", "abc"]) {
      test(`?wb=${wb} falls back to the stored bonus`, async ({ page }) => {
        await signUp(page, "wbbad");
        await page.goto(`/dashboard?wb=${encodeURIComponent(wb)}`);
        await expectTourOnStep(page, 0);
        await tooltip(page).getByRole("button", { name: "Skip" }).click();
        await closeWelcomeModal(page, 200);
      });
    }
  });
}
