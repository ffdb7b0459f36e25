import { expect, test, type Page } from "./support/test";

test("the home page renders and the health check answers", async ({ page, request }) => {
  await page.goto("/");
  await expect(page.getByText("SkillSwap").first()).toBeVisible();

  const health = await request.get("/healthz");
  expect(health.status()).toBe(200);
});

// The suite's own rule (support/test.ts): a Content-Security-Policy violation anywhere fails the
// test that saw it, even when nothing about it on the console would (zod's caught probe printed
// nothing) and even when a test allows a console line. These tests must fail.
test.describe("a policy violation fails the test", () => {
  test.fail();
  test.use({ allowedConsoleErrors: [/Content Security Policy/] });

  async function injectInlineScript(page: Page) {
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.injected = true";
      document.body.append(script);
    });
    await expect.poll(() => page.evaluate(() => "injected" in window), "the policy blocked it").toBe(false);
  }

  test("in the test's own page", async ({ page }) => {
    await page.goto("/auth");
    await injectInlineScript(page);
  });

  test("in a context the test opens", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto("/auth");
    await injectInlineScript(page);
    await context.close();
  });
});

// The suite's other rule (support/test.ts): a context a test opens is closed when the test ends, so
// no earlier test's page is still open, live and counted in a later one.
test.describe("a test's own contexts", () => {
  test.describe.configure({ mode: "serial" });
  let left: Page | undefined;

  test("a test opens a context and leaves it open", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    left = await context.newPage();
    await left.goto("/auth");
  });

  test("the next test finds it closed", async ({ browser }) => {
    expect(left, "the first test ran in this worker").toBeDefined();
    expect(left!.isClosed()).toBe(true);
    expect(browser.contexts()).not.toContain(left!.context());
  });
});
