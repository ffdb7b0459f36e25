/**
 * Firebase mode end to end, in Chromium: the production build with BACKEND=firebase, the
 * firebase-tools Auth emulator (the browser's client SDK signs up, signs in and resets passwords
 * against it) and Google's Cloud Firestore emulator with the project's rules (firebase-admin on the
 * server writes profiles, wallets and the welcome bonus to it; the browser's SDK listens to it).
 * Decision 032.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./test";
import { createAccount, lookUpAccount, PASSWORD, signIn, uniqueEmail, verificationCode } from "./accounts";
import { latestResetCode, readEmulators, verificationLinks } from "./emulators";

const walletBalance = (page: Page) => page.getByTestId("wallet-balance");
const tooltip = (page: Page) => page.locator(".react-joyride__tooltip");

/** Signs up through the form (the client SDK creates the account) and lands on /profile-setup. */
async function signUp(page: Page, email: string): Promise<void> {
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/profile-setup/);
}

/** Resolves once the browser's Firestore SDK has opened its listen channel to the emulator. */
function firestoreListenerAnswered(page: Page): Promise<unknown> {
  const { firestore } = readEmulators();
  return page.waitForResponse(
    (response) => response.url().includes(`${firestore}/google.firestore.v1.Firestore/Listen/channel`) && response.ok(),
    { timeout: 30_000 },
  );
}

test("sign up, name, dashboard with the server's welcome bonus, log out, sign in again", async ({ page }) => {
  const email = uniqueEmail("firebase");
  await signUp(page, email);

  await page.getByLabel("Full name").fill("Ada Firebase");
  await page.getByRole("button", { name: "Skip skills and continue to your dashboard" }).click();
  await page.waitForURL(/\/dashboard$/);

  // A full page load: the first byte already holds the balance the server read from Firestore.
  const listenerAnswered = firestoreListenerAnswered(page);
  const response = await page.goto("/dashboard");
  expect(await response!.text()).toMatch(/data-testid="wallet-balance"[^>]*>200 SP</);
  await expect(walletBalance(page)).toHaveText("200 SP");
  // The live islands then load the SDK, sign in with the server's custom token and listen.
  await listenerAnswered;
  await expect(walletBalance(page)).toHaveText("200 SP");

  // Onboarding on Firebase: the tour, then the welcome bonus read from Firestore.
  await tooltip(page).getByRole("button", { name: "Skip" }).click();
  const modal = page.getByRole("dialog", { name: "Welcome to SkillSwap!" });
  await expect(modal).toContainText("200");
  await modal.getByRole("button", { name: "Awesome!" }).click();
  await expect(modal).toBeHidden();

  await page.locator('[data-tour="profile-menu"]').click();
  await page.getByRole("menuitem", { name: "Log Out" }).click();
  await page.waitForURL(/\/auth$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fdashboard$/);

  await signIn(page, email, PASSWORD);
  await page.waitForURL(/\/dashboard$/);
  await expect(page.locator('[data-tour="profile-menu"]')).toContainText("Ada Firebase");
  await expect(walletBalance(page)).toHaveText("200 SP");
  // Onboarding was recorded on the profile: a later visit shows neither the tour nor the modal
  // (once the island has decided what to show).
  await expect(page.getByTestId("onboarding-decisions")).toHaveAttribute("data-count", "1");
  await expect(tooltip(page)).toHaveCount(0);
  await expect(modal).toHaveCount(0);
});

test("password reset through the Auth emulator's e-mailed code", async ({ page }) => {
  const email = uniqueEmail("reset");
  await createAccount(email);
  const newPassword = "a brand new passphrase";

  await page.goto("/reset-password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

  const link = `/auth/action?mode=resetPassword&oobCode=${encodeURIComponent(await latestResetCode(email))}`;
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expect(page.getByText(`For ${email}`)).toBeVisible();

  // The same validation as the embedded form, checked in the browser before Firebase is asked.
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Repeat the new password").fill("something else entirely");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("The two passwords do not match.")).toBeVisible();

  await page.getByLabel("Repeat the new password").fill(newPassword);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByRole("heading", { name: "Your password was changed" })).toBeVisible();
  await page.getByRole("link", { name: "Sign in" }).click();
  await page.waitForURL(/\/auth$/);

  await signIn(page, email, PASSWORD);
  await expect(page.getByText("Email or password is incorrect.")).toBeVisible();
  await signIn(page, email, newPassword);
  // Signed in: the account has no name yet, so the guard asks for one.
  await page.waitForURL(/\/profile-setup/);

  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This link can't be used" })).toBeVisible();
  await expect(page.getByText("This link has already been used or is not valid. Ask for a new one.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/reset-password");
});

test("an email verification link verifies the address", async ({ page }) => {
  const email = uniqueEmail("verify");
  const { idToken } = await createAccount(email);
  const code = await verificationCode(email, idToken);

  await page.goto(`/auth/action?mode=verifyEmail&oobCode=${encodeURIComponent(code)}`);
  await expect(page.getByRole("heading", { name: "Your email is verified" })).toBeVisible();

  const { users } = await lookUpAccount(idToken);
  expect(users[0]?.emailVerified).toBe(true);
});

test("sign-up mails a verification link to this app; Settings sends another; the link verifies the address", async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail("resend");
  await signUp(page, email);
  await expect(page.getByText("We sent a link to this address to verify it.")).toBeVisible();
  await expect.poll(() => verificationLinks(email)).toHaveLength(1);
  await page.getByLabel("Full name").fill("Vera Firebase");
  await page.getByRole("button", { name: "Skip skills and continue to your dashboard" }).click();
  await page.waitForURL(/\/dashboard$/);

  await page.goto("/settings");
  const notice = page.getByTestId("email-not-verified");
  await expect(notice).toContainText("Your email is not verified yet.");
  await notice.getByRole("button", { name: "Send the link again" }).click();
  await expect(page.getByText(`We sent a new verification link to ${email}.`)).toBeVisible();
  const links = await verificationLinks(email);
  expect(links).toHaveLength(2);
  for (const link of links)
    expect(link).toMatch(new RegExp(`^${baseURL}/auth/action\\?mode=verifyEmail&oobCode=[\\w-]+$`));

  // The newest link opens this app's page, which applies it in the browser and tells the server.
  await page.goto(links[1]!);
  await expect(page.getByRole("heading", { name: "Your email is verified" })).toBeVisible();
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  await expect(page.getByTestId("email-not-verified")).toHaveCount(0);
});

test("the e-mail link page shows Loading… while the client SDK checks the code", async ({ page }) => {
  // Hold the SDK chunk back so the placeholder can be seen, then let it through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let chunkRequested = false;
  await page.route(/\/build\/.*email-action.*\.js$/, async (route) => {
    chunkRequested = true;
    await held;
    await route.continue();
  });
  await page.goto("/auth/action?mode=resetPassword&oobCode=not-a-real-code");
  // The flash toast region is a status too; the placeholder is the one that says Loading….
  const placeholder = page.getByRole("status").filter({ hasText: "Loading…" });
  await expect(placeholder).toHaveText("Loading…");
  await expect.poll(() => chunkRequested, { message: "the client SDK's chunk was held back" }).toBe(true);
  await expect(placeholder).toHaveText("Loading…");
  release();
  await expect(page.getByRole("heading", { name: "This link can't be used" })).toBeVisible();
  await expect(placeholder).toHaveCount(0);
});
