import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "./support/test";
import { saveAvailability, saveRates } from "../../app/features/bookings/teaching.server";
import type { BookingDoc } from "../../app/features/bookings/types";
import { reconcileAll } from "../../app/features/wallet/reconcile.server";
import { openChat, sendMessage } from "../../app/features/chat/chat.server";
import { createUser, openAs, PASSWORD, type TestUser } from "./support/fixtures";
import { e2eStore } from "./support/store";

/**
 * The back office end to end: an admin granted from the command line sees the figures, suspends
 * and reinstates a member who is signed in elsewhere, adjusts SP (the member's header updates
 * live), resolves a dispute raised through the real booking flow, and finds every action in the
 * audit log and its CSV export. Everyone else gets a 404 for every admin route.
 */

const run = randomUUID().slice(0, 6);
const balance = (page: Page) => page.getByTestId("wallet-balance");

function adminCli(baseURL: string, ...args: string[]) {
  return spawnSync(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args], {
    env: {
      ...process.env,
      DATA_DIR: process.env.E2E_DATA_DIR!,
      NODE_ENV: "production",
      BACKEND: "embedded",
      PUBLIC_URL: baseURL,
    },
    encoding: "utf8",
  });
}

async function grantedAdmin(baseURL: string): Promise<TestUser> {
  const admin = await createUser({ fullName: `Ada Admin ${run}` });
  const granted = adminCli(baseURL, "grant", admin.email);
  expect(granted.stderr).toBe("");
  expect(granted.stdout).toContain(`${admin.email} is now an admin`);
  return admin;
}

test.afterEach(async () => {
  expect((await reconcileAll(e2eStore())).failures).toEqual([]);
});

test("an admin suspends and reinstates a member, adjusts SP live, and finds it all in the audit log", async ({
  browser,
  baseURL,
}) => {
  const admin = await grantedAdmin(baseURL!);
  const member = await createUser({ fullName: `Sam Suspended ${run}` });
  const adminPage = await openAs(browser, admin, baseURL!, { path: "/admin" });
  const memberPage = await openAs(browser, member, baseURL!, { path: "/dashboard" });

  await expect(adminPage.getByRole("heading", { name: "The community at a glance" })).toBeVisible();
  await expect(adminPage.getByText("Equal to the balances: the ledger reconciles.")).toBeVisible();

  // Find the member by name and open their page.
  await adminPage.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Members" }).click();
  await adminPage.getByLabel("Search by name or e-mail").fill(`Sam Suspended ${run}`);
  await adminPage.getByRole("button", { name: "Search" }).click();
  await adminPage.getByRole("link", { name: `Sam Suspended ${run}` }).click();
  await expect(adminPage.getByTestId("admin-member-balance")).toHaveText("200 SP");

  // Adjust: the member's header shows it without a reload.
  await expect(balance(memberPage)).toHaveText("200 SP");
  await adminPage.getByLabel("Amount (SP)").fill("25");
  await adminPage.locator("#adjust-reason").fill("Compensation for a lost session");
  await adminPage.getByRole("button", { name: "Post adjustment" }).click();
  await expect(adminPage.getByText("Adjusted by 25 SP. The balance is now 225 SP.")).toBeVisible();
  await expect(balance(memberPage)).toHaveText("225 SP");

  // A debit below zero is refused with a message, and changes nothing.
  await adminPage.getByLabel("Amount (SP)").fill("-1000");
  await adminPage.locator("#adjust-reason").fill("Too much");
  await adminPage.getByRole("button", { name: "Post adjustment" }).click();
  await expect(adminPage.getByRole("alert")).toContainText(
    "The balance is 225 SP: a debit of 1000 SP would take it below zero.",
  );
  await expect(adminPage.getByTestId("admin-member-balance")).toHaveText("225 SP");

  // Suspend: the member's sessions end, so their next request lands on /auth, told why; signing in again is refused.
  await adminPage.locator("#suspend-reason").fill("Repeated spam in chats.");
  await adminPage.getByRole("button", { name: "Suspend member" }).click();
  await expect(adminPage.getByText(/^Suspended on .*: Repeated spam in chats\.$/)).toBeVisible();
  await memberPage.goto("/matches");
  await expect(memberPage).toHaveURL(/\/auth\?redirectTo=%2Fmatches/);
  await expect(memberPage.getByText("Your account is suspended", { exact: true })).toBeVisible();
  await expect(memberPage.getByText(/^Repeated spam in chats\. If you think this is a mistake/)).toBeVisible();
  await memberPage.getByLabel("Email").fill(member.email);
  await memberPage.getByLabel("Password").fill(PASSWORD);
  await memberPage.getByRole("button", { name: "Sign in" }).click();
  await expect(memberPage.getByText("Your account is suspended: Repeated spam in chats.")).toBeVisible();
  await expect(memberPage).toHaveURL(/\/auth/);
  // Hidden from member pages while suspended.
  expect((await adminPage.request.get(`/members/${member.uid}`)).status()).toBe(404);

  // Reinstate: signing in works again.
  await adminPage.locator("#suspend-reason").fill("Appeal accepted.");
  await adminPage.getByRole("button", { name: "Reinstate member" }).click();
  await expect(adminPage.getByText("The member is reinstated and can sign in again.")).toBeVisible();
  await memberPage.getByLabel("Password").fill(PASSWORD);
  await memberPage.getByRole("button", { name: "Sign in" }).click();
  await memberPage.waitForURL(/\/matches/);
  await expect(balance(memberPage)).toHaveText("225 SP");

  // The audit log lists every action, newest first, and exports them as CSV.
  await adminPage.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Audit log" }).click();
  await adminPage.getByLabel("Member id").fill(member.uid);
  await adminPage.getByRole("button", { name: "Filter" }).click();
  const log = adminPage.getByRole("list", { name: "Admin actions, newest first" }).getByRole("listitem");
  await expect(log).toHaveCount(3);
  await expect(log.nth(0)).toContainText("Reinstated a member");
  await expect(log.nth(1)).toContainText("Repeated spam in chats.");
  await expect(log.nth(2)).toContainText("Compensation for a lost session");
  const csv = await adminPage.request.get(`/admin/audit.csv?subject=${member.uid}`);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines[0]).toBe("at,action,actor,member,target,reason,before,after,id");
  expect(lines.slice(1).map((line) => line.split(",")[1])).toEqual([
    "member.adjust_sp",
    "member.suspend",
    "member.reinstate",
  ]);
});

test("an admin resolves a dispute raised through the real booking flow; both wallets and notifications follow", async ({
  browser,
  baseURL,
}) => {
  const admin = await grantedAdmin(baseURL!);
  const mentor = await createUser({
    fullName: `Mina Mentor ${run}`,
    profile: { timezone: "UTC", skillsOffered: [{ tag: "spanish", label: "Spanish", level: "expert" }] },
  });
  const learner = await createUser({ fullName: `Lou Learner ${run}`, profile: { timezone: "UTC" } });
  await saveAvailability(e2eStore(), mentor.uid, {
    timezone: "UTC",
    weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "00:00", end: "24:00" })),
    exceptions: [],
  });
  await saveRates(e2eStore(), mentor.uid, { spanish: 40 });

  const learnerPage = await openAs(browser, learner, baseURL!, { path: `/calendar?book=${mentor.uid}` });
  const panel = learnerPage.getByRole("region", { name: `Book a session with ${mentor.fullName}` });
  await panel.locator('input[name="start"]').first().check({ force: true });
  await panel.getByRole("button", { name: "Request booking" }).click();
  const href = await learnerPage.getByRole("link", { name: "Open the session" }).getAttribute("href");
  const id = href!.split("/").pop()!;
  await expect(balance(learnerPage)).toHaveText("160 SP");

  const mentorPage = await openAs(browser, mentor, baseURL!, { path: "/calendar" });
  const request = mentorPage.getByTestId("pending-request").filter({ hasText: learner.fullName });
  await request.getByRole("button", { name: "Accept" }).click();
  await expect(request).toHaveCount(0);
  await expect.poll(async () => (await e2eStore().get<BookingDoc>(`bookings/${id}`))!.data.state).toBe("accepted");

  // The session took place; the learner reports a problem in the room.
  const now = Date.now();
  await e2eStore().update(`bookings/${id}`, { start: now - 2 * 3_600_000, end: now - 3_600_000 });
  await learnerPage.goto(`/session/${id}`);
  await learnerPage.getByRole("button", { name: "Report a problem" }).click();
  await learnerPage.getByLabel("What went wrong?").fill("The mentor never joined the call.");
  await learnerPage.getByRole("button", { name: "Report problem", exact: true }).click();
  await expect.poll(async () => (await e2eStore().get<BookingDoc>(`bookings/${id}`))!.data.state).toBe("disputed");

  // The learner waits on the dashboard: the refund shows in the header without a reload.
  await learnerPage.goto("/dashboard");
  await expect(balance(learnerPage)).toHaveText("160 SP");
  const adminPage = await openAs(browser, admin, baseURL!, { path: "/admin/disputes" });
  const dispute = adminPage
    .getByRole("article", { name: "Dispute about Spanish" })
    .filter({ hasText: learner.fullName });
  await expect(dispute).toContainText("The mentor never joined the call.");
  await dispute.getByLabel("To the learner").check();
  await dispute.getByLabel("Note to both members").fill("The mentor did not attend; the SP go back to the learner.");
  await dispute.getByRole("button", { name: "Resolve dispute" }).click();
  await expect(adminPage.getByText("Resolved to the learner: the held SP are refunded.")).toBeVisible();
  await expect(dispute).toHaveCount(0);

  await expect(balance(learnerPage)).toHaveText("200 SP");
  expect((await e2eStore().get<BookingDoc>(`bookings/${id}`))!.data).toMatchObject({
    state: "resolved",
    resolution: "learner",
  });
  for (const page of [learnerPage, mentorPage]) {
    await page.goto("/notifications");
    await expect(page.getByText("The mentor did not attend; the SP go back to the learner.")).toBeVisible();
  }
});

test("an admin refunds a test-checkout purchase: the SP leave the member's wallet live, and the audit log has it", async ({
  browser,
  baseURL,
}) => {
  const admin = await grantedAdmin(baseURL!);
  const member = await createUser({ fullName: `Rita Refund ${run}` });
  const memberPage = await openAs(browser, member, baseURL!, { path: "/wallet" });
  await memberPage.getByRole("main").getByRole("button", { name: "Top up" }).click();
  await memberPage.getByTestId("pack-500").click();
  await memberPage.waitForURL(/\/checkout\/test\//);
  await memberPage.getByRole("button", { name: /^Pay / }).click();
  await memberPage.waitForURL(/\/checkout\?status=success/);
  await memberPage.goto("/wallet");
  await expect(balance(memberPage)).toHaveText("700 SP");

  const adminPage = await openAs(browser, admin, baseURL!, { path: "/admin" });
  await adminPage.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Payments" }).click();
  const row = adminPage.getByRole("listitem", { name: `Payment by \u2068Rita Refund ${run}\u2069, 500 SP` });
  await expect(row.getByTestId("payment-status")).toHaveText("Paid");
  await row.getByText("Refund…").click();
  await row.getByLabel("Reason (kept in the audit log)").fill(`Bought the wrong pack ${run}`);
  await row.getByRole("button", { name: /^Refund .+ and take back 500 SP$/ }).click();
  await expect(adminPage.getByText("Refunded: 500 SP left the member's wallet.")).toBeVisible();
  await expect(row.getByTestId("payment-status")).toHaveText("Refunded");
  await expect(row.getByRole("button", { name: /^Refund / })).toHaveCount(0);

  // The member's open page follows without a reload.
  await expect(balance(memberPage)).toHaveText("200 SP");
  await expect(memberPage.getByTestId("wallet-history-row").first()).toContainText("Top-up refunded: 500 SP");
  const [payment] = await e2eStore().query({ collection: "payments", where: [["uid", "==", member.uid]] });
  expect(payment.data).toMatchObject({
    status: "refunded",
    refund: { status: "refunded", requestedBy: admin.uid, shortfallSp: 0 },
  });

  await adminPage.goto("/admin/audit?action=payment.refund");
  await expect(adminPage.getByText(`Bought the wrong pack ${run}`)).toBeVisible();
  const csv = await (
    await adminPage.request.get(`/admin/audit.csv?action=payment.refund&subject=${member.uid}`)
  ).text();
  expect(csv).toContain(`payment.refund`);
  expect(csv).toContain(`Bought the wrong pack ${run}`);
});

test("a member reports a chat message; an admin reads it in context and hides it, and both members see it hidden live", async ({
  browser,
  baseURL,
}) => {
  const admin = await grantedAdmin(baseURL!);
  const ann = await createUser({ fullName: `Ann Abusive ${run}` });
  const bob = await createUser({ fullName: `Bob Bystander ${run}` });
  const chatId = await openChat(e2eStore(), ann.uid, bob.uid);
  await sendMessage(e2eStore(), bob.uid, chatId, `How was the lesson ${run}?`);
  const { id: messageId } = await sendMessage(e2eStore(), ann.uid, chatId, `You are a fool ${run}`);

  const bobPage = await openAs(browser, bob, baseURL!, { path: `/inbox/${chatId}` });
  const rude = bobPage.getByTestId("message").filter({ hasText: `You are a fool ${run}` });
  await rude.getByText("Report", { exact: true }).click();
  await rude.getByLabel("Harassment or hate").check();
  await rude.getByLabel("What is wrong (optional)").fill("Insults after the lesson");
  await rude.getByRole("button", { name: "Send report" }).click();
  await expect(rude.getByRole("status")).toBeVisible();

  const adminPage = await openAs(browser, admin, baseURL!, { path: "/admin" });
  await adminPage.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Reports" }).click();
  const item = adminPage.getByRole("article", { name: `Chat message by \u2068Ann Abusive ${run}\u2069` });
  await expect(item.locator("[data-reported]")).toContainText(`You are a fool ${run}`);
  await expect(item.getByRole("list", { name: "The conversation around it" })).toContainText(
    `How was the lesson ${run}?`,
  );
  await expect(item).toContainText("Insults after the lesson");
  await item.getByLabel("Note for the audit log (optional)").fill(`Insult ${run}`);
  await item.getByRole("button", { name: "Hide" }).click();
  await expect(adminPage.getByText("Hidden from members. The reports are closed.")).toBeVisible();
  await expect(adminPage.getByRole("article", { name: `Chat message by \u2068Ann Abusive ${run}\u2069` })).toHaveCount(
    0,
  );

  // Bob's open conversation follows without a reload; Ann sees the same.
  await expect(bobPage.getByTestId("message").last()).toHaveText(/^This message was hidden by a moderator\./);
  await expect(bobPage.getByText(`You are a fool ${run}`)).toHaveCount(0);
  const annPage = await openAs(browser, ann, baseURL!, { path: `/inbox/${chatId}` });
  await expect(annPage.getByTestId("message").last()).toHaveText(/^This message was hidden by a moderator\./);
  expect((await e2eStore().get(`chats/${chatId}/messages/${messageId}`))?.data).toMatchObject({
    hidden: true,
    text: "",
  });

  await adminPage.goto("/admin/audit?action=report.hide");
  await expect(adminPage.getByText(`Insult ${run}`)).toBeVisible();
  const csv = await (await adminPage.request.get(`/admin/audit.csv?action=report.hide&subject=${ann.uid}`)).text();
  expect(csv).toContain(`Insult ${run}`);
});

/** Every admin route, read from app/routes, so a new admin page cannot be left out of this walk. */
const ADMIN_PATHS = readdirSync("app/routes")
  .filter((file) => /^admin[.[]/.test(file) && /\.tsx?$/.test(file) && !/\.(server|test)\.tsx?$/.test(file))
  .map((file) => {
    const segments = file
      .replace(/\.tsx?$/, "")
      // Remix's escaped dot ("audit[.]csv") is part of the segment, not a separator.
      .replace(/\[\.\]/g, "·")
      .split(".")
      .filter((segment) => segment !== "_index")
      .map((segment) => (segment.startsWith("$") ? "some-id" : segment.replace(/·/g, ".")));
    return `/${segments.join("/")}`;
  });

test("the walk below covers every admin route", () => {
  expect(ADMIN_PATHS).toEqual(
    expect.arrayContaining([
      "/admin",
      "/admin/members/some-id",
      "/admin/payments",
      "/admin/reports",
      "/admin/audit.csv",
    ]),
  );
});

test("a member who is not an admin and a signed-out visitor get 404 for every admin page and action", async ({
  browser,
  baseURL,
  playwright,
}) => {
  const member = await createUser({ fullName: `Nora Nobody ${run}` });
  const memberPage = await openAs(browser, member, baseURL!);
  const anonymous = await playwright.request.newContext({ baseURL });
  for (const client of [memberPage.request, anonymous]) {
    for (const path of ADMIN_PATHS) {
      expect((await client.get(path, { maxRedirects: 0 })).status(), `GET ${path}`).toBe(404);
      const post = await client.post(path, {
        form: {
          intent: "suspend",
          reason: "takeover",
          amount: "1000",
          adjustmentId: "form-00000001",
          bookingId: "x",
          to: "learner",
          note: "xxx",
          paymentId: "tc_000000000000000000000000",
        },
        headers: { Origin: baseURL! },
        maxRedirects: 0,
      });
      expect(post.status(), `POST ${path}`).toBe(404);
    }
  }
  // What the page shows is the ordinary 404 page.
  await memberPage.goto("/admin");
  await expect(memberPage.getByRole("heading", { name: "Page not found" })).toBeVisible();
  // Nothing was written.
  expect(await e2eStore().query({ collection: "audit", where: [["reason", "==", "takeover"]] })).toEqual([]);
  expect(await e2eStore().get(`users/${member.uid}`)).toMatchObject({ data: { fullName: member.fullName } });
  await anonymous.dispose();
});
