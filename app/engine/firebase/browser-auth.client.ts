/**
 * Firebase mode, in the browser: sign-up, sign-in, reset e-mails and /settings' password change go
 * through the client SDK (Identity Toolkit limits sign-ups per IP address, so they must come from
 * the person's browser; the server never sees a password), then the fresh ID token is posted to
 * /api/session, which sets the HttpOnly session cookie. Loaded lazily by the auth forms and the
 * password change through ../auth/browser-forms.client.ts, only in Firebase mode.
 */
import { getApps, initializeApp } from "firebase/app";
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  inMemoryPersistence,
  initializeAuth,
  reauthenticateWithCredential,
  sendPasswordResetEmail,
  signInWithCustomToken,
  signInWithEmailAndPassword,
  signOut,
  updatePassword,
  type Auth,
  type UserCredential,
} from "firebase/auth";
import type { TFunction } from "i18next";
import { isLanguage } from "~/i18n/config";
import type { BrowserSignUpOutcome, PasswordChangeProblem } from "../auth/types";
import {
  formMessageKey,
  PASSWORD_CHANGED_SIGN_IN_AGAIN,
  passwordChangeMessageKey,
  SESSION_NOT_STARTED,
  sdkErrorCode,
} from "./auth-messages";
import { fetchClientToken } from "./client-token.client";

const APP_NAME = "skillswap-auth";
let auth: Auth | undefined;

/** The client SDK's Auth for the sign-in pages (one per page, created on first use). */
export function browserAuth(): Auth {
  if (auth) return auth;
  const config = window.ENV?.FIREBASE;
  if (!config) throw new Error("The Firebase web config is missing from window.ENV");
  const app =
    getApps().find((a) => a.name === APP_NAME) ??
    initializeApp(
      { apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId, appId: config.appId },
      APP_NAME,
    );
  // The session cookie is the credential that lasts; nothing is kept in the browser's storage.
  auth = initializeAuth(app, { persistence: inMemoryPersistence });
  if (config.emulators.auth) connectAuthEmulator(auth, `http://${config.emulators.auth}`, { disableWarnings: true });
  return auth;
}

/**
 * A message a person can act on, for any error of the SDK or of our session endpoint, in the page's
 * language (`t` of a page that loads "auth"); /api/session's refusals come worded by the server.
 */
export function messageFor(error: unknown, t: TFunction): string {
  if (error instanceof SessionError) return error.message || t(SESSION_NOT_STARTED);
  return t(formMessageKey(sdkErrorCode(error)));
}

/** /api/session refused: its message is the server's, in the request's language ("" when it gave none). */
class SessionError extends Error {}

/** Trades the fresh ID token of a sign-in or sign-up for the session cookie; returns where to go. */
async function startSession(credential: UserCredential, intent: "signIn" | "signUp", redirectTo: string) {
  const response = await fetch("/api/session", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    credentials: "same-origin",
    body: JSON.stringify({ idToken: await credential.user.getIdToken(), intent, redirectTo }),
  });
  const body = (await response.json().catch(() => ({}))) as { redirectTo?: string; error?: string };
  if (!response.ok || !body.redirectTo) throw new SessionError(body.error ?? "");
  return body.redirectTo;
}

export async function signIn(email: string, password: string, redirectTo: string): Promise<string> {
  return startSession(await signInWithEmailAndPassword(browserAuth(), email, password), "signIn", redirectTo);
}

/**
 * A new address gets its account and a session (whose start mails the verification link). An address
 * with an account never answers "already in use" (decision 024): its owner, typing their own
 * password, is signed in; anyone else is told to check the e-mail, and the owner gets a reset link.
 */
export async function signUp(email: string, password: string, redirectTo: string): Promise<BrowserSignUpOutcome> {
  const auth = browserAuth();
  try {
    const credential = await createUserWithEmailAndPassword(auth, email, password);
    // The server mails the verification link when it starts the session (/api/session).
    return { kind: "redirect", to: await startSession(credential, "signUp", redirectTo) };
  } catch (error) {
    if (sdkErrorCode(error) !== "auth/email-already-in-use") throw error;
  }
  try {
    return { kind: "redirect", to: await signIn(email, password, redirectTo) };
  } catch (error) {
    if (error instanceof SessionError) throw error;
  }
  await requestPasswordReset(email);
  return { kind: "checkEmail" };
}

/** Same answer for unknown addresses, so the form cannot be used to probe for accounts. */
export async function requestPasswordReset(email: string): Promise<void> {
  const auth = browserAuth();
  // Firebase writes this mail with its own template: in the page's language (decision 072), which
  // it sends as X-Firebase-Locale; the pseudo-locale is not one of Firebase's, so it gets English.
  const language = document.documentElement.lang;
  auth.languageCode = isLanguage(language) ? language : null;
  try {
    await sendPasswordResetEmail(auth, email, { url: `${window.location.origin}/auth` });
  } catch (error) {
    if (sdkErrorCode(error) === "auth/user-not-found") return;
    throw error;
  }
}

/** The password changed, but /api/session did not give this device a session from the new sign-in. */
class SignInAgainAfterChange extends Error {}

/**
 * The signed-in member's password change, as Firebase means it: the SDK signs in as the session's
 * member (a custom token), reauthenticates with the current password (Firebase checks it), then
 * sets the new one. Firebase counts a password change as a revocation: every session cookie made
 * before it stops, on this device too, as the embedded engine ends every session. So the SDK signs
 * in once more with the new password, whose ID token dates from after the change (the one it holds
 * may date from the check, in an earlier second, and would make a cookie already revoked), and
 * trades it at /api/session for this device's new cookie.
 */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  const auth = browserAuth();
  try {
    const { user } = await signInWithCustomToken(auth, (await fetchClientToken()).token);
    const email = user.email ?? "";
    await reauthenticateWithCredential(user, EmailAuthProvider.credential(email, currentPassword));
    await updatePassword(user, newPassword);
    const renewed = await reauthenticateWithCredential(user, EmailAuthProvider.credential(email, newPassword));
    await startSession(renewed, "signIn", "").catch(() => {
      throw new SignInAgainAfterChange();
    });
  } finally {
    // The session cookie is the credential; the SDK's user was only needed for the change.
    await signOut(auth).catch(() => {});
  }
}

/**
 * A message a person can act on, for an error of changePassword, in the page's language (`t` loads
 * "auth" and "profile"): beside the current password, as the server's form shows its refusals,
 * except that the change is done and this device must sign in again, which is about the form.
 */
export function passwordChangeProblem(error: unknown, t: TFunction): PasswordChangeProblem {
  if (error instanceof SignInAgainAfterChange) return { message: t(PASSWORD_CHANGED_SIGN_IN_AGAIN), field: null };
  return { message: t(passwordChangeMessageKey(sdkErrorCode(error))), field: "currentPassword" };
}
