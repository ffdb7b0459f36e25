import { describe, expect, it } from "vitest";
import { fixedT } from "~/i18n/i18n.server";
import { LANGUAGES } from "~/i18n/config";
import {
  formMessageKey,
  linkProblemKey,
  PASSWORD_CHANGED_SIGN_IN_AGAIN,
  passwordChangeMessageKey,
  sdkErrorCode,
  SESSION_NOT_STARTED,
  UNKNOWN_ERROR,
} from "./auth-messages";

/** The Firebase JS SDK's codes the forms and the e-mail link page word (decision 080). */
const FORM_CODES = [
  "auth/invalid-credential",
  "auth/wrong-password",
  "auth/user-not-found",
  "auth/invalid-email",
  "auth/weak-password",
  "auth/too-many-requests",
  "auth/user-disabled",
  "auth/network-request-failed",
];
const LINK_CODES = [
  "auth/expired-action-code",
  "auth/invalid-action-code",
  "auth/user-disabled",
  "auth/user-not-found",
];

describe("Firebase mode's sign-in errors by key (issue 30)", () => {
  it("reads the SDK's code from its error", () => {
    expect(sdkErrorCode(Object.assign(new Error("x"), { code: "auth/too-many-requests" }))).toBe(
      "auth/too-many-requests",
    );
    expect(sdkErrorCode(new Error("no code"))).toBeUndefined();
    expect(sdkErrorCode(null)).toBeUndefined();
  });

  it("keeps the English word for word", () => {
    const t = fixedT("en", "common");
    expect(t(formMessageKey("auth/wrong-password"))).toBe("Email or password is incorrect.");
    expect(t(formMessageKey("auth/user-not-found"))).toBe("Email or password is incorrect.");
    expect(t(formMessageKey("auth/invalid-credential"))).toBe("Email or password is incorrect.");
    expect(t(formMessageKey("auth/invalid-email"))).toBe("Enter a valid email address.");
    expect(t(formMessageKey("auth/weak-password"))).toBe("Use a password of at least 8 characters.");
    expect(t(formMessageKey("auth/too-many-requests"))).toBe("Too many attempts. Wait a few minutes and try again.");
    expect(t(formMessageKey("auth/user-disabled"))).toBe("This account has been disabled.");
    expect(t(formMessageKey("auth/network-request-failed"))).toBe(
      "We could not reach the sign-in service. Check your connection and try again.",
    );
    expect(t(formMessageKey("auth/internal-error"))).toBe("Something went wrong. Please try again.");
    expect(t(formMessageKey(undefined))).toBe("Something went wrong. Please try again.");
    expect(t(SESSION_NOT_STARTED)).toBe("We could not sign you in. Please try again.");
    expect(t(linkProblemKey("auth/expired-action-code")!)).toBe("This link has expired. Ask for a new one.");
    expect(t(linkProblemKey("auth/invalid-action-code")!)).toBe(
      "This link has already been used or is not valid. Ask for a new one.",
    );
    expect(t(linkProblemKey("auth/user-not-found")!)).toBe("This link belongs to an account that no longer exists.");
  });

  it("answers null for a code that leaves an e-mail link usable", () => {
    expect(linkProblemKey("auth/network-request-failed")).toBeNull();
    expect(linkProblemKey("auth/weak-password")).toBeNull();
    expect(linkProblemKey(undefined)).toBeNull();
  });

  it("words every code in each language, never as the key or the English", () => {
    const keys = [...FORM_CODES.map(formMessageKey), UNKNOWN_ERROR, SESSION_NOT_STARTED];
    keys.push(...LINK_CODES.map((code) => linkProblemKey(code)!));
    const english = fixedT("en", "common");
    for (const { code } of LANGUAGES.filter((l) => l.code !== "en")) {
      const t = fixedT(code, "common");
      for (const key of keys) {
        const text = t(key);
        expect(text, `${code} ${key}`).not.toContain("errors.");
        expect(text, `${code} ${key}`).not.toBe(english(key));
      }
    }
    expect(fixedT("es", "common")(formMessageKey("auth/wrong-password"))).toBe(
      "El correo o la contraseña no son correctos.",
    );
    expect(fixedT("fr", "common")(formMessageKey("auth/too-many-requests"))).toBe(
      "Trop de tentatives. Patientez quelques minutes, puis réessayez.",
    );
  });

  it("words /settings' password change as the embedded engine's form does (issue 30, decision 095)", () => {
    const t = fixedT("en", "common");
    // A wrong current password reads as the server's form says it, not as a sign-in's.
    for (const code of ["auth/invalid-credential", "auth/wrong-password", "auth/user-mismatch"])
      expect(t(passwordChangeMessageKey(code)), code).toBe("Your current password is incorrect.");
    expect(t(passwordChangeMessageKey("auth/weak-password"))).toBe("Use a password of at least 8 characters.");
    expect(t(passwordChangeMessageKey("auth/too-many-requests"))).toBe(
      "Too many attempts. Wait a few minutes and try again.",
    );
    expect(t(passwordChangeMessageKey("auth/network-request-failed"))).toBe(
      "We could not reach the sign-in service. Check your connection and try again.",
    );
    expect(t(passwordChangeMessageKey(undefined))).toBe("Something went wrong. Please try again.");
    expect(t(PASSWORD_CHANGED_SIGN_IN_AGAIN)).toBe(
      "Your password was changed, but this device could not stay signed in. Sign in again with your new password.",
    );
    expect(fixedT("es", "common")(passwordChangeMessageKey("auth/invalid-credential"))).toBe(
      "Tu contraseña actual no es correcta.",
    );
    for (const { code } of LANGUAGES.filter((l) => l.code !== "en")) {
      const text = fixedT(code, "common")(PASSWORD_CHANGED_SIGN_IN_AGAIN);
      expect(text, code).not.toContain("settings.");
      expect(text, code).not.toBe(t(PASSWORD_CHANGED_SIGN_IN_AGAIN));
    }
  });
});
