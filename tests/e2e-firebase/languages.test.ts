/**
 * Firebase mode's sign-in errors in the page's language (issue 30, decisions 080 and 087): the
 * client SDK's answers from the Auth emulator are worded through the "auth" catalogue in the
 * browser, and the forms' own checks (run before the SDK is asked) through "common"; English stays
 * word for word. A notice that arrives live names its built-in skill in the reader's language, as
 * on the embedded engine (decision 111). One server and one emulator start for the whole file.
 */
import type { Page } from "@playwright/test";
import { addNotification } from "~/features/notifications/notifications.server";
import { expect, test } from "./test";
import { createAccount, lookUpAccountByEmail, PASSWORD, uniqueEmail } from "./accounts";
import { emulatorStore } from "./emulators";
import { createMember, openAs } from "./members";

/** Resolves with the Auth emulator's answer to the client SDK's `method` call (e.g. accounts:signInWithPassword). */
function sdkCall(page: Page, method: string) {
  return page.waitForResponse((response) => response.url().includes(`/identitytoolkit.googleapis.com/v1/${method}`));
}

interface Words {
  email: string;
  password: string;
  signIn: string;
  signUp: string;
  wrongCredentials: string;
  invalidEmail: string;
  weakPassword: string;
}

const WORDS: Record<"es" | "en", Words> = {
  es: {
    email: "Correo electrónico",
    password: "Contraseña",
    signIn: "Iniciar sesión",
    signUp: "Crear cuenta",
    wrongCredentials: "El correo o la contraseña no son correctos.",
    invalidEmail: "Introduce una dirección de correo válida.",
    weakPassword: "Usa una contraseña de al menos 8 caracteres.",
  },
  en: {
    email: "Email",
    password: "Password",
    signIn: "Sign in",
    signUp: "Create account",
    wrongCredentials: "Email or password is incorrect.",
    invalidEmail: "Enter a valid email address.",
    weakPassword: "Use a password of at least 8 characters.",
  },
};

async function submit(page: Page, words: Words, button: string, email: string, password: string): Promise<void> {
  await page.getByLabel(words.email).fill(email);
  await page.getByLabel(words.password).fill(password);
  await page.getByRole("button", { name: button, exact: true }).click();
}

for (const [language, acceptLanguage] of [
  ["es", "es-ES,es;q=0.9"],
  ["en", "en-GB,en;q=0.9"],
] as const) {
  test.describe(`in ${language}`, () => {
    test.use({ locale: acceptLanguage.split(",")[0], extraHTTPHeaders: { "Accept-Language": acceptLanguage } });

    test(`sign-in and sign-up errors read in ${language}`, async ({ page }) => {
      const words = WORDS[language];
      const email = uniqueEmail(`words-${language}`);
      await createAccount(email);

      await page.goto("/auth");
      await expect(page.locator("html")).toHaveAttribute("lang", language);

      // A wrong password: the Auth emulator refuses the client SDK's sign-in.
      const refused = sdkCall(page, "accounts:signInWithPassword");
      await submit(page, words, words.signIn, email, "not the password at all");
      expect((await refused).status()).toBe(400);
      await expect(page.getByRole("alert")).toHaveText(words.wrongCredentials);

      // An address with no account reads the same, so the form cannot be used to probe.
      const unknown = uniqueEmail(`nobody-${language}`);
      const unknownRefused = sdkCall(page, "accounts:signInWithPassword");
      await submit(page, words, words.signIn, unknown, PASSWORD);
      expect((await unknownRefused).status()).toBe(400);
      await expect(page.getByRole("alert")).toHaveText(words.wrongCredentials);

      // An address that is not one is refused before Firebase is asked.
      await submit(page, words, words.signIn, "ana@ejemplo", PASSWORD);
      await expect(page.getByRole("alert")).toHaveText(words.invalidEmail);
      await expect(page).toHaveURL(/\/auth$/);

      // Sign-up with a password too short: refused in the browser, no account made.
      await page.goto("/signup");
      const newcomer = uniqueEmail(`weak-${language}`);
      await submit(page, words, words.signUp, newcomer, "corta");
      await expect(page.getByRole("alert")).toHaveText(words.weakPassword);
      await expect(page).toHaveURL(/\/signup$/);
      expect(await lookUpAccountByEmail(newcomer)).toBeUndefined();
      expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("skillswap_session");
    });
  });
}

test.describe("in French", () => {
  test.use({ locale: "fr-FR", extraHTTPHeaders: { "Accept-Language": "fr-FR,fr;q=0.9" } });

  test("an e-mail link Firebase does not know is refused in French", async ({ page }) => {
    await page.goto("/auth/action?mode=resetPassword&oobCode=not-a-code-firebase-sent");
    await expect(page.getByRole("heading", { name: "Ce lien ne peut pas être utilisé" })).toBeVisible();
    await expect(
      page.getByText("Ce lien a déjà été utilisé ou n’est pas valide. Demandez-en un nouveau."),
    ).toBeVisible();
  });
});

test.describe("before the page's scripts run, in Spanish", () => {
  // As on a phone whose scripts have not arrived: the forms post to the server, which cannot
  // check passwords or send Firebase's mails in this mode (decision 087).
  test.use({
    javaScriptEnabled: false,
    locale: "es-ES",
    extraHTTPHeaders: { "Accept-Language": "es-ES,es;q=0.9" },
  });

  test("sign-in, sign-up and a reset posted to the server are refused in Spanish, nothing made", async ({ page }) => {
    const words = WORDS.es;
    const inBrowser =
      "En este servidor, el inicio de sesión se hace en tu navegador. Recarga la página y vuelve a intentarlo.";
    const email = uniqueEmail("sin-scripts");
    await createAccount(email);
    const posted = (path: string) =>
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === path);

    await page.goto("/auth");
    const signIn = posted("/auth");
    await submit(page, words, words.signIn, email, PASSWORD);
    expect((await signIn).status()).toBe(401);
    await expect(page.getByRole("alert")).toHaveText(inBrowser);

    await page.goto("/signup");
    const newcomer = uniqueEmail("sin-scripts-nuevo");
    const signUp = posted("/signup");
    await submit(page, words, words.signUp, newcomer, PASSWORD);
    expect((await signUp).status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText(inBrowser);
    expect(await lookUpAccountByEmail(newcomer)).toBeUndefined();
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("skillswap_session");

    await page.goto("/reset-password");
    await page.getByLabel(words.email).fill(email);
    const reset = posted("/reset-password");
    await page.getByRole("button", { name: "Enviar enlace" }).click();
    expect((await reset).status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText(
      "En este servidor, esto se hace en tu navegador. Recarga la página y vuelve a intentarlo.",
    );
  });
});

test("a French member reads a live notice about a built-in skill her page never showed in French", async ({
  browser,
  baseURL,
}) => {
  const store = await emulatorStore();
  try {
    const member = await createMember(store, "Fleur Firestore", { language: "fr" });
    const page = await openAs(browser, member, baseURL!);
    await page.goto("/notifications");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Notifications");

    await store.transaction(async (tx) =>
      addNotification(
        tx,
        member.uid,
        {
          type: "board_post",
          kind: "board_post_one",
          params: { postType: "offer", skill: "Guitar", text: "Cours du soir" },
          link: "/board",
        },
        Date.now(),
      ),
    );
    await expect(page.getByTestId("notification").first().getByRole("link")).toHaveText(
      "Non lue : Nouvelle offre sur le tableau : Guitare",
    );
    await page.context().close();
  } finally {
    await store.close();
  }
});
