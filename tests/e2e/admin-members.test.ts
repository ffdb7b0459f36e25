import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "./support/test";
import { createUser, openAs, type TestUser } from "./support/fixtures";
import { e2eStore } from "./support/store";
import { adminUser } from "./support/world";
import { statusPath } from "../../app/documents/status";
import { userPath } from "../../app/documents/users";
import { adjustBalance } from "../../app/features/admin/members.server";
import { openChat } from "../../app/features/chat/chat.server";

/**
 * The back office's member list (issue 25, item 8): what an admin knows of each member (e-mail,
 * status, role, SP balance, last activity), sorted and filtered from the URL, as a card per member
 * on a phone; and, on every page where a button sits beside a field, the button's label on one line.
 */

const run = randomBytes(3).toString("hex");
const SEEN_AT = Date.UTC(2026, 0, 15, 9, 30);
let admin: TestUser;
let vera: TestUser;
let uma: TestUser;
let sid: TestUser;

test.beforeAll(async () => {
  const store = e2eStore();
  admin = await adminUser(`Ada Admin ${run}`);
  vera = await createUser({ fullName: `Vera Verified ${run}` });
  uma = await createUser({ fullName: `Uma Unverified ${run}` });
  sid = await createUser({
    fullName: `Sid Suspended ${run}`,
    profile: { suspension: { reason: "Spam in the forum", at: SEEN_AT, byUid: "someone" } },
  });
  // Vera opened the link of her verification mail, and was last seen at a known time.
  await store.update(`auth_users/${vera.uid}`, { emailVerifiedAt: SEEN_AT });
  await store.set(statusPath(vera.uid), { state: "offline", last_changed: SEEN_AT });
  // Balances that tell the members apart (each starts with the 200 SP welcome bonus).
  const adjust = (uid: string, amount: number) =>
    adjustBalance(store, admin.uid, uid, { adjustmentId: `e2e-${run}-${uid}`, amount, reason: "e2e set-up" });
  await adjust(vera.uid, 50);
  await adjust(uma.uid, -10);
  await adjust(sid.uid, -150);
  expect(await store.get(userPath(sid.uid))).not.toBeNull();
});

const rows = (page: Page) => page.getByTestId("member-row");
const names = (page: Page) => rows(page).locator("td:first-child");
const row = (page: Page, user: TestUser) => page.locator(`[data-testid=member-row][data-uid="${user.uid}"]`);

test("each member's e-mail, status, role, SP balance and last activity are shown", async ({ browser, baseURL }) => {
  const page = await openAs(browser, admin, baseURL!, { path: `/admin/members?q=${run}` });
  const table = page.getByRole("table", { name: "Members found" });
  for (const heading of ["Name", "E-mail", "Status", "Role", "SP balance", "Last activity", "Joined"]) {
    await expect(table.getByRole("columnheader", { name: heading })).toBeVisible();
  }
  await expect(rows(page)).toHaveCount(4);
  const cells = (user: TestUser) => row(page, user).locator("td");
  await expect(cells(uma)).toHaveText([
    `Uma Unverified ${run}`,
    uma.email,
    "Unverified",
    "Member",
    "190 SP",
    "Never",
    // The day joined, as Intl writes it in English (en-IE): "27 Nov 2026".
    /^\d{1,2} [A-Z][a-z]{2} \d{4}$/,
  ]);
  await expect(cells(sid)).toHaveText([
    `Sid Suspended ${run}`,
    sid.email,
    "Suspended",
    "Member",
    "50 SP",
    "Never",
    /./,
  ]);
  await expect(cells(vera)).toHaveText([
    `Vera Verified ${run}`,
    vera.email,
    "Active",
    "Member",
    "250 SP",
    "15 Jan 2026, 09:30 UTC",
    /./,
  ]);
  await expect(cells(admin)).toHaveText([`Ada Admin ${run}`, admin.email, "Unverified", "Admin", "200 SP", /./, /./]);

  // The whole e-mail finds its member, and shows it.
  await page.getByLabel("Search by name or e-mail").fill(uma.email.toUpperCase());
  await page.getByRole("button", { name: "Search" }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, uma)).toContainText(uma.email);
});

test("a member whose name is blank is listed in the admin's words, a link that reads, at every width", async ({
  browser,
  baseURL,
}) => {
  // A profile whose name went blank (an older version's document, or one written by hand).
  // Named apart from `run`: the other tests count the members their search for it finds.
  const blank = await createUser({ fullName: "Blank Later" });
  await e2eStore().update(userPath(blank.uid), { fullName: "  " });
  const arabicAdmin = await adminUser("Amal Admin", { language: "ar" });
  for (const [who, words] of [
    [admin, "(no name yet)"],
    [arabicAdmin, "(لا اسم بعد)"],
  ] as const) {
    const page = await openAs(browser, who, baseURL!, { path: `/admin/members?q=${blank.uid}` });
    await expect(row(page, blank).getByRole("link", { name: words })).toHaveAttribute(
      "href",
      `/admin/members/${blank.uid}`,
    );
    await page.setViewportSize({ width: 390, height: 800 });
    const card = page.locator(`[data-testid=member-card][data-uid="${blank.uid}"]`);
    await expect(card.getByRole("link", { name: words })).toBeVisible();
    await page.context().close();
  }
});

test("a member who is not an admin gets the same 404 as an unknown page, and no e-mail", async ({
  browser,
  baseURL,
}) => {
  const page = await openAs(browser, vera, baseURL!);
  const response = await page.goto(`/admin/members?q=${encodeURIComponent(uma.email)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByText(uma.email)).toHaveCount(0);
});

test("sorting by a column and filtering by status and role change the order and the set", async ({
  browser,
  baseURL,
}) => {
  const page = await openAs(browser, admin, baseURL!, { path: `/admin/members?q=${run}` });
  const table = page.getByRole("table", { name: "Members found" });
  const order = (...users: TestUser[]) => users.map((u) => u.fullName);

  await table.getByRole("link", { name: "SP balance" }).click();
  await expect(page).toHaveURL(/sort=balance&dir=desc/);
  await expect(names(page)).toHaveText(order(vera, admin, uma, sid));
  await expect(table.getByRole("columnheader", { name: "SP balance" })).toHaveAttribute("aria-sort", "descending");
  await table.getByRole("link", { name: "SP balance" }).click();
  await expect(page).toHaveURL(/sort=balance&dir=asc/);
  await expect(names(page)).toHaveText(order(sid, uma, admin, vera));

  await table.getByRole("link", { name: "Name" }).click();
  await expect(names(page)).toHaveText(order(admin, sid, uma, vera));
  await table.getByRole("link", { name: "Last activity" }).click();
  await expect(names(page).first()).toHaveText(vera.fullName);

  // Filters apply from the URL, with the search and the sort kept.
  await table.getByRole("link", { name: "Name" }).click();
  await expect(page).toHaveURL(/sort=name&dir=asc/);
  await expect(page.getByLabel("Sort by")).toHaveValue("name");
  await page.getByLabel("Status").selectOption("suspended");
  await expect(page).toHaveURL(/status=suspended/);
  await expect(names(page)).toHaveText(order(sid));
  await page.getByLabel("Status").selectOption("unverified");
  await expect(names(page)).toHaveText(order(admin, uma));
  await page.getByLabel("Role").selectOption("admin");
  await expect(page).toHaveURL(/role=admin/);
  await expect(names(page)).toHaveText(order(admin));
  await page.getByLabel("Status").selectOption("all");
  await page.getByLabel("Role").selectOption("member");
  await expect(names(page)).toHaveText(order(sid, uma, vera));

  // The same URL read by the server alone (no script): a link an admin can share.
  const shared = await page.request.get(`/admin/members?q=${run}&status=active&sort=name`);
  expect(await shared.text()).toContain(vera.email);
  expect(await shared.text()).not.toContain(uma.email);
});

test("at 390 px each member is a card that shows the same facts, and nothing is wider than the screen", async ({
  browser,
  baseURL,
}) => {
  const page = await openAs(browser, admin, baseURL!, {
    path: `/admin/members?q=${run}&sort=name&dir=asc`,
    viewport: { width: 390, height: 844 },
  });
  await expect(page.getByRole("table")).toBeHidden();
  const cards = page.getByTestId("member-card");
  await expect(cards).toHaveCount(4);
  const card = page.locator(`[data-testid=member-card][data-uid="${sid.uid}"]`);
  await expect(card).toBeVisible();
  for (const text of [sid.fullName, sid.email, "Suspended", "Member", "50 SP", "Never"]) {
    await expect(card.getByText(text, { exact: true })).toBeVisible();
  }
  const box = await card.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

/**
 * Every visible button (or link drawn as one) that sits beside a text field, select or text area on
 * the same line, with the number of lines its label takes.
 */
async function buttonsBesideFields(page: Page): Promise<{ label: string; lines: number; clipped: boolean }[]> {
  return page.evaluate(() => {
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
    };
    const fields = Array.from(
      document.querySelectorAll<HTMLElement>(
        "input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=file]), select, textarea",
      ),
    ).filter(visible);
    const buttons = Array.from(
      document.querySelectorAll<HTMLElement>(
        "main button, main [type=submit], main a.btn-primary, main a.btn-secondary",
      ),
    ).filter(visible);
    const beside = buttons.filter((button) => {
      const b = button.getBoundingClientRect();
      return fields.some((field) => {
        const f = field.getBoundingClientRect();
        const overlap = Math.min(b.bottom, f.bottom) - Math.max(b.top, f.top);
        const gap = Math.max(f.left - b.right, b.left - f.right);
        return overlap >= Math.min(b.height, f.height) / 2 && gap >= 0 && gap <= 48;
      });
    });
    return beside.map((button) => {
      const tops = new Set<number>();
      const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of Array.from(range.getClientRects())) if (rect.width > 0) tops.add(Math.round(rect.top));
      }
      return {
        label: (button.textContent ?? "").trim().replace(/\s+/g, " "),
        lines: tops.size,
        clipped: button.scrollWidth > button.clientWidth + 1,
      };
    });
  });
}

async function expectButtonsOnOneLine(page: Page, where: string, expected: (string | RegExp)[]) {
  const found = await buttonsBesideFields(page);
  const labels = found.map((b) => b.label);
  for (const label of expected) {
    expect(
      labels.some((l) => (typeof label === "string" ? l === label : label.test(l))),
      `${where}: "${label}" sits beside a field (found ${JSON.stringify(labels)})`,
    ).toBe(true);
  }
  for (const button of found) {
    expect(button.lines, `${where}: "${button.label}" on one line`).toBe(1);
    expect(button.clipped, `${where}: "${button.label}" not cut off`).toBe(false);
  }
}

test("every button beside a field keeps its label on one line at 320, 390, 768 and 1280 px", async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const chatId = await openChat(e2eStore(), admin.uid, vera.uid);
  const pages: { path: string; buttons: (string | RegExp)[] }[] = [
    { path: "/admin/members", buttons: ["Search"] },
    { path: `/admin/members/${sid.uid}`, buttons: [] },
    { path: "/admin/audit", buttons: ["Filter"] },
    { path: "/admin/reports", buttons: [] },
    { path: "/admin/payments", buttons: [] },
    { path: "/admin/disputes", buttons: [] },
    { path: "/members", buttons: [] },
    { path: "/matches", buttons: [] },
    { path: "/community", buttons: ["Search"] },
    { path: `/inbox/${chatId}`, buttons: ["Send"] },
    { path: "/calendar", buttons: [] },
    { path: "/settings", buttons: ["Save timezone"] },
    { path: "/profile", buttons: [] },
    { path: "/wallet", buttons: [] },
    { path: "/saved", buttons: [] },
  ];
  const page = await openAs(browser, admin, baseURL!);
  for (const width of [320, 390, 768, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    for (const { path, buttons } of pages) {
      await page.goto(path);
      await expectButtonsOnOneLine(page, `${path} at ${width}px`, buttons);
    }
  }
});
