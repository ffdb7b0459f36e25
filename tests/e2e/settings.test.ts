import { expect, test, type Browser, type Page } from "./support/test";
import { markAllRead } from "~/features/notifications/notifications.server";
import { setSkills } from "~/features/skills/skills.server";
import { toSkill } from "~/features/skills/tags";
import { randomUUID } from "node:crypto";
import { createUser, openAs, PASSWORD, type TestUser } from "./support/fixtures";
import { mainNavigation } from "./support/navigation";
import { e2eStore } from "./support/store";

/**
 * /settings: the password and the timezone, notification choices that really stop the bell, and deleting
 * one's account (signed out, cannot sign in, gone from other members' matches).
 */

const skill = (label: string, level: "beginner" | "expert") => toSkill(label, level)!;

async function member(fullName: string, teaches: string[], learns: string[]): Promise<TestUser> {
  const user = await createUser({ fullName });
  await setSkills(
    e2eStore(),
    user.uid,
    teaches.map((s) => skill(s, "expert")),
    learns.map((s) => skill(s, "beginner")),
  );
  // The welcome bonus notice is read, so the bell starts empty.
  await markAllRead(e2eStore(), user.uid);
  return user;
}

const open = (browser: Browser, user: TestUser, baseURL: string, path: string) =>
  openAs(browser, user, baseURL, { path, viewport: { width: 1280, height: 800 } });

const bellBadge = (page: Page) => page.getByTestId("bell-badge");
const chatDot = (page: Page) => mainNavigation(page).getByTestId("chat-dot");

test("name and bio have one home, the profile, with its rules; settings points there", async ({ browser, baseURL }) => {
  const user = await member(`Old Name ${randomUUID().slice(0, 6)}`, [], []);
  const page = await open(browser, user, baseURL!, "/settings");
  await expect(page.getByLabel("Full name")).toHaveCount(0);
  await page.getByRole("link", { name: "your profile" }).click();
  await page.waitForURL(/\/profile$/);
  await page.getByLabel("Full name").fill(" x ");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Enter at least 2 characters.")).toBeVisible();
  const renamed = `New Name ${randomUUID().slice(0, 6)}`;
  await page.getByLabel("Full name").fill(`  ${renamed}  `);
  await page.getByLabel("Bio").fill("I teach knots.");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Your profile was saved.")).toBeVisible();
  expect((await e2eStore().get(`users/${user.uid}`))?.data).toMatchObject({ fullName: renamed, bio: "I teach knots." });
});

test("changing the password keeps this device signed in, signs out the others, and only the new password works", async ({
  browser,
  baseURL,
}) => {
  const user = await member(`Pat Password ${randomUUID().slice(0, 6)}`, [], []);
  const page = await open(browser, user, baseURL!, "/settings");
  const elsewhere = await open(browser, user, baseURL!, "/dashboard");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Change password" }) });

  await form.getByLabel("Current password").fill("not my password");
  await form.getByLabel("New password", { exact: true }).fill("a fresh long passphrase");
  await form.getByLabel("Repeat the new password").fill("a fresh long passphrase");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your current password is incorrect.").first()).toBeVisible();

  await form.getByLabel("Current password").fill(PASSWORD);
  await form.getByLabel("New password", { exact: true }).fill("a fresh long passphrase");
  await form.getByLabel("Repeat the new password").fill("a fresh long passphrase");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password was changed. Other devices have been signed out.")).toBeVisible();

  await page.goto("/wallet");
  await expect(page).toHaveURL(/\/wallet$/);
  await elsewhere.goto("/wallet");
  await expect(elsewhere).toHaveURL(/\/auth\?redirectTo=%2Fwallet/);
  await elsewhere.getByLabel("Email").fill(user.email);
  await elsewhere.getByLabel("Password").fill(PASSWORD);
  await elsewhere.getByRole("button", { name: "Sign in" }).click();
  await expect(elsewhere.getByText("Email or password is incorrect.")).toBeVisible();
  await elsewhere.getByLabel("Password").fill("a fresh long passphrase");
  await elsewhere.getByRole("button", { name: "Sign in" }).click();
  await elsewhere.waitForURL(/\/wallet$/);
  await expect(elsewhere.getByRole("heading", { name: "Wallet", level: 1 })).toBeVisible();
});

test("the timezone chosen in settings is the one session times are shown in", async ({ browser, baseURL }) => {
  const user = await member(`Tim Zone ${randomUUID().slice(0, 6)}`, [], []);
  const page = await open(browser, user, baseURL!, "/settings");
  await page.getByLabel("Timezone", { exact: true }).selectOption("Asia/Tokyo");
  await page.getByRole("button", { name: "Save timezone" }).click();
  await expect(page.getByText("Your timezone was saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Timezone", { exact: true })).toHaveValue("Asia/Tokyo");
  expect((await e2eStore().get(`users/${user.uid}`))?.data.timezone).toBe("Asia/Tokyo");
  await page.goto("/calendar");
  await expect(page.getByText("Your sessions and availability. Times are shown in Asia/Tokyo.")).toBeVisible();
});

test("with messages turned off, a new conversation adds no bell badge", async ({ browser, baseURL }) => {
  const quiet = await member(`Quinn Quiet ${randomUUID().slice(0, 6)}`, [], []);
  const sender = await member(`Sasha Sender ${randomUUID().slice(0, 6)}`, [], []);
  const q = await open(browser, quiet, baseURL!, "/settings");
  // The bell-and-e-mail choices, not the push column's checkboxes of the same categories.
  const bellChoices = q.locator("form").filter({ has: q.getByRole("button", { name: "Save notification choices" }) });
  await bellChoices.getByRole("checkbox", { name: /Messages/ }).uncheck();
  await expect(bellChoices.getByRole("checkbox", { name: /Wallet and top-ups/ })).toBeDisabled();
  await q.getByRole("button", { name: "Save notification choices" }).click();
  await expect(q.getByText("Your notification choices were saved.")).toBeVisible();
  await expect(bellChoices.getByRole("checkbox", { name: /Messages/ })).not.toBeChecked();
  await expect(bellBadge(q)).toHaveCount(0);

  const s = await open(browser, sender, baseURL!, `/members/${quiet.uid}`);
  await s.getByRole("button", { name: `Message \u2068${quiet.fullName}\u2069` }).click();
  await s.getByRole("textbox", { name: "Message" }).fill("Hi Quinn!");
  await s.getByRole("button", { name: "Send", exact: true }).click();
  await expect(s.getByTestId("message")).toHaveCount(1);

  // The message itself arrives live (the Chat dot), but the bell stays quiet.
  await expect(chatDot(q)).toBeVisible();
  await q.reload();
  await expect(chatDot(q)).toBeVisible();
  await expect(bellBadge(q)).toHaveCount(0);
  expect(
    await e2eStore().query({ collection: `notifications/${quiet.uid}/messages`, where: [["type", "==", "message"]] }),
  ).toEqual([]);
});

test("deleting an account signs out, blocks sign-in and hides the member", async ({ browser, baseURL }) => {
  const id = randomUUID().slice(0, 6);
  const leaver = await member(`Lena Leaving ${id}`, [`Spanish ${id}`], []);
  const stayer = await member(`Stan Staying ${id}`, [], [`Spanish ${id}`]);
  const s = await open(browser, stayer, baseURL!, "/matches");
  await expect(s.getByRole("article", { name: leaver.fullName, exact: true })).toBeVisible();

  const page = await open(browser, leaver, baseURL!, "/settings");
  await page.getByRole("button", { name: "Delete account…" }).click();
  await page.getByLabel("Type DELETE or your email to confirm").fill("delete me");
  await page.getByLabel("Your password").fill(leaver.password);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Type DELETE or your email to confirm.").first()).toBeVisible();
  await page.getByLabel("Type DELETE or your email to confirm").fill("DELETE");
  await page.getByLabel("Your password").fill("not my password");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Your password is incorrect.").first()).toBeVisible();
  await page.getByLabel("Type DELETE or your email to confirm").fill(leaver.email);
  await page.getByLabel("Your password").fill(leaver.password);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await page.waitForURL(/\/auth$/);
  await expect(page.getByText("Your account was deleted.")).toBeVisible();

  await page.getByLabel("Email", { exact: true }).fill(leaver.email);
  await page.getByLabel("Password", { exact: true }).fill(leaver.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Email or password is incorrect.")).toBeVisible();

  await s.reload();
  await expect(s.getByRole("article", { name: leaver.fullName, exact: true })).toHaveCount(0);
  expect((await s.request.get(`/members/${leaver.uid}`)).status()).toBe(404);
});
