import { expect, test } from "./support/test";
import { createUser, signInAs, skipLocalOnboarding } from "./support/fixtures";
import { saveAvailability, saveRates } from "../../app/features/bookings/teaching.server";
import { e2eStore } from "./support/store";

/**
 * Issue 30 (decisions 049, 066): the calendar and the wallet in the member's language, their formats
 * through Intl in the member's locale, and the week starting where the locale starts it; the
 * booking panel and its refusals in the learner's language; the iCal feed in its owner's.
 */

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "00:00", end: "24:00" }));

test("/calendar and /wallet read in French for a member who chose French", async ({ context, baseURL }) => {
  const user = await createUser({ fullName: "Camille Exemple", profile: { language: "fr", timezone: "Europe/Paris" } });
  await signInAs(context, user, baseURL!);
  const page = await context.newPage();
  await skipLocalOnboarding(page, user.uid);

  await page.goto("/calendar");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page).toHaveTitle("Agenda · SkillSwap");
  await expect(page.getByRole("heading", { level: 1, name: "Agenda" })).toBeVisible();
  await expect(page.getByText("Les heures sont affichées dans le fuseau Europe/Paris.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Aujourd’hui" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Séances à venir" })).toBeVisible();
  await expect(page.getByText("Aucune séance à venir.")).toBeVisible();
  // The month grid's header starts on Monday, in French.
  await page.getByRole("link", { name: "Mois" }).click();
  await expect(page.getByRole("region", { name: "Mois" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Mois" }).locator("div.uppercase").first()).toHaveText("Lun");

  await page.goto("/wallet");
  await expect(page).toHaveTitle("Portefeuille · SkillSwap");
  await expect(page.getByRole("heading", { level: 1, name: "Portefeuille" })).toBeVisible();
  await expect(page.getByText("Solde", { exact: true })).toBeVisible();
  await expect(page.getByTestId("wallet-page-balance")).toHaveText("200 SP");
  await expect(page.getByTestId("wallet-history-row").first()).toContainText("Bonus de bienvenue");
  await expect(page.getByTestId("wallet-history-row").first()).toContainText("+200 SP");
});

test("the top-up modal and the calendar in Arabic, right to left, with weeks from Saturday", async ({
  context,
  baseURL,
}) => {
  const user = await createUser({ fullName: "Layla Example", profile: { language: "ar", timezone: "UTC" } });
  await signInAs(context, user, baseURL!);
  const page = await context.newPage();
  await skipLocalOnboarding(page, user.uid);

  await page.goto("/wallet");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.getByRole("main").getByRole("button", { name: "شحن الرصيد" }).click();
  const modal = page.getByRole("dialog", { name: "شحن نقاط SP" });
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId("pack-500")).toBeVisible();
  await modal.getByRole("button", { name: "إغلاق" }).click();
  await expect(modal).toBeHidden();

  await page.goto("/calendar?view=week&date=2026-03-11");
  await expect(page.getByRole("heading", { level: 1, name: "التقويم" })).toBeVisible();
  // Wednesday 11 March 2026 is in the week that starts on Saturday 7 March.
  await expect(page.getByRole("region", { name: /^أسبوع السبت، 7 مارس/ })).toBeVisible();
});

test("the booking panel, a refused booking and the iCal feed in Spanish, the feed in its owner's language", async ({
  context,
  baseURL,
  request,
}) => {
  // One mentor the learner cannot afford (500 SP an hour), one they can (40).
  const skillsOffered = [{ tag: "spanish", label: "Spanish", level: "expert" }];
  const dear = await createUser({ fullName: "Pablo Caro", profile: { timezone: "Europe/Madrid", skillsOffered } });
  const mentor = await createUser({ fullName: "Marta Mentora", profile: { timezone: "Europe/Madrid", skillsOffered } });
  for (const [who, rate] of [
    [dear, 500],
    [mentor, 40],
  ] as const) {
    await saveAvailability(e2eStore(), who.uid, { timezone: "Europe/Madrid", weekly: EVERY_DAY, exceptions: [] });
    await saveRates(e2eStore(), who.uid, { spanish: rate });
  }
  const learner = await createUser({
    fullName: "Lucas Aprendiz",
    profile: { language: "es", timezone: "Europe/Madrid" },
  });
  await signInAs(context, learner, baseURL!);
  const page = await context.newPage();
  await skipLocalOnboarding(page, learner.uid);

  await page.goto(`/calendar?book=${dear.uid}`);
  const panel = page.getByRole("region", { name: "Reservar una sesión con Pablo Caro" });
  // The taxonomy's skill by its Spanish name, the rate through Intl.
  await expect(panel.getByLabel("Habilidad")).toContainText("Español — 500 SP por hora");
  await expect(panel.getByTestId("booking-price")).toHaveText("500 SP");
  await panel.locator('input[name="start"]').nth(1).check({ force: true });
  await panel.getByRole("button", { name: "Solicitar reserva" }).click();
  // The server refuses (200 SP of 500) in the learner's language, and offers the top-up.
  await expect(panel.getByRole("alert")).toContainText("Te faltan 300 SP para esta sesión.");
  await expect(panel.getByRole("button", { name: "Recargar SP" })).toBeVisible();
  expect(await e2eStore().query({ collection: "bookings", where: [["learnerUid", "==", learner.uid]] })).toEqual([]);

  await page.goto(`/calendar?book=${mentor.uid}`);
  const booking = page.getByRole("region", { name: "Reservar una sesión con Marta Mentora" });
  await expect(booking.getByTestId("booking-price")).toHaveText("40 SP");
  await booking.locator('input[name="start"]').nth(1).check({ force: true });
  await booking.getByRole("button", { name: "Solicitar reserva" }).click();
  await expect(page.getByRole("link", { name: "Abrir la sesión" })).toBeVisible();

  await page.goto("/calendar");
  await page.getByRole("button", { name: "Crear enlace del feed" }).click();
  const feedUrl = await page.getByLabel(/Tu enlace privado del feed/).inputValue();
  // A calendar app fetches it without the member's cookies, asking for English: the owner chose Spanish.
  const feed = await request.get(feedUrl, { headers: { "Accept-Language": "en" } });
  expect(feed.status()).toBe(200);
  const body = (await feed.text()).replace(/\r\n /g, "");
  expect(body).toContain("X-WR-CALNAME:Sesiones de SkillSwap\r\n");
  expect(body).toContain("SUMMARY:SkillSwap: Español con \u2068Marta Mentora\u2069\r\n");
  expect(body).toMatch(/DESCRIPTION:Sesión de 60 minutos. Sala de la sesión: http\S+\/session\/\S+\r\n/);
});

test("the calendar in Arabic at 390 px: right to left, weeks from Saturday, nothing wider than the screen", async ({
  context,
  baseURL,
}) => {
  const user = await createUser({ fullName: "Layla Example", profile: { language: "ar", timezone: "Asia/Riyadh" } });
  await signInAs(context, user, baseURL!);
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await skipLocalOnboarding(page, user.uid);

  await page.goto("/calendar?view=month&date=2026-03-11");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page).toHaveTitle("التقويم · SkillSwap");
  await expect(page.getByRole("heading", { level: 1, name: "التقويم" })).toBeVisible();
  await expect(page.getByText("لا توجد جلسات قادمة.")).toBeVisible();
  const month = page.getByRole("region", { name: "شهر" });
  await expect(month.locator("div.uppercase").first()).toHaveText("سبت");
  // The month grid scrolls inside its own box; the page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("availability that cannot be saved is refused in French, the day named in French, and nothing is stored", async ({
  context,
  baseURL,
}) => {
  const user = await createUser({ fullName: "Camille Exemple", profile: { language: "fr", timezone: "Europe/Paris" } });
  await signInAs(context, user, baseURL!);
  const page = await context.newPage();
  await skipLocalOnboarding(page, user.uid);
  await page.goto("/calendar");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");

  // The server's check: two ranges of Monday overlap.
  await page.locator("#day1").fill("09:00-12:00, 11:00-13:00");
  await page.getByRole("button", { name: "Enregistrer les disponibilités" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Lundi : des plages horaires se chevauchent." }),
  ).toBeVisible();
  // The server's parser: a range it cannot read.
  await page.locator("#day1").fill("9h-12h");
  await page.getByRole("button", { name: "Enregistrer les disponibilités" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "« 9h-12h » n’est pas une plage horaire comme 09:00-12:00." }),
  ).toBeVisible();
  expect((await e2eStore().get(`teaching/${user.uid}`))?.data.weekly ?? []).toEqual([]);

  // The exception picker checks the hours in the browser, with the same words.
  await page.getByLabel("Date", { exact: true }).fill("2026-12-24");
  await page.getByRole("radio", { name: "Autres horaires" }).check();
  await page.getByLabel("Horaires de ce jour").fill("matin");
  await page.getByRole("button", { name: "Ajouter l'exception" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "« matin » n’est pas une plage horaire comme 09:00-12:00." }),
  ).toBeVisible();
});
