/**
 * /settings' password change in Firebase mode (issue 30, decision 095): the browser's client SDK
 * checks the current password and sets the new one with the Auth emulator, then trades its fresh
 * sign-in for this device's session cookie; every other device is signed out, as on the embedded
 * engine. Refusals read in the member's language. Without JavaScript the section says it needs it.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import type { DocStore } from "~/engine/store/types";
import { PASSWORD, signIn } from "./accounts";
import { emulatorStore, readEmulators } from "./emulators";
import { createMember, openAs, storageStateFor, type Member } from "./members";
import { expect, test } from "./test";

const NEW_PASSWORD = "una frase nueva y larga";

let store: DocStore;
test.beforeAll(async () => {
  store = await emulatorStore();
});
test.afterAll(async () => {
  await store.close();
});

/** Whether the Auth emulator signs `who` in with `password` (what Firebase holds, not what a page shows). */
async function acceptsPassword(who: Member, password: string): Promise<boolean> {
  const { auth } = readEmulators();
  const response = await fetch(
    `http://${auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: who.email, password, returnSecureToken: true }),
    },
  );
  return response.ok;
}

/** The password form, once the page's scripts run it (before that a click would do nothing). */
async function passwordForm(page: Page) {
  await page.goto("/settings");
  return page.locator("form").filter({ has: page.getByRole("button", { name: "Cambiar la contraseña" }) });
}

async function fill(form: Awaited<ReturnType<typeof passwordForm>>, current: string, next: string, repeat = next) {
  await form.getByLabel("Contraseña actual").fill(current);
  await form.getByLabel("Nueva contraseña", { exact: true }).fill(next);
  await form.getByLabel("Repite la nueva contraseña").fill(repeat);
  await form.getByRole("button", { name: "Cambiar la contraseña" }).click();
}

test("a Spanish member changes the password in the browser: refusals in Spanish, the other device signed out, the new one signs in", async ({
  browser,
  baseURL,
}) => {
  // Three SDK round trips per change, then a sign-out and two sign-ins, on two busy cores.
  test.setTimeout(180_000);
  const member = await createMember(store, `Paz Clave ${randomUUID().slice(0, 6)}`, { language: "es" });
  const elsewhere = await openAs(browser, member, baseURL!);
  await elsewhere.goto("/dashboard");
  await expect(elsewhere).toHaveURL(/\/dashboard$/);

  const page = await openAs(browser, member, baseURL!);
  const form = await passwordForm(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");

  // The repeat differs: refused in the browser before Firebase is asked, as the server's form would.
  await fill(form, PASSWORD, NEW_PASSWORD, "otra cosa distinta");
  await expect(form.getByRole("alert")).toHaveText("Las dos contraseñas no coinciden.");

  // A wrong current password: the Auth emulator refuses the SDK's check; nothing changes.
  const check = page.waitForResponse((r) =>
    r.url().includes("/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword"),
  );
  await fill(form, "no es mi contraseña", NEW_PASSWORD);
  expect((await check).status()).toBe(400);
  await expect(form.getByRole("alert")).toHaveText("Tu contraseña actual no es correcta.");
  expect(await acceptsPassword(member, PASSWORD)).toBe(true);

  await fill(form, PASSWORD, NEW_PASSWORD);
  await expect(
    page.getByText("Se cambió tu contraseña. Se ha cerrado la sesión en los demás dispositivos."),
  ).toBeVisible();
  await expect(form.getByRole("alert")).toHaveCount(0);
  expect(await acceptsPassword(member, NEW_PASSWORD)).toBe(true);
  expect(await acceptsPassword(member, PASSWORD)).toBe(false);

  // This device kept its session (a new cookie); the other one's ended with the change.
  await page.reload();
  await expect(page).toHaveURL(/\/settings$/);
  await elsewhere.goto("/dashboard");
  await expect(elsewhere).toHaveURL(/\/auth\?redirectTo=%2Fdashboard$/);

  // Signed out (the sign-in page speaks the browser's English), the old password no longer signs
  // in and the new one does.
  await page.locator('[data-tour="profile-menu"]').click();
  await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
  await page.waitForURL(/\/auth$/);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await signIn(page, member.email, PASSWORD);
  await expect(page.getByRole("alert")).toHaveText("Email or password is incorrect.");
  await signIn(page, member.email, NEW_PASSWORD);
  await page.waitForURL(/\/dashboard$/);
  await elsewhere.context().close();
});

test("when this device's new session cannot be made, the form says the password changed and to sign in again", async ({
  browser,
  baseURL,
}) => {
  const member = await createMember(store, `Luz Sesion ${randomUUID().slice(0, 6)}`, { language: "es" });
  // A service worker's fetches would pass Playwright's routes by: this one must reach the page's.
  const context = await browser.newContext({
    storageState: await storageStateFor(member, baseURL!),
    serviceWorkers: "block",
  });
  const page = await context.newPage();
  const form = await passwordForm(page);
  await page.route("**/api/session", (route) => route.fulfill({ status: 503, json: {} }));
  await fill(form, PASSWORD, NEW_PASSWORD);
  await expect(page.getByRole("alert")).toHaveText(
    "Se cambió tu contraseña, pero este dispositivo no pudo mantener la sesión. Vuelve a iniciar sesión con tu nueva contraseña.",
  );
  expect(await acceptsPassword(member, NEW_PASSWORD)).toBe(true);
  await context.close();
});

test.describe("without JavaScript", () => {
  test("the section says in Spanish that it needs JavaScript, and a post is refused with the same words", async ({
    browser,
    baseURL,
  }) => {
    const member = await createMember(store, `Sol Sinjs ${randomUUID().slice(0, 6)}`, { language: "es" });
    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await storageStateFor(member, baseURL!),
    });
    const page = await context.newPage();
    const needsJavaScript =
      "Para cambiar la contraseña aquí hace falta JavaScript. Actívalo en este navegador y recarga la página.";
    await page.goto("/settings");
    // Playwright's text matching skips <noscript>; a browser without JavaScript draws its content.
    const notice = page.locator("noscript > p");
    await expect(notice).toHaveText(needsJavaScript);
    await expect(notice).toBeVisible();
    await expect(page.getByLabel("Contraseña actual")).toBeDisabled();

    // A post made all the same (by hand) is refused in the member's words; the password is unchanged.
    const response = await page.request.post("/settings", {
      headers: { Origin: new URL(baseURL!).origin },
      form: { intent: "password", currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirm: NEW_PASSWORD },
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain(needsJavaScript);
    expect(await acceptsPassword(member, PASSWORD)).toBe(true);
    await context.close();
  });
});
