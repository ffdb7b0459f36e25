import { expect, test } from "./support/test";
import { createUser, openAs } from "./support/fixtures";
import { mainNavigation } from "./support/navigation";

/** Issue 12, "what users see": error pages keep the navigation; redirects carry a flash message. */

test("a loader that fails on a full-layout page keeps the navigation and shows the error page", async ({
  browser,
  baseURL,
}) => {
  const user = await createUser({ fullName: `Erin Error ${Math.random().toString(36).slice(2, 8)}` });
  const missing = `no-such-member-${Math.random().toString(36).slice(2, 10)}`;
  const page = await openAs(browser, user, baseURL!, {
    path: `/members/${missing}`,
    viewport: { width: 1280, height: 800 },
  });
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByText("This member does not exist.")).toBeVisible();
  await expect(mainNavigation(page).getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(page.locator("header")).toBeVisible();
  await mainNavigation(page).getByRole("link", { name: "Dashboard" }).click();
  await page.waitForURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Page not found" })).toHaveCount(0);
});

test("deleting an account shows its flash message on /auth, once", async ({ browser, baseURL }) => {
  const user = await createUser({ fullName: `Dora Delete ${Math.random().toString(36).slice(2, 8)}` });
  const page = await openAs(browser, user, baseURL!, { path: "/settings", viewport: { width: 1280, height: 800 } });
  await page.getByRole("button", { name: "Delete account…" }).click();
  await page.getByLabel("Type DELETE or your email to confirm").fill("DELETE");
  await page.getByLabel("Your password").fill(user.password);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await page.waitForURL(/\/auth$/);
  const toast = page.getByRole("status").filter({ hasText: "Your account was deleted." });
  await expect(toast).toBeVisible();
  await page.getByRole("button", { name: "Dismiss message" }).click();
  await expect(page.getByTestId("toast")).toHaveCount(0);
  // The flash was cleared when it was shown: a reload does not bring it back.
  await page.reload();
  await expect(page.getByRole("heading").first()).toBeVisible();
  await expect(page.getByTestId("toast")).toHaveCount(0);
});
