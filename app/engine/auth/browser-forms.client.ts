/**
 * The auth port's browser face for the sign-in, sign-up and reset forms and /settings' password
 * change. Where the engine does not check passwords on the server (AuthCapabilities.checksPasswords
 * is false: Firebase keeps them in the browser's SDK), the forms' work happens in the browser with
 * the code this loads, lazily, so a route never names the engine.
 */
import type { TFunction } from "i18next";
import type { BrowserSignUpOutcome, PasswordChangeProblem } from "./types";

export interface BrowserAuthForms {
  /** Signs in and starts the server session; resolves to where the browser goes next. */
  signIn(email: string, password: string, redirectTo: string): Promise<string>;
  /**
   * Creates the account and starts the session, or, when the address has an account and the
   * password is not its own, mails the owner and answers checkEmail, as for any other address
   * (no answer says whether an address has an account).
   */
  signUp(email: string, password: string, redirectTo: string): Promise<BrowserSignUpOutcome>;
  /** Sends a reset link; silent for addresses without an account. */
  requestPasswordReset(email: string): Promise<void>;
  /** A message a person can act on, for any error of the above, in the page's language (`t` of a page that loads "auth"). */
  messageFor(error: unknown, t: TFunction): string;
  /**
   * The signed-in member's password change (/settings): checks the current password, sets the new
   * one, and gives this device a new session; every other session of the member ends, as on the
   * engine that checks passwords on the server.
   */
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
  /** What to say for an error of changePassword, and where, in the page's language (`t` of a page that loads "auth" and "profile"). */
  passwordChangeProblem(error: unknown, t: TFunction): PasswordChangeProblem;
}

export function loadBrowserAuthForms(): Promise<BrowserAuthForms> {
  return import("../firebase/browser-auth.client");
}
