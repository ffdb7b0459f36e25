/**
 * Playwright's `test` and `expect`, with one change: after `page.goto` or `page.reload` of an
 * HTML page, wait until React has hydrated it (root.tsx marks <html data-hydrated>). A click on
 * server-rendered markup before hydration does nothing, and on a loaded machine that gap is
 * long enough to make tests flaky.
 */
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";

const HYDRATION_TIMEOUT_MS = 20_000;
const prepared = new WeakSet<Page>();

async function waitForHydration(page: Page, response: Awaited<ReturnType<Page["goto"]>>) {
  if (!response?.headers()["content-type"]?.startsWith("text/html")) return;
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, { timeout: HYDRATION_TIMEOUT_MS });
}

function prepare(page: Page) {
  if (prepared.has(page)) return;
  prepared.add(page);
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

export const test = base.extend<object, { hydrationAwareContexts: void }>({
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
