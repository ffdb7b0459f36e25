import { expect, test } from "./support/test";
import { createUser, openAs } from "./support/fixtures";
import { e2eStore } from "./support/store";
import { getUser } from "~/documents/users";
import { prepareXp } from "~/features/progress/xp-awards.server";
import { reviewAward, sessionAwards } from "~/features/progress/xp";
import { setSkills } from "~/features/skills/skills.server";
import { parseSkillLines } from "~/features/skills/tags";

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

test("/profile in Spanish: its words, a taxonomy skill by its Spanish name, and a refused name in Spanish", async ({
  browser,
  baseURL,
}) => {
  const name = `Lucía Perfil ${Date.now().toString(36)}`;
  const lucia = await createUser({ fullName: name, profile: { language: "es", bio: "Toco la guitarra." } });
  await setSkills(e2eStore(), lucia.uid, parseSkillLines("Guitar: expert").skills, [], {});
  const page = await openAs(browser, lucia, baseURL!, { path: "/profile" });
  await expect(page).toHaveTitle("Tu perfil · SkillSwap");
  await expect(page.getByRole("heading", { name: "Tu perfil", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Verlo como lo ven los demás" })).toBeVisible();
  await expect(page.getByText("Nivel 1 · 0 xp")).toBeVisible();
  await expect(page.getByText("Zona horaria: UTC")).toBeVisible();
  // The member's name is theirs: shown as written, never translated.
  await expect(page.getByRole("heading", { name, level: 2 })).toHaveAttribute("translate", "no");
  await expect(page.locator("aside").getByText("Guitarra")).toBeVisible();
  await expect(page.getByRole("button", { name: "Subir foto" })).toBeVisible();
  await page.getByLabel("Nombre completo").fill("L");
  await page.getByRole("button", { name: "Guardar el perfil" }).click();
  await expect(page.getByText("Escribe al menos 2 caracteres.")).toBeVisible();
  await page.getByLabel("Nombre completo").fill(name);
  await page.getByLabel("Idiomas").fill("español, inglés");
  await page.getByRole("button", { name: "Guardar el perfil" }).click();
  await expect(page.getByText("Se guardó tu perfil.")).toBeVisible();
  expect((await getUser(e2eStore(), lucia.uid))?.languages).toEqual(["español", "inglés"]);
  await page.context().close();
});

test("/progress in Arabic: badges, hours and the xp history rendered from each award's kind", async ({
  browser,
  baseURL,
}) => {
  const amal = await createUser({ fullName: "أمل التقدم", profile: { language: "ar" } });
  const bookingId = `progress-ar-${Date.now().toString(36)}`;
  await e2eStore().transaction(async (tx) => {
    const awards = [
      ...sessionAwards({
        bookingId,
        role: "mentor",
        skillTag: "guitar",
        skillLabel: "Guitar",
        durationMinutes: 60,
        firstOfKind: true,
      }),
      reviewAward(bookingId, "someone", 5)!,
    ];
    (await prepareXp(tx, amal.uid, awards, { bookingId, skillTag: "guitar", now: Date.now() })).commit();
  });
  const page = await openAs(browser, amal, baseURL!, { path: "/progress", viewport: PHONE });
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page).toHaveTitle("التقدّم · SkillSwap");
  await expect(page.getByRole("heading", { name: "التقدّم", level: 1 })).toBeVisible();
  const badges = page.getByRole("region", { name: "الشارات" });
  await expect(badges.locator("li").first()).toContainText("الجلسة الأولى");
  await expect(badges).toContainText("سلسلة الخمس نجوم");
  const history = page.getByRole("region", { name: "سجلّ نقاط الخبرة xp" });
  // The taxonomy's skill by its Arabic name, inside a line written from the award's kind.
  await expect(history).toContainText("علّمت الغيتار لمدة 60 دقيقة");
  await expect(history).toContainText("أول جلسة تعلّم فيها الغيتار");
  await expect(history).toContainText("تلقّيت تقييمًا بـ5 نجوم");
  await expect(history).toContainText("+60 xp");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: "test-results/progress-ar-390.png", fullPage: true });
  await page.context().close();
});

test("a picture that cannot be read is refused in French, in the browser and by the server, and the picture stays", async ({
  browser,
  baseURL,
}) => {
  const unreadable = "Impossible de lire cette image. Choisissez un autre fichier JPEG, PNG ou WebP.";
  const fake = { name: "fake.png", mimeType: "image/png", buffer: Buffer.from("These are my notes, not a picture.\n") };
  const user = await createUser({ fullName: `Inès Image ${Date.now().toString(36)}`, profile: { language: "fr" } });
  const page = await openAs(browser, user, baseURL!, { path: "/profile" });
  const before = (await getUser(e2eStore(), user.uid))?.profilePicture;

  // The page decodes the picture first, and refuses it itself.
  await page.getByLabel("Photo de profil").setInputFiles(fake);
  await page.getByRole("button", { name: "Envoyer la photo" }).click();
  await expect(page.getByRole("alert")).toHaveText(unreadable);

  // A post that skips the page is read by the server, which answers in the member's language.
  const response = await page.request.post("/profile.data", {
    headers: { Origin: baseURL! },
    multipart: { avatar: fake },
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain(unreadable);
  expect((await getUser(e2eStore(), user.uid))?.profilePicture).toBe(before);
  await page.context().close();
});
