/**
 * Playwright's `test` and `expect`, with two changes:
 * - after `page.goto` or `page.reload` of an HTML page, wait until React has hydrated it (root.tsx
 *   marks <html data-hydrated>). A click on server-rendered markup before hydration does nothing,
 *   and on a loaded machine that gap is long enough to make tests flaky;
 * - an uncaught error or a console error in any page of a test fails the test, as the Vitest
 *   setup does for the server. A test that provokes one on purpose names it with
 *   `test.use({ allowedConsoleErrors: [/…/] })`. The browser's own line for a failed request
 *   ("Failed to load resource: … status of 4xx") is not an app error: tests assert statuses.
 */
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";

const HYDRATION_TIMEOUT_MS = 20_000;
const prepared = new WeakSet<Page>();
/** The running test's page errors; null between tests. */
let pageErrors: string[] | null = null;

async function waitForHydration(page: Page, response: Awaited<ReturnType<Page["goto"]>>) {
  if (!response?.headers()["content-type"]?.startsWith("text/html")) return;
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, {
    timeout: HYDRATION_TIMEOUT_MS,
  });
}

function prepare(page: Page) {
  if (prepared.has(page)) return;
  prepared.add(page);
  page.on("pageerror", (error) => pageErrors?.push(`uncaught: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") pageErrors?.push(`console.error: ${message.text()}`);
  });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await waitForHydration(page, response);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await waitForHydration(page, response);
    return response;
  };
}

function prepareContext(context: BrowserContext) {
  for (const page of context.pages()) prepare(page);
  context.on("page", prepare);
}

const BROWSER_REQUEST_FAILURE = /^console\.error: Failed to load resource: the server responded with a status of 4\d\d/;

export const test = base.extend<
  { allowedConsoleErrors: RegExp[]; failOnPageErrors: void },
  { hydrationAwareContexts: void }
>({
  allowedConsoleErrors: [[], { option: true }],
  failOnPageErrors: [
    async ({ allowedConsoleErrors }, use) => {
      pageErrors = [];
      await use();
      const unexpected = pageErrors.filter(
        (line) => !BROWSER_REQUEST_FAILURE.test(line) && !allowedConsoleErrors.some((allowed) => allowed.test(line)),
      );
      pageErrors = null;
      expect(unexpected, "errors in the browser during this test").toEqual([]);
    },
    { auto: true },
  ],
  hydrationAwareContexts: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        prepareContext(context);
        return context;
      };
      await use();
    },
    { scope: "worker", auto: true },
  ],
  context: async ({ context }, use) => {
    prepareContext(context);
    await use(context);
  },
});

export { expect };
export type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
