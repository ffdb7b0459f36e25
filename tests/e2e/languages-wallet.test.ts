import { expect, test } from "./support/test";
import { createUser, openAs } from "./support/fixtures";
import { e2eStore } from "./support/store";
import { adminUser } from "./support/world";
import { getUser } from "~/documents/users";
import { postEntry } from "~/features/wallet/ledger.server";
import { requestBooking } from "~/features/bookings/bookings.server";
import { saveRates } from "~/features/bookings/teaching.server";
import { proposingMember } from "./support/members";

/**
 * The wallet's stored texts and /subscriptions in the reader's language (issue 30, decisions 063 and
 * 077): a ledger entry is stored as a label and its values, whatever language its member used, and
 * reads in the language of whoever reads it; a refund the rules refuse is refused in the admin's
 * language; /subscriptions in Arabic, right to left.
 */

const run = Date.now().toString(36);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

test("a top-up bought in English reads in French on /wallet, its refusal to be refunded in Spanish", async ({
  browser,
  baseURL,
}) => {
  const member = await createUser({ fullName: `Margot Porte-monnaie ${run}`, profile: { language: "en" } });
  const page = await openAs(browser, member, baseURL!, { path: "/wallet" });
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByRole("main").getByRole("button", { name: "Top up" }).click();
  await page.getByTestId("pack-500").click();
  await page.waitForURL(/\/checkout\/test\//);
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.waitForURL(/\/checkout\?status=success/);
  await page.goto("/wallet");
  const newest = page.getByTestId("wallet-history-row").first();
  await expect(newest).toContainText("Top-up: 500 SP");

  // Stored while she read English: a label and its values beside the English line; the amount is the pack's.
  const store = e2eStore();
  const [topUp] = await store.query({
    collection: `wallets/${member.uid}/transactions`,
    where: [["type", "==", "top_up"]],
  });
  expect(topUp.data).toMatchObject({
    amount: 500,
    type: "top_up",
    label: "top_up",
    params: { sp: 500 },
    description: "Top-up: 500 SP",
  });
  // She spends some of it on a session (as a booking's hold writes it).
  await postEntry(store, member.uid, {
    id: `hold_e2e_${run}`,
    amount: -400,
    type: "booking_hold",
    description: "Held for session: Guitar (60 min)",
    label: "booking_hold",
    params: { skill: "Guitar", minutes: 60 },
  });

  // She switches to French: the same entries read in French, nothing rewritten.
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Language" });
  await section.getByLabel("Language").selectOption("fr");
  await section.getByRole("button", { name: "Change language" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  expect((await getUser(store, member.uid))?.language).toBe("fr");
  await page.goto("/wallet");
  await expect(page.getByRole("heading", { level: 1, name: "Portefeuille" })).toBeVisible();
  const rows = page.getByTestId("wallet-history-row");
  await expect(rows.nth(0)).toContainText(/Réservé pour la séance\s*:\s*Guitare \(60\s*min\)/);
  // A built-in skill reads in the reader's language (decision 086), isolated; a member's own tag would not.
  await expect(rows.nth(0).locator("bdi")).toHaveText("Guitare");
  await expect(rows.nth(1)).toContainText(/Recharge\s*:\s*500\sSP/);
  await expect(rows.nth(1)).not.toContainText("Top-up");
  expect((await store.get(topUp.path))?.data).toMatchObject({ amount: 500, label: "top_up", params: { sp: 500 } });
  await expect(page.getByTestId("wallet-page-balance")).toHaveText(/^300\sSP$/);
  await page.context().close();

  // An admin who reads Spanish sees the same entries in Spanish, and is told in Spanish why the
  // pack cannot be refunded: she has spent 200 of its 500 SP.
  const admin = await adminUser(`Adela Admin ${run}`, { language: "es" });
  const adminPage = await openAs(browser, admin, baseURL!, { path: `/admin/members/${member.uid}` });
  await expect(adminPage.getByRole("heading", { name: "Libro de cuentas" })).toBeVisible();
  const ledger = adminPage.getByRole("table");
  await expect(ledger.getByRole("row").filter({ hasText: "Recarga: 500 SP" })).toHaveCount(1);
  await expect(ledger.getByRole("row").filter({ hasText: "Retenido para la sesión: Guitarra (60 min)" })).toHaveCount(
    1,
  );

  await adminPage.goto("/admin/payments");
  const payment = adminPage.getByRole("listitem", { name: `Pago de \u2068Margot Porte-monnaie ${run}\u2069, 500 SP` });
  await payment.getByText("Reembolsar…").click();
  await payment.getByLabel("Motivo (se guarda en el registro de auditoría)").fill("Lo pidió por error");
  await payment.getByRole("button", { name: /^Reembolsar .+ y retirar 500 SP$/ }).click();
  await expect(adminPage.getByRole("alert")).toContainText(
    "Esta compra abonó 500 SP y el miembro tiene ahora 300 SP: ha gastado 200 SP de ella, así que no se puede reembolsar.",
  );
  await expect(payment.getByTestId("payment-status")).toHaveText("Pagado");
  expect((await store.get(`wallets/${member.uid}`))?.data).toMatchObject({ balance: 300 });
  const [stored] = await store.query({ collection: "payments", where: [["uid", "==", member.uid]] });
  expect(stored.data).toMatchObject({ status: "paid" });
  expect(stored.data.refund).toBeUndefined();
});

test("a booking's built-in skill in a ledger line reads in Spanish, on /wallet and in the header's dropdown", async ({
  browser,
  baseURL,
}) => {
  const store = e2eStore();
  const mentor = await proposingMember(`Marco Cuerdas ${run}`, ["Guitar"]);
  await saveRates(store, mentor.uid, { guitar: 10 });
  const lucia = await createUser({ fullName: `Lucía Libro ${run}`, profile: { language: "es" } });
  await postEntry(store, lucia.uid, { id: "seed", amount: 100, type: "adjustment", description: "Seed" });
  const DAY = 24 * 60 * 60_000;
  const tomorrowAtTen = Math.floor(Date.now() / DAY) * DAY + DAY + 10 * 60 * 60_000;
  await requestBooking(store, {
    learnerUid: lucia.uid,
    mentorUid: mentor.uid,
    skillTag: "guitar",
    start: tomorrowAtTen,
    durationMinutes: 60,
  });
  // Stored as the booking labelled it (English, the taxonomy's label); named when read.
  const [hold] = await store.query({
    collection: `wallets/${lucia.uid}/transactions`,
    where: [["type", "==", "booking_hold"]],
  });
  expect(hold!.data).toMatchObject({ label: "booking_hold", params: { skill: "Guitar", minutes: 60 } });

  const page = await openAs(browser, lucia, baseURL!, { path: "/wallet" });
  const row = page.getByTestId("wallet-history-row").filter({ hasText: "Retenido" });
  await expect(row).toContainText("Retenido para la sesión: Guitarra (60 min)");
  // A taxonomy name is translated text, not the member's words.
  await expect(row.locator("bdi", { hasText: "Guitarra" })).not.toHaveAttribute("translate", "no");
  // The header's dropdown draws the entries it reads itself: the names come to the browser for it.
  await page.getByTestId("wallet-balance").click();
  await expect(page.getByTestId("wallet-transactions")).toContainText("Retenido para la sesión: Guitarra (60 min)");
  await page.context().close();
});

test("/subscriptions in Arabic, right to left: plans, the plan's status and the test billing's answer", async ({
  browser,
  baseURL,
}) => {
  const amal = await createUser({ fullName: `أمل الاشتراك ${run}`, profile: { language: "ar" } });
  const page = await openAs(browser, amal, baseURL!, { path: "/subscriptions", viewport: DESKTOP });
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page).toHaveTitle("الاشتراكات · SkillSwap");
  await expect(page.getByRole("heading", { level: 1, name: "الاشتراكات" })).toBeVisible();
  await expect(page.getByTestId("current-plan")).toHaveText("مجانية");
  const monthly = page.getByTestId("plan-plus_monthly");
  await expect(monthly.getByRole("heading", { level: 3 })).toHaveText("Plus الشهري Plus");
  await expect(page.getByTestId("plan-plus_yearly").getByRole("heading", { level: 3 })).toContainText("Plus السنوي");
  await expect(monthly).toContainText("كل شهر");

  await monthly.getByRole("button", { name: "اشترك في Plus الشهري" }).click();
  await page.waitForURL(/\/checkout\/test-plan\//);
  await page.getByRole("button", { name: /^اشترك مقابل/ }).click();
  await page.waitForURL(/\/subscriptions\?checkout=success/);
  await expect(page.getByRole("status").filter({ hasText: "مرحبًا بك في Plus الشهري!" })).toBeVisible();
  await expect(page.getByTestId("current-plan")).toHaveText("Plus الشهري");
  await expect(page.getByTestId("subscription-status")).toHaveText("نشط");
  await expect(page.getByTestId("next-renewal")).toContainText("يتجدد في");
  await expect(page.getByTestId("next-renewal").locator("time")).toHaveCount(1);
  await expect(page.getByTestId("credited-period")).toHaveCount(1);
  await expect(page.getByTestId("credited-period")).toContainText("Plus الشهري");
  // The credited period is one range as Arabic writes it (Intl's formatRange), each end in its <time>, on one line.
  const period = page.getByTestId("credited-period").getByRole("cell").nth(1);
  const ends = await period.locator("time").evaluateAll((times) => times.map((t) => t.getAttribute("datetime")!));
  expect(ends).toHaveLength(2);
  const zone = (await getUser(e2eStore(), amal.uid))!.timezone || "UTC";
  const range = await page.evaluate(
    ([start, end, timeZone]) =>
      new Intl.DateTimeFormat("ar", { dateStyle: "medium", timeZone }).formatRange(new Date(start), new Date(end)),
    [ends[0]!, ends[1]!, zone],
  );
  await expect(period).toHaveText(range);
  const lines = await period.evaluate((cell) => {
    const text = document.createRange();
    text.selectNodeContents(cell);
    return new Set([...text.getClientRects()].map((box) => Math.round(box.top))).size;
  });
  expect(lines).toBe(1);

  // The test billing's answer comes back in Arabic, and the state it leaves too.
  await page.getByRole("button", { name: "جدّد بدفعة فاشلة" }).click();
  await expect(page.getByTestId("toast")).toContainText("فشل دفع التجديد (اختبار).");
  await expect(page.getByTestId("subscription-status")).toHaveText("متأخر السداد");
  await expect(page.getByText("تعذّر إتمام آخر دفعة.")).toBeVisible();
  expect((await e2eStore().get(`subscriptions/${amal.uid}`))?.data).toMatchObject({
    planId: "plus_monthly",
    status: "past_due",
  });
  await page.screenshot({ path: "test-results/subscriptions-ar-1280.png", fullPage: true });

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByTestId("subscription-status")).toHaveText("متأخر السداد");
  // Nothing runs off the side of a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: "test-results/subscriptions-ar-390.png", fullPage: true });
  await page.context().close();
});
