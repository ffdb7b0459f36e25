import { expect, test } from "./support/test";
import { PASSWORD, uniqueEmail } from "./support/fixtures";
import { useSmtpApp } from "./support/smtp-app";

/**
 * Real mail: a production server of its own, configured with SMTP_URL pointing at a local SMTP
 * server, mails a password reset; the test reads the message the SMTP server received, follows
 * its link in the browser and signs in with the new password.
 */

const app = useSmtpApp("skillswap-smtp-e2e-");

test("a password reset arrives by SMTP and its link sets the new password", async ({ browser }) => {
  const { origin, inbox } = app();
  const email = uniqueEmail("smtp");
  const newPassword = `new ${PASSWORD} ${Date.now()}`;

  const signUp = await browser.newPage();
  await signUp.goto(`${origin}/signup`);
  await signUp.getByLabel("Email").fill(email);
  await signUp.getByLabel("Password").fill(PASSWORD);
  await signUp.getByRole("button", { name: "Create account" }).click();
  await signUp.waitForURL(/\/profile-setup/);
  await signUp.context().close();

  const page = await browser.newPage();
  await page.goto(`${origin}/reset-password`);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

  // Sign-up mailed the verification link first; the reset is the second message, sent once.
  const resets = () => inbox.to(email).filter((m) => m.subject === "Reset your SkillSwap password");
  await expect.poll(() => resets().length).toBe(1);
  expect(inbox.to(email).map((m) => m.subject)).toEqual([
    "Verify your SkillSwap email",
    "Reset your SkillSwap password",
  ]);
  const mail = resets()[0]!;
  const link = /https?:\/\/\S+oobCode=\S+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  expect(new URL(link!).origin).toBe(origin);
  expect(mail.html).toContain("oobCode=");

  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Repeat the new password").fill(newPassword);
  await page.getByRole("button", { name: "Save new password" }).click();
  await page.waitForURL((url) => url.pathname === "/auth");

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(newPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/profile-setup");
  await page.context().close();
});
