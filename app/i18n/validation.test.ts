import { describe, expect, it } from "vitest";
import { AuthError } from "~/engine/auth/types";
import { fixedT } from "~/i18n/i18n.server";
import { LANGUAGE_CODES } from "~/i18n/config";
import { authErrorText } from "./validation";

/** Firebase mode's refusal of a form posted to the server (the browser's SDK does that work there). */
const notSupported = new AuthError("not_supported", "whatever the engine wrote");

describe("authErrorText: an auth engine's refusal in the reader's language", () => {
  it("words a not_supported refusal by what was asked, English word for word (decision 087)", () => {
    const t = fixedT("en", "auth");
    const signIn = "Sign-in happens in your browser on this server. Reload the page and try again.";
    expect(authErrorText(notSupported, t, { what: "signIn", locale: "en-IE" })).toBe(signIn);
    expect(authErrorText(notSupported, t, { what: "signUp", locale: "en-IE" })).toBe(signIn);
    const inBrowser = "This is done in your browser on this server. Reload the page and try again.";
    expect(authErrorText(notSupported, t, { what: "reset", locale: "en-IE" })).toBe(inBrowser);
    expect(authErrorText(notSupported, t)).toBe(inBrowser);
  });

  it("words it in every language, none of them English", () => {
    const english = [
      authErrorText(notSupported, fixedT("en", "auth"), { what: "signIn", locale: "en-IE" }),
      authErrorText(notSupported, fixedT("en", "auth")),
    ];
    for (const language of LANGUAGE_CODES.filter((l) => l !== "en")) {
      const t = fixedT(language, "auth");
      const worded = [
        authErrorText(notSupported, t, { what: "signIn", locale: language }),
        authErrorText(notSupported, t),
      ];
      worded.forEach((text, i) => {
        expect(text).not.toBe(english[i]);
        expect(text).not.toMatch(/errors\./);
      });
    }
    expect(authErrorText(notSupported, fixedT("es", "auth"), { what: "signUp", locale: "es" })).toBe(
      "En este servidor, el inicio de sesión se hace en tu navegador. Recarga la página y vuelve a intentarlo.",
    );
  });

  it("keeps a too_many_attempts refusal worded by what was asked, and an unknown code as written", () => {
    const t = fixedT("fr", "auth");
    const tooMany = new AuthError("too_many_attempts", "Too many", 5 * 60_000);
    expect(authErrorText(tooMany, t, { what: "reset", locale: "fr" })).toMatch(/^Trop de demandes/);
    expect(authErrorText(new AuthError("email_taken", "x"), t)).toBe(t("errors.email_taken"));
    expect(authErrorText({ code: "something_new", message: "As the engine wrote it." }, t)).toBe(
      "As the engine wrote it.",
    );
  });
});
