import { expect, test, type Browser, type Page } from "./support/test";
import { markAllRead } from "~/features/notifications/notifications.server";
import { setSkills } from "~/features/skills/skills.server";
import { toSkill } from "~/features/skills/tags";
import { createUser, openAs, type TestUser } from "./support/fixtures";
import { e2eStore } from "./support/store";

/**
 * /settings: editing name and bio, notification choices that really stop the bell, and deleting
 * one's account (signed out, cannot sign in, gone from other members' matches).
 */

const skill = (label: string, level: "beginner" | "expert") => toSkill(label, level)!;

async function member(fullName: string, teaches: string[], learns: string[]): Promise<TestUser> {
  const user = await createUser({ fullName });
  await setSkills(e2eStore(), user.uid, teaches.map((s) => skill(s, "expert")), learns.map((s) => skill(s, "beginner")));
  // The welcome bonus notice is read, so the bell starts empty.
  await markAllRead(e2eStore(), user.uid);
  return user;
}

const open = (browser: Browser, user: TestUser, baseURL: string, path: string) => openAs(browser, user, baseURL, { path, viewport: { width: 1280, height: 800 } });

const bellBadge = (page: Page) => page.getByTestId("bell-badge");
const chatDot = (page: Page) => page.getByTestId("sidebar").getByTestId("chat-dot");

test("name and bio are edited with the profile's rules", async ({ browser, baseURL }) => {
  const user = await member("Old Name", [], []);
  const page = await open(browser, user, baseURL!, "/settings");
  await page.getByLabel("Full name").fill(" x ");
  await page.getByRole("button", { name: "Save name and bio" }).click();
  await expect(page.getByText("Enter at least 2 characters.")).toBeVisible();
  await page.getByLabel("Full name").fill("  New Name  ");
  await page.getByLabel("Bio").fill("I teach knots.");
  await page.getByRole("button", { name: "Save name and bio" }).click();
  await expect(page.getByText("Your name and bio were saved.")).toBeVisible();
  expect((await e2eStore().get(`users/${user.uid}`))?.data).toMatchObject({ fullName: "New Name", bio: "I teach knots." });
});

test("with messages turned off, a new conversation adds no bell badge", async ({ browser, baseURL }) => {
  const quiet = await member("Quinn Quiet", [], []);
  const sender = await member("Sasha Sender", [], []);
  const q = await open(browser, quiet, baseURL!, "/settings");
  await q.getByRole("checkbox", { name: /Messages/ }).uncheck();
  await expect(q.getByRole("checkbox", { name: /Wallet and top-ups/ })).toBeDisabled();
  await q.getByRole("button", { name: "Save notification choices" }).click();
  await expect(q.getByText("Your notification choices were saved.")).toBeVisible();
  await expect(q.getByRole("checkbox", { name: /Messages/ })).not.toBeChecked();
  await expect(bellBadge(q)).toHaveCount(0);

  const s = await open(browser, sender, baseURL!, `/members/${quiet.uid}`);
  await s.getByRole("button", { name: `Message ${quiet.fullName}` }).click();
  await s.getByRole("textbox", { name: "Message" }).fill("Hi Quinn!");
  await s.getByRole("button", { name: "Send", exact: true }).click();
  await expect(s.getByTestId("message")).toHaveCount(1);

  // The message itself arrives live (the Chat dot), but the bell stays quiet.
  await expect(chatDot(q)).toBeVisible();
  await q.reload();
  await expect(chatDot(q)).toBeVisible();
  await expect(bellBadge(q)).toHaveCount(0);
  expect(await e2eStore().query({ collection: `notifications/${quiet.uid}/messages`, where: [["type", "==", "message"]] })).toEqual([]);
});

test("deleting an account signs out, blocks sign-in and hides the member", async ({ browser, baseURL }) => {
  const leaver = await member("Lena Leaving", ["Spanish"], []);
  const stayer = await member("Stan Staying", [], ["Spanish"]);
  const s = await open(browser, stayer, baseURL!, "/matches");
  await expect(s.getByTestId("match-card").filter({ hasText: leaver.fullName })).toBeVisible();

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

  await page.getByLabel("Email").fill(leaver.email);
  await page.getByLabel("Password").fill(leaver.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Email or password is incorrect.")).toBeVisible();

  await s.reload();
  await expect(s.getByTestId("match-card").filter({ hasText: leaver.fullName })).toHaveCount(0);
  expect((await s.request.get(`/members/${leaver.uid}`)).status()).toBe(404);
});
