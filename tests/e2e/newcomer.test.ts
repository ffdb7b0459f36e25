import { chromium } from "@playwright/test";
import { expect, test } from "./support/test";
import { CHROMIUM_ARGS } from "../support/browser";
import { findChromium } from "../../scripts/find-chromium.mjs";
import { createUser, openAs, signInAs, skipLocalOnboarding, uniqueEmail, PASSWORD } from "./support/fixtures";
import { LONG_URL } from "./support/hostile";
import { e2eStore } from "./support/store";
import { openChat } from "~/features/chat/chat.server";

/** The small things a newcomer noticed (issue 17), each checked from the member's side. */

test("a long URL in a chat message wraps, is a link, and the Send button stays on screen", async ({
  browser,
  baseURL,
}) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const ana = await createUser({ fullName: `Ana Link ${suffix}` });
  const ben = await createUser({ fullName: `Ben Link ${suffix}` });
  const chatId = await openChat(e2eStore(), ana.uid, ben.uid);
  const page = await openAs(browser, ana, baseURL!, {
    path: `/inbox/${chatId}`,
    viewport: { width: 390, height: 844 },
  });
  await page.getByLabel("Message", { exact: true }).fill(`look at ${LONG_URL}`);
  await page.getByRole("button", { name: "Send" }).click();
  const link = page.getByTestId("message").getByRole("link", { name: LONG_URL });
  await expect(link).toHaveAttribute("href", LONG_URL);
  await expect(link).toHaveAttribute("rel", /noopener/);
  const send = await page.getByRole("button", { name: "Send" }).boundingBox();
  expect(send!.x + send!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("after Log Out, the Back button does not show the private page again", async ({ baseURL }) => {
  // Playwright turns the back/forward cache off by default; a member's browser has it on.
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: CHROMIUM_ARGS,
    ignoreDefaultArgs: ["--disable-back-forward-cache"],
  });
  try {
    const user = await createUser({ fullName: `Bea Private ${Math.random().toString(36).slice(2, 8)}` });
    const context = await browser.newContext();
    await signInAs(context, user, baseURL!);
    const page = await context.newPage();
    await skipLocalOnboarding(page, user.uid);
    // Two page loads, so that Back after signing out returns to another document: the one the
    // back/forward cache would restore with the member's name and balance.
    await page.goto(`${baseURL}/dashboard`);
    await expect(page.getByTestId("wallet-balance")).toHaveText("200 SP");
    await page.goto(`${baseURL}/wallet`);
    await expect(page.getByTestId("wallet-balance")).toHaveText("200 SP");
    await page.locator('[data-tour="profile-menu"]').click();
    await page.getByRole("menuitem", { name: "Log Out" }).click();
    await page.waitForURL(/\/auth/);
    await page.goBack({ waitUntil: "commit" });
    await expect(page).toHaveURL(/\/auth/);
    await expect(page.getByTestId("wallet-balance")).toHaveCount(0);
    await expect(page.getByText(user.fullName)).toHaveCount(0);
  } finally {
    await browser.close();
  }
});

test("signing up with a taken email answers 'check your email' once, without saying the account exists", async ({
  page,
}) => {
  const taken = await createUser();
  await page.goto("/signup");
  await page.getByLabel("Email").fill(taken.email);
  await page.getByLabel("Password").fill(`${PASSWORD} but wrong`);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toHaveCount(1);
  await expect(page.getByText(`We sent a message to ${taken.email}.`)).toBeVisible();
  await expect(page.getByText(/already exists/)).toHaveCount(0);
});

test("a wrong confirmation on the delete-account form says so once", async ({ browser, baseURL }) => {
  const user = await createUser({ email: uniqueEmail("leaver") });
  const page = await openAs(browser, user, baseURL!, { path: "/settings" });
  await page.getByRole("button", { name: "Delete account…" }).click();
  await page.getByLabel("Type DELETE or your email to confirm").fill("nope");
  await page.getByLabel("Your password").fill(PASSWORD);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Type DELETE or your email to confirm.")).toHaveCount(1);
  expect((await e2eStore().get(`users/${user.uid}`))?.data.deleted).not.toBe(true);
});

test("the share image has an absolute URL on every page", async ({ page, baseURL }) => {
  for (const path of ["/", "/auth", "/signup"]) {
    await page.goto(path);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", `${baseURL}/og-image.png`);
    await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute("content", `${baseURL}/og-image.png`);
  }
});
