import { expect, test, type Page } from "./support/test";
import { signInAs, skipLocalOnboarding, type TestUser } from "./support/fixtures";
import { ADMIN_PAGES, SIGNED_IN_PAGES, SIGNED_OUT_PAGES, type AppPage } from "./support/pages";
import { memberWorld, type PageWorld } from "./support/world";

/**
 * Every page of the app (tests/e2e/support/pages.ts), signed out, signed in and as an admin, loads
 * without the browser reporting a Content-Security-Policy violation (issue 28). Chromium does not
 * print every violation as a console error (zod's `new Function` probe, which it catches, printed
 * none), so the page listens for `securitypolicyviolation` events from its first script on. Console
 * errors and uncaught errors already fail any test (support/test.ts).
 */

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

let world: PageWorld;
test.beforeAll(async () => {
  world = await memberWorld();
});

/** Records each violation the document reports, from before the page's own scripts run. */
async function listenForViolations(page: Page) {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.__cspViolations!.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || "(inline)"} at ${event.sourceFile}:${event.lineNumber}` +
          (event.sample ? ` (${event.sample})` : ""),
      );
    });
  });
}

/** The violations reported so far, after letting any queued report event be delivered. */
async function violations(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        setTimeout(() => resolve(window.__cspViolations ?? ["the listener was not installed"]), 0);
      }),
  );
}

const groups: [string, AppPage[], (w: PageWorld) => TestUser | null][] = [
  ["signed out", SIGNED_OUT_PAGES, () => null],
  ["signed in", SIGNED_IN_PAGES, (w) => w.me],
  ["admin", ADMIN_PAGES, (w) => w.admin],
];

for (const [who, pages, user] of groups) {
  for (const appPage of pages) {
    test(`${who}: ${appPage.name} reports no Content-Security-Policy violation`, async ({ page, context, baseURL }) => {
      const member = user(world);
      if (member) {
        await signInAs(context, member, baseURL!);
        await skipLocalOnboarding(page, member.uid);
      }
      await listenForViolations(page);
      // goto waits until React has hydrated the page: every module of the route has run by then.
      const response = await page.goto(appPage.path(world));
      expect(response?.headers()["content-security-policy"], "the page is served with its policy").toContain(
        "script-src",
      );
      expect(await violations(page)).toEqual([]);
    });
  }
}
