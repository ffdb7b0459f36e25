/**
 * Page sweeps: the tests that visit many pages (accessibility, layout at each width, and the
 * languages' sweeps to come) share, per worker, one world (members and their data, made through
 * the app's own services: world.ts, hostile.ts) and one browser context per identity and viewport,
 * signed in with Playwright's storageState. Setting a member up and starting a browser costs more
 * than checking a page; done once per worker, a page's check is its page load and the check.
 *
 * Each test is still one page (at one width, or at each width), so a failure names the page and the
 * width, and the tests after it still run: a failed test ends its worker, and the next worker builds
 * its own world and contexts. No test changes the world; each visit starts with page.goto.
 *
 *   const test = pageSweep(memberWorld);
 *   test("signed in: dashboard at 390px …", async ({ sweep }) => {
 *     const page = await sweep.page("me", 390);
 *     await page.goto("/dashboard");
 *   });
 *
 * Like every page of the suite, a sweep page fails its test on a console error or a
 * Content-Security-Policy violation (support/test.ts).
 */
import type { BrowserContext, Page } from "@playwright/test";
import { LANGUAGE_COOKIE } from "~/i18n/config";
import { storageStateFor, type TestUser } from "./fixtures";
import { keepForWorker, test as base } from "./test";
import type { PageWorld } from "./world";

/** Who looks at the page: a signed-out visitor, the world's member, or the world's admin. */
export type Who = "visitor" | "me" | "admin";

export const SWEEP_HEIGHT = 844;

/**
 * The language a sweep page asks for, through the `lang` cookie a visitor's switcher sets (the
 * world's members choose none in their profile, so the cookie decides for them too): "en" by default;
 * "en-XA" is the pseudo-locale the e2e server offers (PSEUDO_LOCALE=true, decision 061).
 */
export type SweepLanguage = "en" | "ar" | "en-XA";

export interface Sweep<W extends PageWorld> {
  world: W;
  /**
   * The worker's page of `who` at `width` px wide, in its own context (made on first use), asking
   * for `language`. Languages share the context: a sweep in Arabic costs its page loads, not new
   * browsers and sign-ins (decision 031).
   */
  page(who: Who, width: number, language?: SweepLanguage): Promise<Page>;
}

export function pageSweep<W extends PageWorld>(makeWorld: () => Promise<W>) {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- only a worker-scoped fixture
  return base.extend<{}, { sweep: Sweep<W> }>({
    sweep: [
      async ({ browser }, use, workerInfo) => {
        const { baseURL, userAgent, deviceScaleFactor, isMobile, hasTouch } = workerInfo.project.use;
        if (!baseURL) throw new Error("pageSweep needs the project's baseURL (playwright.config.ts)");
        const world = await makeWorld();
        const users: Record<Who, TestUser | null> = { visitor: null, me: world.me, admin: world.admin };
        const states = new Map<Who, Awaited<ReturnType<typeof storageStateFor>> | undefined>();
        const open = new Map<string, { context: BrowserContext; page: Page; language: SweepLanguage }>();
        let current: Who | undefined;

        async function page(who: Who, width: number, language: SweepLanguage = "en"): Promise<Page> {
          // One identity's contexts at a time: the sweeps visit a group of pages as one person.
          if (current !== who) {
            for (const { context } of open.values()) await context.close();
            open.clear();
            current = who;
          }
          const key = `${who}@${width}`;
          let entry = open.get(key);
          if (!entry) {
            const user = users[who];
            if (!states.has(who)) states.set(who, user ? await storageStateFor(user, baseURL!) : undefined);
            const context = await browser.newContext({
              baseURL,
              userAgent,
              deviceScaleFactor,
              isMobile,
              hasTouch,
              viewport: { width, height: SWEEP_HEIGHT },
              storageState: states.get(who),
            });
            keepForWorker(context);
            entry = { context, page: await context.newPage(), language: "en" };
            open.set(key, entry);
          }
          if (entry.language !== language) {
            if (language === "en") await entry.context.clearCookies({ name: LANGUAGE_COOKIE });
            else await entry.context.addCookies([{ name: LANGUAGE_COOKIE, value: language, url: baseURL! }]);
            entry.language = language;
          }
          return entry.page;
        }

        await use({ world, page });
        for (const { context } of open.values()) await context.close();
      },
      { scope: "worker" },
    ],
  });
}
