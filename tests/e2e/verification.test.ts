/**
 * Decision 024: a new member has the 200 SP at once and a verification link in their mail; until
 * they open it, their account carries the bonus hold and Settings says so; the link's button
 * verifies the address and lifts the hold.
 */
import { expect, test } from "./support/test";
import { signUpViaUi } from "./support/fixtures";
import { e2eStore, uidOf } from "./support/store";

async function verificationLink(email: string): Promise<string> {
  const mails = await e2eStore().query<{ subject: string; link: string }>({
    collection: "outbox",
    where: [["to", "==", email]],
  });
  const mail = mails.find((m) => m.data.subject === "Verify your SkillSwap email");
  expect(mail, "a verification mail in the outbox").toBeTruthy();
  return mail!.data.link;
}

test("a new member verifies their email through the link, and the bonus hold goes", async ({ page }) => {
  const { email } = await signUpViaUi(page, { fullName: "Vera Verify" });
  const uid = (await uidOf(email))!;
  expect((await e2eStore().get(`wallets/${uid}`))?.data.balance).toBe(200);
  expect(await e2eStore().get(`unverified_accounts/${uid}`)).not.toBeNull();

  await page.goto("/settings");
  const notice = page.getByTestId("email-not-verified");
  await expect(notice).toContainText("Your email is not verified yet.");

  const link = await verificationLink(email);
  expect(link).toMatch(/\/auth\/action\?mode=verifyEmail&oobCode=[A-Za-z0-9_-]{43}$/);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Verify your email" })).toBeVisible();
  // Opening the link alone verifies nothing (mail scanners open links).
  expect(await e2eStore().get(`unverified_accounts/${uid}`)).not.toBeNull();
  await page.getByRole("button", { name: "Verify my email" }).click();
  await expect(page.getByRole("heading", { name: "Your email is verified" })).toBeVisible();
  expect(await e2eStore().get(`unverified_accounts/${uid}`)).toBeNull();

  await page.getByRole("link", { name: "Continue to SkillSwap" }).click();
  await page.waitForURL(/\/dashboard/);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  await expect(page.getByTestId("email-not-verified")).toHaveCount(0);
  expect((await e2eStore().get(`wallets/${uid}`))?.data.balance).toBe(200);

  // The link works once.
  await page.goto(link);
  await page.getByRole("button", { name: "Verify my email" }).click();
  await expect(page.getByText("This verification link has expired, was already used or is not valid.")).toBeVisible();
});

test("Settings sends a new verification link to an unverified member", async ({ page }) => {
  const { email } = await signUpViaUi(page, { fullName: "Resend Rita" });
  await page.goto("/settings");
  await page.getByRole("button", { name: "Send the link again" }).click();
  await expect(page.getByText(`We sent a new verification link to ${email}.`)).toBeVisible();
  const mails = await e2eStore().query<{ subject: string }>({ collection: "outbox", where: [["to", "==", email]] });
  expect(mails.filter((m) => m.data.subject === "Verify your SkillSwap email")).toHaveLength(2);
});
