import { userPath } from "~/documents/users";
import { createUser, signInAs } from "./support/fixtures";
import { e2eStore } from "./support/store";
import { expect, test } from "./support/test";

/**
 * Issue 30 (decision 080): the sign-in's and the accounts' refusals in the reader's language on the
 * embedded engine: a suspended member's, /api/session's own answers and an unknown reset link. The
 * sign-up limit is 1,000 an hour on the e2e server; its refusal in Spanish is tested on the route
 * (app/routes/signup.test.ts).
 */

const SPANISH = { locale: "es-ES", extraHTTPHeaders: { "Accept-Language": "es-ES,es;q=0.9" } };
const FRENCH = { locale: "fr-FR", extraHTTPHeaders: { "Accept-Language": "fr-FR,fr;q=0.9" } };

test("a suspended member is told so in Spanish: when their session ends, and when they sign in again", async ({
  browser,
  baseURL,
}) => {
  const user = await createUser();
  const context = await browser.newContext(SPANISH);
  await signInAs(context, user, baseURL!);
  const page = await context.newPage();
  await page.goto("/wallet");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await e2eStore().update(userPath(user.uid), {
    suspension: { reason: "Spam repetido en los chats.", at: Date.now(), byUid: "admin" },
  });

  await page.goto("/matches");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fmatches/);
  await expect(page.getByText("Tu cuenta está suspendida", { exact: true })).toBeVisible();
  await expect(
    page.getByText(
      "Spam repetido en los chats. Si crees que es un error, responde al correo con el que te registraste.",
    ),
  ).toBeVisible();

  await page.getByLabel("Correo electrónico").fill(user.email);
  await page.getByLabel("Contraseña").fill(user.password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(
    page.getByText(
      "Tu cuenta está suspendida: Spam repetido en los chats. Si crees que es un error, responde al correo con el que te registraste.",
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
  await context.close();
});

test("/api/session answers in French: an incomplete request, and a sign-in this server does not take", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext(FRENCH);
  const post = (data: unknown) =>
    context.request.post("/api/session", { data, headers: { Origin: new URL(baseURL!).origin } });

  const incomplete = await post({ intent: "signIn" });
  expect(incomplete.status()).toBe(400);
  expect(await incomplete.json()).toEqual({ error: "Reconnectez-vous : la demande était incomplète." });

  // The embedded engine checks passwords itself: an ID token is not a way in here.
  const token = await post({ idToken: "an-id-token", intent: "signIn" });
  expect(token.status()).toBe(404);
  expect(await token.json()).toEqual({ error: "Ce mode de connexion n’est pas disponible ici." });
  await context.close();
});

test("a reset link nobody sent is refused in French", async ({ browser }) => {
  const context = await browser.newContext(FRENCH);
  const page = await context.newPage();
  await page.goto(`/auth/action?mode=resetPassword&oobCode=${"a".repeat(43)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Ce lien ne peut pas être utilisé" })).toBeVisible();
  await expect(page.getByText("Ce lien de réinitialisation n’est pas valide. Demandez-en un nouveau.")).toBeVisible();
  await context.close();
});
