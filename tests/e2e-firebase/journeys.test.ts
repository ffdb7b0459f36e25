/**
 * The product's core journeys in Firebase mode, beside the embedded suite's (issue 27): a top-up
 * through Stripe's checkout and its signed webhook (stripe-checkout.ts; the test checkout never
 * runs on Firebase), matches, a forum thread and its reply, an admin's adjustment, and account
 * deletion, on Google's Firestore emulator and the Auth emulator. Sign-up with verification,
 * profile setup, the tour and the welcome bonus are in firebase-mode.test.ts; chat, calendar and a
 * booking's hold and release in session-room.test.ts and live-islands.test.ts.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import type { DocStore } from "~/engine/store/types";
import { markAllRead } from "~/features/notifications/notifications.server";
import { setSkills } from "~/features/skills/skills.server";
import { toSkill } from "~/features/skills/tags";
import { getBalance } from "~/features/wallet/ledger.server";
import { reconcileAll } from "~/features/wallet/reconcile.server";
import { lookUpAccountByEmail, PASSWORD, signIn } from "./accounts";
import { emulatorStore, readEmulators } from "./emulators";
import { createMember, openAs, type Member } from "./members";
import { expect, test } from "./test";

let store: DocStore;
test.beforeAll(async () => {
  store = await emulatorStore();
});
test.afterEach(async () => {
  expect((await reconcileAll(store)).failures).toEqual([]);
});
test.afterAll(async () => {
  await store.close();
});

/** A member who teaches and learns these skills, the welcome notice read. */
async function member(fullName: string, teaches: string[] = [], learns: string[] = []): Promise<Member> {
  const who = await createMember(store, fullName);
  await setSkills(
    store,
    who.uid,
    teaches.map((s) => toSkill(s, "expert")!),
    learns.map((s) => toSkill(s, "beginner")!),
  );
  await markAllRead(store, who.uid);
  return who;
}

const balance = (page: Page) => page.getByTestId("wallet-balance");
const post = (page: Page, text: string) => page.getByTestId("post").filter({ hasText: text });

test("a top-up goes through Stripe's checkout; its signed webhook credits the wallet, live in the header", async ({
  browser,
  baseURL,
}) => {
  const buyer = await member(`Tia Topup ${randomUUID().slice(0, 6)}`);
  const page = await openAs(browser, buyer, baseURL!);
  await page.goto("/dashboard");
  await expect(balance(page)).toHaveText("200 SP");
  const watcher = await page.context().newPage();
  await watcher.goto("/wallet");
  await expect(watcher.getByTestId("wallet-page-balance")).toHaveText("200 SP");

  await page.getByRole("button", { name: /^Wallet:/ }).click();
  await page.getByRole("dialog", { name: "Wallet" }).getByRole("button", { name: "Top up" }).click();
  await page.getByRole("dialog", { name: "Top up SP" }).getByTestId("pack-500").click();
  // Stripe's hosted page (the stand-in's), then back to the app's return page.
  await page.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\/pay\/cs_test_/);
  await expect(page.getByRole("heading", { name: "Pay 500 SP" })).toBeVisible();
  await page.getByRole("button", { name: "Pay 20.00 EUR" }).click();
  await page.waitForURL(/\/checkout\?status=success/);
  await expect(page.getByRole("heading", { name: "+500 SP added" })).toBeVisible();
  await expect(page.getByText("Your balance is now 700 SP.")).toBeVisible();
  expect(await getBalance(store, buyer.uid)).toBe(700);
  const payments = await store.query<{ uid: string; status: string; sp: number }>({
    collection: "payments",
    where: [["uid", "==", buyer.uid]],
  });
  expect(payments.map((p) => [p.data.status, p.data.sp])).toEqual([["paid", 500]]);

  // The other tab was never reloaded: its wallet listener brought the credit.
  await expect(watcher.getByTestId("wallet-balance")).toHaveText("700 SP", { timeout: 30_000 });
  await expect(watcher.getByTestId("wallet-history-row").first()).toContainText("+500 SP");
  await page.context().close();
});

test("matches, a forum thread and a reply between two members", async ({ browser, baseURL }) => {
  const id = randomUUID().slice(0, 6);
  const ana = await member(`Ana Potter ${id}`, [`Glazing ${id}`], [`Welding ${id}`]);
  const ben = await member(`Ben Welder ${id}`, [`Welding ${id}`], [`Glazing ${id}`]);

  const a = await openAs(browser, ana, baseURL!);
  await a.goto("/matches");
  await expect(a.getByRole("article", { name: ben.fullName, exact: true })).toBeVisible();

  await a.goto("/discuss");
  await a.getByLabel("Title").fill(`Kiln temperatures ${id}`);
  await a.getByLabel("Body").fill(`Which cone do you fire **stoneware** at, ${id}?`);
  await a.getByRole("button", { name: "Post thread" }).click();
  await a.waitForURL(/\/community\/[A-Za-z0-9_-]+$/);
  const threadPath = new URL(a.url()).pathname;
  await expect(post(a, "stoneware").locator("strong")).toHaveText("stoneware");

  const b = await openAs(browser, ben, baseURL!);
  await b.goto("/community");
  await b.getByRole("link", { name: `Kiln temperatures ${id}` }).click();
  await b.waitForURL(`**${threadPath}`);
  await b.getByLabel("Your reply").fill("Cone 6, *slowly*.");
  await b.getByRole("button", { name: "Reply", exact: true }).click();
  await expect(post(b, "Cone 6")).toBeVisible();
  // A sees it arrive without a reload (the thread's feed comes from the server, decision 018).
  await expect(post(a, "Cone 6").locator("em")).toHaveText("slowly");
  await expect(a.getByTestId("reply-count")).toHaveText("1 reply");
  await Promise.all([a.context().close(), b.context().close()]);
});

test("an admin adjusts a member's SP; the member's header shows it live and the audit log has it", async ({
  browser,
  baseURL,
}) => {
  const id = randomUUID().slice(0, 6);
  const admin = await member(`Ada Admin ${id}`);
  await grantAdmin(admin);
  const someone = await member(`Sam Member ${id}`);

  const memberPage = await openAs(browser, someone, baseURL!);
  await memberPage.goto("/dashboard");
  await expect(balance(memberPage)).toHaveText("200 SP");

  const adminPage = await openAs(browser, admin, baseURL!);
  await adminPage.goto(`/admin/members/${someone.uid}`);
  await expect(adminPage.getByTestId("admin-member-balance")).toHaveText("200 SP");
  await adminPage.getByLabel("Amount (SP)").fill("25");
  await adminPage.locator("#adjust-reason").fill("Compensation for a lost session");
  await adminPage.getByRole("button", { name: "Post adjustment" }).click();
  await expect(adminPage.getByText("Adjusted by 25 SP. The balance is now 225 SP.")).toBeVisible();
  expect(await getBalance(store, someone.uid)).toBe(225);
  await expect(balance(memberPage)).toHaveText("225 SP", { timeout: 30_000 });

  // The audit log, filtered by member: the adjustment with its reason.
  await adminPage.goto(`/admin/audit?subject=${someone.uid}`);
  const log = adminPage.getByRole("list", { name: "Admin actions, newest first" }).getByRole("listitem");
  await expect(log).toHaveCount(1);
  await expect(log.first()).toContainText("Compensation for a lost session");
  await Promise.all([adminPage.context().close(), memberPage.context().close()]);
});

test("deleting an account signs out, removes the sign-in and hides the member", async ({ browser, baseURL }) => {
  const id = randomUUID().slice(0, 6);
  const leaver = await member(`Lena Leaving ${id}`, [`Spanish ${id}`]);
  const stayer = await member(`Stan Staying ${id}`, [], [`Spanish ${id}`]);
  const s = await openAs(browser, stayer, baseURL!);
  await s.goto("/matches");
  await expect(s.getByRole("article", { name: leaver.fullName, exact: true })).toBeVisible();

  const page = await openAs(browser, leaver, baseURL!);
  await page.goto("/settings");
  await page.getByRole("button", { name: "Delete account…" }).click();
  // Firebase keeps passwords: the server asks only for the confirmation.
  await expect(page.getByLabel("Your password")).toHaveCount(0);
  await page.getByLabel("Type DELETE or your email to confirm").fill("delete me");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Type DELETE or your email to confirm.").first()).toBeVisible();
  await page.getByLabel("Type DELETE or your email to confirm").fill("DELETE");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await page.waitForURL(/\/auth$/);
  await expect(page.getByText("Your account was deleted.")).toBeVisible();
  expect(await lookUpAccountByEmail(leaver.email)).toBeUndefined();

  await signIn(page, leaver.email, PASSWORD);
  await expect(page.getByText("Email or password is incorrect.")).toBeVisible();
  await s.reload();
  await expect(s.getByRole("article", { name: leaver.fullName, exact: true })).toHaveCount(0);
  expect((await s.request.get(`/members/${leaver.uid}`)).status()).toBe(404);
  await Promise.all([page.context().close(), s.context().close()]);
});

/** The admin claim, set on the account in the Auth emulator as `npm run admin -- grant` does with firebase-admin. */
async function grantAdmin(who: Member): Promise<void> {
  const { auth, projectId } = readEmulators();
  const response = await fetch(
    `http://${auth}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "Bearer owner" },
      body: JSON.stringify({ localId: who.uid, customAttributes: JSON.stringify({ admin: true }) }),
    },
  );
  expect(response.ok, await response.clone().text()).toBe(true);
}
