/**
 * After `page.goto` or `page.reload` of an HTML page, wait until React has hydrated it (root.tsx
 * marks <html data-hydrated>). The page's load fires before its modules run (decision 183): a click
 * on server-rendered markup before hydration does nothing or posts the form to the server, and a
 * field filled before it is reset by it. Both Playwright suites wrap their pages with this.
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";

const HYDRATION_TIMEOUT_MS = 20_000;
const wrapped = new WeakSet<Page>();
/** Contexts made with `javaScriptEnabled: false`: their pages never hydrate, and nothing waits for it. */
const scriptless = new WeakSet<BrowserContext>();

export function isScriptless(context: BrowserContext): boolean {
  return scriptless.has(context);
}

async function waitForHydration(page: Page, response: Awaited<ReturnType<Page["goto"]>>) {
  if (!response?.headers()["content-type"]?.startsWith("text/html")) return;
  if (scriptless.has(page.context())) return;
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, {
    timeout: HYDRATION_TIMEOUT_MS,
  });
}

/** Makes the page's `goto` and `reload` wait for hydration. */
export function waitForHydrationOnNavigation(page: Page): void {
  if (wrapped.has(page)) return;
  wrapped.add(page);
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

/** The same for every page the context holds or opens. */
export function waitForHydrationInContext(context: BrowserContext): void {
  for (const page of context.pages()) waitForHydrationOnNavigation(page);
  context.on("page", waitForHydrationOnNavigation);
}

/**
 * Makes every context the browser opens from now on go through `prepare` before it is handed back,
 * marked first when it runs no script (its pages are then never waited on).
 */
export function prepareEveryNewContext(
  browser: Browser,
  prepare: (context: BrowserContext) => void | Promise<void>,
): void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    if (options?.javaScriptEnabled === false) scriptless.add(context);
    await prepare(context);
    return context;
  };
}

/** Marks a context the test runner made without script (`test.use({ javaScriptEnabled: false })`). */
export function markScriptless(context: BrowserContext): void {
  scriptless.add(context);
}
