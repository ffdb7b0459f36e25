import { expect, test } from "./support/test";
import { createUser } from "./support/fixtures";
import { e2eStore } from "./support/store";

/**
 * Issue 30 (decision 065): the legal pages, the reset link and the 404 page in the reader's language.
 * The legal texts are the operator's translated files (content/<name>.<language>.md), shown while
 * they carry the version in force.
 */

test("the terms of use in French, with the version members accept", async ({ browser }) => {
  const context = await browser.newContext({
    locale: "fr-FR",
    extraHTTPHeaders: { "Accept-Language": "fr-FR,fr;q=0.9" },
  });
  const page = await context.newPage();
  await page.goto("/terms");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page).toHaveTitle("Conditions d’utilisation · SkillSwap");
  await expect(page.getByRole("heading", { level: 1, name: "Conditions d’utilisation" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Votre compte" })).toBeVisible();
  await expect(page.getByText("Vous êtes responsable de ce qui est fait avec votre compte.")).toBeVisible();
  // The same version as the English text: what a French reader accepts is the version in force.
  await expect(page.getByText("Version example-2026-11-26 · mise à jour le 26 novembre 2026")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Confidentialité et conditions" })).toBeVisible();
  await context.close();
});

test("the privacy notice in Arabic reads right to left", async ({ browser }) => {
  const context = await browser.newContext({ locale: "ar", extraHTTPHeaders: { "Accept-Language": "ar" } });
  const page = await context.newPage();
  await page.goto("/privacy");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page).toHaveTitle("إشعار الخصوصية · SkillSwap");
  const title = page.getByRole("heading", { level: 1, name: "إشعار الخصوصية" });
  await expect(title).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "حقوقك" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "الرسائل التي أرسلناها إليك" })).toContainText("30 يومًا");
  // Right to left: a paragraph of the notice starts at the card's right edge.
  expect(await title.evaluate((el) => getComputedStyle(el).direction)).toBe("rtl");
  const heading = await title.boundingBox();
  const card = await page.locator("article").boundingBox();
  expect(Math.abs(heading!.x + heading!.width - (card!.x + card!.width))).toBeLessThan(2);
  await context.close();
});

test("the reset link in Spanish: the form, passwords that differ refused, the new password saved, then the used link refused", async ({
  browser,
}) => {
  const user = await createUser();
  const context = await browser.newContext({
    locale: "es-ES",
    extraHTTPHeaders: { "Accept-Language": "es-ES,es;q=0.9" },
  });
  const page = await context.newPage();
  await page.goto("/reset-password");
  await page.locator('input[name="email"]').fill(user.email);
  await page.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(page.getByRole("heading", { name: "Revisa tu correo" })).toBeVisible();
  const mail = await e2eStore().query<{ to: string; link: string }>({
    collection: "outbox",
    where: [["to", "==", user.email]],
  });
  expect(mail).toHaveLength(1);
  const link = mail[0]!.data.link;

  await page.goto(link);
  await expect(page).toHaveTitle("Elige una contraseña nueva · SkillSwap");
  await expect(page.getByRole("heading", { level: 1, name: "Elige una contraseña nueva" })).toBeVisible();
  await expect(page.getByText(`Para ${user.email}`)).toBeVisible();
  // Two passwords that differ are refused in Spanish, next to the repeated one.
  await page.locator('input[name="password"]').fill("una contraseña nueva");
  await page.locator('input[name="confirm"]').fill("otra contraseña nueva");
  await page.getByRole("button", { name: "Guardar la contraseña nueva" }).click();
  await expect(page.getByText("Las dos contraseñas no coinciden.")).toBeVisible();
  await page.locator('input[name="password"]').fill("una contraseña nueva");
  await page.locator('input[name="confirm"]').fill("una contraseña nueva");
  await page.getByRole("button", { name: "Guardar la contraseña nueva" }).click();
  await page.waitForURL(/\/auth$/);
  await expect(
    page.getByRole("status").filter({ hasText: "Tu contraseña se ha cambiado. Inicia sesión con la nueva." }),
  ).toBeVisible();

  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Este enlace no se puede usar" })).toBeVisible();
  await expect(
    page.getByText("Este enlace para restablecer la contraseña ha caducado o ya se usó. Pide uno nuevo."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Pedir un enlace nuevo" })).toHaveAttribute("href", "/reset-password");
  await context.close();
});

test("the 404 page in Spanish", async ({ browser }) => {
  const context = await browser.newContext({
    locale: "es-ES",
    extraHTTPHeaders: { "Accept-Language": "es-ES,es;q=0.9" },
  });
  const page = await context.newPage();
  const response = await page.goto("/no-existe-esta-pagina");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("Página no encontrada · SkillSwap");
  await expect(page.getByRole("heading", { level: 1, name: "Página no encontrada" })).toBeVisible();
  await expect(page.getByText("No hemos encontrado la página que buscabas.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Volver al inicio" })).toHaveAttribute("href", "/");
  await context.close();
});
