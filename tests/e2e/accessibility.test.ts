import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "./support/test";
import { createUser, signInAs } from "./support/fixtures";
import { ADMIN_PAGES, SIGNED_IN_PAGES, SIGNED_OUT_PAGES, type AppPage } from "./support/pages";
import { pageSweep, type Who } from "./support/sweep";
import { memberWorld } from "./support/world";

/**
 * axe-core on every page of the app (tests/e2e/support/pages.ts), signed out, signed in and as an
 * admin, on a phone and on a desktop, with a member who has skills, sessions (accepted and
 * waiting), a long chat, a saved member, notifications and ledger lines: no serious or critical
 * violation of any rule axe runs by default (WCAG 2.x A and AA, and its best practices). No rule is
 * switched off: what axe finds is fixed in the app. Each page is also served with its
 * Content-Security-Policy and reports no violation of it (issue 28: zod's eval probe did, on every
 * page that ships a document schema).
 *
 * One test per page and width; the member, their data and a browser context per identity and width
 * are made once per worker and shared by the tests (support/sweep.ts).
 */

const test = pageSweep(memberWorld);

// The file's tests are shared by both workers instead of holding one for the whole file (36 of the
// suite's 63 minutes on this machine, decision 165); each worker builds its own world and contexts.
test.describe.configure({ mode: "parallel" });

const WIDTHS = [390, 1280] as const;

async function seriousViolations(page: Page): Promise<string[]> {
  // Only violations are read: axe still runs every rule, but no longer serialises the nodes of
  // every pass, incomplete and inapplicable result back to the test (decision 165). On a page
  // without frames (every page of the app today) axe runs in legacy mode: axe.run in the page
  // itself, where the default opens a blank page in the context for every analysis, loads axe into
  // it as well and merges the page's results there. Legacy mode leaves out only cross-origin
  // frames, so a page that gets a frame is analysed the default way (decision 191).
  const builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  const results = await (page.frames().length > 1 ? builder : builder.setLegacyMode()).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.html.slice(0, 160)}: ${n.failureSummary?.split("\n").slice(1).join(" ").trim()}`)
          .join("\n"),
    );
}

// axe's analysis is CPU work in the browser: about a second or two per page on an idle machine,
// but on a busy one (the suite must pass there too) a single analysis was measured at 29 to 45
// s. The test timeout only catches hangs (playwright.config.ts), so these tests get three times
// the usual allowance; every step inside is still bounded by the expect timeout.
test.slow();

const SIGN_IN_FORM = /\/auth(\?|$)/;

const groups: [string, AppPage[], Who][] = [
  ["signed out", SIGNED_OUT_PAGES, "visitor"],
  ["signed in", SIGNED_IN_PAGES, "me"],
  ["admin", ADMIN_PAGES, "admin"],
];

// Every page in English and, right to left, in Arabic (issue 30, decision 050), in the same contexts.
for (const language of ["en", "ar"] as const) {
  const inLanguage = language === "en" ? "" : " in Arabic";
  for (const [group, pages, who] of groups) {
    for (const appPage of pages) {
      for (const width of WIDTHS) {
        test(`${group}${inLanguage}: ${appPage.name} at ${width}px has no serious accessibility violation and no policy violation`, async ({
          sweep,
        }) => {
          const page = await sweep.page(who, width, language);
          // goto waits until React has hydrated the page: every module of the route has run by then.
          const response = await page.goto(appPage.path(sweep.world));
          // A lost session would send a signed-in page to the sign-in form, which axe would pass.
          if (who !== "visitor") await expect(page, "still signed in").not.toHaveURL(SIGN_IN_FORM);
          await expect(page.locator("html"), "in the language asked for").toHaveAttribute("lang", language);
          expect(response?.headers()["content-security-policy"], "served with its policy").toContain("script-src");
          expect(await seriousViolations(page)).toEqual([]);
        });
      }
    }
  }
}

/** What opens over a page: menus, the wallet, the cancel question, the guided tour and the welcome bonus. */
for (const width of WIDTHS) {
  test(`signed in at ${width}px: the open profile menu, wallet and cancel question have no serious violation`, async ({
    sweep,
  }) => {
    const page = await sweep.page("me", width);
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Profile menu" }).click();
    await expect(page.getByRole("menu", { name: "Profile menu" })).toBeVisible();
    expect(await seriousViolations(page), "profile menu").toEqual([]);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: /^Wallet/ }).click();
    await expect(page.getByRole("dialog", { name: "Wallet" })).toBeVisible();
    expect(await seriousViolations(page), "wallet").toEqual([]);

    await page.goto(`/session/${sweep.world.bookingId}`);
    await page.getByRole("button", { name: "Cancel session" }).click();
    await expect(page.getByRole("button", { name: "Keep the session" })).toBeFocused();
    expect(await seriousViolations(page), "cancel question").toEqual([]);
  });

  test(`a new member at ${width}px: the guided tour and the welcome bonus have no serious violation`, async ({
    page,
    context,
    baseURL,
  }) => {
    const newcomer = await createUser({
      fullName: `Nora Newcomer ${Math.random().toString(36).slice(2, 8)}`,
      profile: { tourCompleted: false, welcomeBonusShown: false },
    });
    await signInAs(context, newcomer, baseURL!);
    await page.setViewportSize({ width, height: 844 });
    await page.goto("/dashboard");
    const tooltip = page.locator(".react-joyride__tooltip");
    await expect(tooltip).toBeVisible();
    expect(await seriousViolations(page), "tour").toEqual([]);
    await tooltip.getByRole("button", { name: "Skip" }).click();
    const welcome = page.getByRole("dialog", { name: "Welcome to SkillSwap!" });
    await expect(welcome).toBeVisible();
    expect(await seriousViolations(page), "welcome bonus").toEqual([]);
  });
}
