import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { createUser, signInAs, skipLocalOnboarding } from "./support/fixtures";

/**
 * The page shows before its JavaScript is fetched (decision 076): the browser reports the first
 * contentful paint, then the page's script files are requested (the patched `<Scripts>` writes
 * their modulepreload links only then), and the page still hydrates. With the links in the HTML
 * the preload scanner fetched every script before the paint, and a phone's first round trips
 * carried them all (decision 053).
 */

async function scriptsAfterFirstPaint(page: Page) {
  // goto waits for hydration (support/test.ts): every script has been requested by then.
  return page.evaluate(() => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
    const scripts = performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.startsWith("/build/") && entry.name.endsWith(".js"))
      .map((entry) => ({ url: new URL(entry.name).pathname, start: Math.round(entry.startTime) }));
    return { paint, scripts, early: scripts.filter((script) => paint === null || script.start < paint) };
  });
}

test("a page's scripts are fetched after its first contentful paint, and it hydrates", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto("/auth");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const signedOut = await scriptsAfterFirstPaint(page);
  expect(signedOut.paint, "the browser reported a first contentful paint").not.toBeNull();
  expect(signedOut.scripts.length).toBeGreaterThan(5);
  expect(signedOut.early, `scripts requested before the paint at ${signedOut.paint} ms`).toEqual([]);

  const member = await createUser({ fullName: "Paint Member" });
  const context = await browser.newContext();
  await signInAs(context, member, baseURL!);
  const signedIn = await context.newPage();
  await skipLocalOnboarding(signedIn, member.uid);
  await signedIn.goto("/dashboard");
  await expect(signedIn.getByRole("heading", { level: 1 })).toBeVisible();
  const dashboard = await scriptsAfterFirstPaint(signedIn);
  expect(dashboard.early, `scripts requested before the paint at ${dashboard.paint} ms`).toEqual([]);
  // Hydrated: a client-side navigation works.
  await signedIn.getByRole("link", { name: "Matches" }).first().click();
  await expect(signedIn).toHaveURL(/\/matches$/);
  await context.close();
});
