import { expect, test } from "./support/test";
import { createUser, signInAs, skipLocalOnboarding } from "./support/fixtures";

/**
 * Issue 30 (decision 049): the calendar and the wallet in the member's language, their formats
 * through Intl in the member's locale, and the week starting where the locale starts it.
 */

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
