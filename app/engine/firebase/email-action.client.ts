/**
 * Firebase mode, in the browser: the links of Firebase's account e-mails
 * (`/auth/action?mode=…&oobCode=…`) are checked and applied with the client SDK, which is where
 * Firebase Auth answers them. Loaded lazily through ../auth/email-links.client.ts, only in Firebase mode.
 */
import { applyActionCode, checkActionCode, confirmPasswordReset, verifyPasswordResetCode } from "firebase/auth";
import type { TFunction } from "i18next";
import type { EmailActionMode, EmailActionOutcome } from "../auth/types";
import { browserAuth } from "./browser-auth.client";
import { linkProblemKey, sdkErrorCode } from "./auth-messages";

/** The message to show when `error` means the link cannot be used, in the page's language; null for anything else. */
export function linkProblemOf(error: unknown, t: TFunction): string | null {
  const key = linkProblemKey(sdkErrorCode(error));
  return key ? t(key) : null;
}

/** True when Firebase refused the new password itself (the link still works). */
export function isWeakPassword(error: unknown): boolean {
  return sdkErrorCode(error) === "auth/weak-password";
}

async function open(mode: EmailActionMode, oobCode: string): Promise<EmailActionOutcome> {
  const auth = browserAuth();
  if (mode === "resetPassword") return { kind: "resetPassword", email: await verifyPasswordResetCode(auth, oobCode) };
  if (mode === "verifyEmail") {
    await applyActionCode(auth, oobCode);
    return { kind: "emailVerified" };
  }
  // Read the address first: once applied, the code can no longer be checked.
  const info = await checkActionCode(auth, oobCode);
  await applyActionCode(auth, oobCode);
  return { kind: "emailRestored", email: info.data.email ?? "" };
}

// Applying a code uses it up: a second render or effect run must get the first answer, not an
// "already used" error.
const opened = new Map<string, Promise<EmailActionOutcome>>();

export function openEmailAction(mode: EmailActionMode, oobCode: string): Promise<EmailActionOutcome> {
  const key = `${mode}:${oobCode}`;
  let outcome = opened.get(key);
  if (!outcome) {
    outcome = open(mode, oobCode);
    opened.set(key, outcome);
    // A network failure may be retried; a used or expired link stays useless.
    outcome.catch((error: unknown) => {
      if (!linkProblemKey(sdkErrorCode(error))) opened.delete(key);
    });
  }
  return outcome;
}

export async function confirmNewPassword(oobCode: string, password: string): Promise<void> {
  await confirmPasswordReset(browserAuth(), oobCode, password);
}

export { messageFor } from "./browser-auth.client";
