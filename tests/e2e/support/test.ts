/**
 * Playwright's `test` and `expect`, with two changes:
 * - after `page.goto` or `page.reload` of an HTML page, wait until React has hydrated it (root.tsx
 *   marks <html data-hydrated>; tests/support/hydration.ts, shared with the Firebase suite). A click
 *   on server-rendered markup before hydration does nothing, and on a loaded machine that gap is
 *   long enough to make tests flaky;
 * - an uncaught error, a console error or a Content-Security-Policy violation in any page of a
 *   test fails the test, as the Vitest setup does for the server. Violations are listened for in
 *   every document from before its own scripts run (`securitypolicyviolation`): Chromium does not
 *   print every one on the console (zod's `new Function` probe, which zod catches, printed none).
 *
 * What a test may expect, stated once here and nowhere by page: the browser's own line for a
 * request the server answered 4xx ("Failed to load resource: … status of 4xx": a 404 page's
 * document, a refused form post) is not an app error, since tests assert statuses. A test that
 * provokes a console error on purpose names it with `test.use({ allowedConsoleErrors: [/…/] })`.
 * No policy violation is ever expected.
 *
 * A browser context a test makes (`browser.newContext`, as `openAs` does) is closed when the test
 * ends, so no page of an earlier test is still open, live and counted in a later one; a context
 * meant to outlive its test (a sweep's, kept per worker) says so with `keepForWorker`.
 */
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import { isScriptless, prepareEveryNewContext, waitForHydrationOnNavigation } from "../../support/hydration";

const FLUSH_WAIT_MS = 2_000;
const prepared = new WeakSet<Page>();
const preparedContexts = new WeakSet<BrowserContext>();
/** The page function that hands each policy violation to the test (a Playwright binding). */
const CSP_BINDING = "__reportCspViolation";
/** Contexts made during a test that stay open for the worker's next tests (the sweeps'). */
const workerContexts = new WeakSet<BrowserContext>();
/** The running test's page errors; null between tests. */
let pageErrors: string[] | null = null;

function prepare(page: Page) {
  if (prepared.has(page)) return;
  prepared.add(page);
  // Each line names its page: a test may hold several tabs and contexts.
  page.on("pageerror", (error) => pageErrors?.push(`uncaught: ${error.message} (on ${page.url()})`));
  page.on("console", (message) => {
    if (message.type() === "error") pageErrors?.push(`console.error: ${message.text()} (on ${page.url()})`);
  });
  waitForHydrationOnNavigation(page);
}

/** Runs in every document before its scripts: reports each policy violation through the binding. */
function listenForCspViolations(binding: string) {
  document.addEventListener("securitypolicyviolation", (event) => {
    const report = (window as unknown as Record<string, (text: string) => void>)[binding];
    report(
      `${event.effectiveDirective} blocked ${event.blockedURI || "(inline)"} at ${event.sourceFile}:${event.lineNumber}` +
        (event.sample ? ` (${event.sample})` : ""),
    );
  });
}

async function prepareContext(context: BrowserContext) {
  if (preparedContexts.has(context)) return;
  preparedContexts.add(context);
  for (const page of context.pages()) prepare(page);
  context.on("page", prepare);
  await context.exposeBinding(CSP_BINDING, ({ page }, text: string) => {
    pageErrors?.push(`Content-Security-Policy violation on ${page.url()}: ${text}`);
  });
  await context.addInitScript(listenForCspViolations, CSP_BINDING);
}

/**
 * Lets the pages of a context deliver what they have queued (a violation's event is dispatched as
 * a task after the blocked action) before the test's errors are counted.
 */
async function flushReports(context: BrowserContext) {
  // A page without script never runs one; a page held mid-load by its test may not answer soon.
  if (isScriptless(context)) return;
  for (const page of context.pages()) {
    const flushed = page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0))).catch(() => {});
    await Promise.race([flushed, new Promise((resolve) => setTimeout(resolve, FLUSH_WAIT_MS))]);
  }
}

/** Marks a context made during a test as the worker's: it is not closed when that test ends. */
export function keepForWorker(context: BrowserContext): void {
  workerContexts.add(context);
}

const BROWSER_REQUEST_FAILURE = /^console\.error: Failed to load resource: the server responded with a status of 4\d\d/;
const CSP_VIOLATION = /^Content-Security-Policy violation/;

export const test = base.extend<
  { allowedConsoleErrors: RegExp[]; closeContextsMadeInTest: void; failOnPageErrors: void },
  { hydrationAwareContexts: void }
>({
  allowedConsoleErrors: [[], { option: true }],
  closeContextsMadeInTest: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      for (const context of browser.contexts()) {
        if (!before.has(context) && !workerContexts.has(context)) await context.close();
      }
    },
    { auto: true },
  ],
  // Set up after closeContextsMadeInTest, so it counts the errors before those contexts close.
  failOnPageErrors: [
    async ({ allowedConsoleErrors, browser, closeContextsMadeInTest: _ }, use) => {
      pageErrors = [];
      await use();
      for (const context of browser.contexts()) await flushReports(context);
      const unexpected = pageErrors.filter(
        (line) =>
          CSP_VIOLATION.test(line) ||
          (!BROWSER_REQUEST_FAILURE.test(line) && !allowedConsoleErrors.some((allowed) => allowed.test(line))),
      );
      pageErrors = null;
      expect(unexpected, "errors in the browser during this test").toEqual([]);
    },
    { auto: true },
  ],
  hydrationAwareContexts: [
    async ({ browser }, use) => {
      prepareEveryNewContext(browser, prepareContext);
      await use();
    },
    { scope: "worker", auto: true },
  ],
  context: async ({ context }, use) => {
    await prepareContext(context);
    await use(context);
    await flushReports(context);
  },
});

export { expect };
export type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
