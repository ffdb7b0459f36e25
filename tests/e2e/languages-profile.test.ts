import { expect, test } from "./support/test";
import { createUser, openAs } from "./support/fixtures";
import { e2eStore } from "./support/store";
import { getUser } from "~/documents/users";

/**
 * The member's own pages in the member's language (issue 30, namespace "profile", decision 063):
 * /settings, /profile and /progress, their validation and action answers included. What members
 * wrote (names, bios, their own skills) is shown as written.
 */

const PHONE = { width: 390, height: 844 };

test("/settings in Spanish: sections, notification choices and the answer to a saved choice", async ({
  browser,
  baseURL,
}) => {
  const lucia = await createUser({ fullName: `Lucía Ajustes ${Date.now().toString(36)}`, profile: { language: "es" } });
  const page = await openAs(browser, lucia, baseURL!, { path: "/settings" });
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveTitle("Ajustes · SkillSwap");
  await expect(page.getByRole("heading", { name: "Ajustes", level: 1 })).toBeVisible();
  await expect(page.getByText("Tu cuenta y tus preferencias.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Cuenta", exact: true, level: 2 })).toBeVisible();
  await expect(page.getByRole("link", { name: "tu perfil" })).toHaveAttribute("href", "/profile");
  await expect(page.getByRole("heading", { name: "Zona horaria", level: 2 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Hacer la visita" })).toBeVisible();
  await expect(page.getByRole("link", { name: "aviso de privacidad" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Descargar mis datos" })).toBeVisible();
  // The new-password fields are shared with the reset page; they speak Spanish here too.
  await expect(page.getByLabel("Nueva contraseña", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Repite la nueva contraseña")).toBeVisible();

  const choices = page
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Guardar las preferencias de notificación" }) });
  await expect(choices.getByRole("checkbox", { name: /Monedero y recargas/ })).toBeDisabled();
  await choices.getByRole("checkbox", { name: /Menciones/ }).uncheck();
  await choices.getByRole("button", { name: "Guardar las preferencias de notificación" }).click();
  await expect(page.getByText("Se guardaron tus preferencias de notificación.")).toBeVisible();
  await expect(choices.getByRole("checkbox", { name: /Menciones/ })).not.toBeChecked();

  // Deleting asks for the Spanish word (or DELETE, or the email); a wrong one is refused in Spanish.
  await page.getByRole("button", { name: "Eliminar la cuenta…" }).click();
  await page.getByLabel("Escribe ELIMINAR o tu correo para confirmar").fill("bórralo");
  await page.getByRole("button", { name: "Eliminar mi cuenta" }).click();
  await expect(page.getByText("Escribe ELIMINAR o tu correo para confirmar.").first()).toBeVisible();
  expect((await getUser(e2eStore(), lucia.uid))?.fullName).toBe(lucia.fullName);
  await page.context().close();
});

test("a refused password change on /settings is explained in French, beside its fields", async ({
  browser,
  baseURL,
}) => {
  const camille = await createUser({ fullName: "Camille Réglages", profile: { language: "fr" } });
  // An English browser: the member's own choice decides the language of the answer, not the browser's.
  const page = await openAs(browser, camille, baseURL!, { path: "/settings" });
  await expect(page).toHaveTitle("Paramètres · SkillSwap");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Changer de mot de passe" }) });
  await form.getByLabel("Mot de passe actuel").fill(camille.password);
  await form.getByLabel("Nouveau mot de passe", { exact: true }).fill("une phrase de passe assez longue");
  await form.getByLabel("Répétez le nouveau mot de passe").fill("une autre phrase de passe");
  await form.getByRole("button", { name: "Changer de mot de passe" }).click();
  await expect(form.getByText("Les deux mots de passe ne correspondent pas.")).toBeVisible();
  await form.getByLabel("Mot de passe actuel").fill("pas le mien");
  await form.getByLabel("Nouveau mot de passe", { exact: true }).fill("une phrase de passe assez longue");
  await form.getByLabel("Répétez le nouveau mot de passe").fill("une phrase de passe assez longue");
  await form.getByRole("button", { name: "Changer de mot de passe" }).click();
  await expect(form.getByText("Votre mot de passe actuel est incorrect.")).toBeVisible();
  await page.context().close();
});

test("/settings in Arabic at 390 px, right to left", async ({ browser, baseURL }) => {
  const amal = await createUser({ fullName: "أمل الإعدادات", profile: { language: "ar" } });
  const page = await openAs(browser, amal, baseURL!, { path: "/settings", viewport: PHONE });
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: "الإعدادات", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "حذف الحساب", level: 2 })).toBeVisible();
  // Nothing runs off the side of a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: "test-results/settings-ar-390.png", fullPage: true });
  await page.context().close();
});
