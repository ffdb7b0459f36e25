import { expect, test, type Page } from "./support/test";
import { createUser, signInAs, skipLocalOnboarding } from "./support/fixtures";
import { e2eStore } from "./support/store";

/**
 * Subscriptions end to end with the labelled test billing (PAYMENTS=test, decision 017): the
 * profile menu leads to /subscriptions; subscribe through the test checkout; the header's wallet
 * shows the allowance live in another tab; renew, a failed renewal and its retry; the history of
 * credited periods; the Plus badge on the public page; cancel at period end, then now.
 */

const DESKTOP = { width: 1280, height: 800 };

async function openLive(page: Page, path: string): Promise<void> {
  const streamOpen = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/api/live" && response.status() === 200,
  );
  await page.goto(path);
  await streamOpen;
}

const sp = (amount: number) => `${amount.toLocaleString("en-IE")} SP`;

async function headerBalance(page: Page): Promise<number> {
  const text = (await page.getByTestId("wallet-balance").textContent()) ?? "";
  return Number(text.replace(/[^0-9]/g, ""));
}

test("subscribe to Plus, renew, fail and retry, see history and badge, cancel", async ({ context, baseURL }) => {
  const user = await createUser({ fullName: `Plus Tester ${Math.random().toString(36).slice(2, 8)}` });
  await signInAs(context, user, baseURL!);
  const page = await context.newPage();
  await skipLocalOnboarding(page, user.uid);
  await page.setViewportSize(DESKTOP);

  // A second tab with the header's wallet, to see the allowance arrive live.
  const watcher = await context.newPage();
  await skipLocalOnboarding(watcher, user.uid);
  await openLive(watcher, "/matches");
  await expect(watcher.getByTestId("wallet-balance")).toHaveText(/SP$/);
  const start = await headerBalance(watcher);

  // The profile menu's Subscriptions entry leads to the page.
  await page.goto("/matches");
  await page.locator('[data-tour="profile-menu"]').click();
  await page
    .getByRole("menu", { name: "Profile menu" })
    .getByRole("menuitem", { name: "Subscriptions", exact: true })
    .click();
  await expect(page).toHaveURL(/\/subscriptions$/);
  await expect(page.getByRole("heading", { name: "Subscriptions", level: 1 })).toBeVisible();
  await expect(page.getByTestId("current-plan")).toHaveText("Free");
  await expect(page.getByTestId("plan-plus_monthly")).toContainText("300 SP every month");
  await expect(page.getByTestId("plan-plus_yearly")).toContainText("3,600 SP every year");

  // Subscribe: the button reads Processing… and is disabled while the checkout starts.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/create-checkout-session", async (route) => {
    await held;
    await route.continue();
  });
  const subscribe = page.getByTestId("plan-plus_monthly").getByRole("button");
  await subscribe.click();
  await expect(subscribe).toHaveText("Processing…");
  await expect(subscribe).toBeDisabled();
  await expect(page.getByTestId("plan-plus_yearly").getByRole("button")).toBeDisabled();
  release();

  await expect(page).toHaveURL(/\/checkout\/test-plan\//);
  await expect(page.getByRole("note")).toHaveText("Test subscription — no card is charged");
  await page.getByRole("button", { name: /^Subscribe for/ }).click();

  await expect(page).toHaveURL(/\/subscriptions\?checkout=success/);
  await expect(page.getByRole("status").filter({ hasText: "Welcome to Plus monthly!" })).toBeVisible();
  await expect(page.getByTestId("current-plan")).toHaveText("Plus monthly");
  await expect(page.getByTestId("subscription-status")).toHaveText("Active");
  await expect(page.getByTestId("next-renewal")).toContainText(/Renews on .+: €9\.00 for 300 SP/);
  // The other tab's header shows the allowance without a reload.
  await expect(watcher.getByTestId("wallet-balance")).toHaveText(sp(start + 300));
  await expect(page.getByTestId("credited-period")).toHaveCount(1);

  // Stored: the subscription, its period and the ledger entry sub_{invoiceId}.
  const store = e2eStore();
  const stored = await store.get(`subscriptions/${user.uid}`);
  expect(stored?.data).toMatchObject({ planId: "plus_monthly", status: "active" });
  const entries = await store.query({
    collection: `wallets/${user.uid}/transactions`,
    where: [["type", "==", "subscription"]],
  });
  expect(entries.map((e) => e.id)).toEqual([expect.stringMatching(/^sub_tin_/)]);

  // Renew now: the next period is paid and credited.
  await page.getByRole("button", { name: "Renew now" }).click();
  await expect(page.getByTestId("credited-period")).toHaveCount(2);
  await expect(watcher.getByTestId("wallet-balance")).toHaveText(sp(start + 600));

  // A renewal whose payment fails: past due, the member is told; renewing retries it.
  await page.getByRole("button", { name: "Renew with a failed payment" }).click();
  await expect(page.getByTestId("subscription-status")).toHaveText("Past due");
  await expect(page.getByText("The last payment failed.")).toBeVisible();
  expect(
    (
      await store.query({
        collection: `notifications/${user.uid}/messages`,
        where: [["title", "==", "Your Plus payment failed"]],
      })
    ).length,
  ).toBe(1);
  await page.getByRole("button", { name: "Renew now" }).click();
  await expect(page.getByTestId("subscription-status")).toHaveText("Active");
  await expect(page.getByTestId("credited-period")).toHaveCount(3);
  await expect(watcher.getByTestId("wallet-balance")).toHaveText(sp(start + 900));

  // The badge on the public page.
  await watcher.goto(`/members/${user.uid}`);
  await expect(watcher.getByLabel("Plus member")).toBeVisible();

  // Cancel at period end: still Plus until then.
  await page.getByRole("button", { name: "Cancel at period end" }).click();
  await expect(page.getByTestId("subscription-status")).toHaveText("Cancelling at period end");
  await expect(page.getByTestId("next-renewal")).toContainText(/^Ends on /);
  await page.getByRole("button", { name: "Cancel now" }).click();
  await expect(page.getByTestId("current-plan")).toHaveText("Free");
  await expect(page.getByTestId("subscription-status")).toHaveText("Cancelled");
  await expect(page.getByRole("button", { name: "Renew now" })).toHaveCount(0);
  // The SP stay; the history stays; the badge goes.
  await expect(page.getByTestId("credited-period")).toHaveCount(3);
  await expect(page.getByTestId("wallet-balance")).toHaveText(sp(start + 900));
  await watcher.reload();
  await expect(watcher.getByRole("heading", { level: 1, name: user.fullName })).toBeVisible();
  await expect(watcher.getByLabel("Plus member")).toHaveCount(0);
});

test("a page with credited periods, loaded afresh, hydrates as the server drew it", async ({ context, baseURL }) => {
  // Decision 136: Chromium's Intl writes a range of days with plain spaces around the dash, Node's with
  // thin ones; a period drawn again in the browser did not match the server's page, and React threw
  // the whole page away (the run's fixture fails the test on the console errors that says so).
  const user = await createUser({ fullName: `Plus Reloader ${Math.random().toString(36).slice(2, 8)}` });
  await signInAs(context, user, baseURL!);
  const page = await context.newPage();
  await skipLocalOnboarding(page, user.uid);
  await page.setViewportSize(DESKTOP);
  await page.goto("/subscriptions");
  await page.getByTestId("plan-plus_monthly").getByRole("button").click();
  await page.getByRole("button", { name: /^Subscribe for/ }).click();
  await expect(page.getByTestId("subscription-status")).toHaveText("Active");

  await page.goto("/subscriptions");
  const period = page.getByTestId("credited-period").locator("td").nth(1);
  await expect(period.locator("time")).toHaveCount(2);
  await expect(period).toHaveText(/^\d{1,2} \w{3}.+\d{1,2} \w{3}( \d{4})?$/);
});
