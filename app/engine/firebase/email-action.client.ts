/**
 * Firebase mode, in the browser: the links of Firebase's account e-mails
 * (`/auth/action?mode=…&oobCode=…`) are checked and applied with the client SDK, which is where
 * Firebase Auth answers them. Loaded lazily through ../auth/email-links.client.ts, only in Firebase mode.
 */
import { applyActionCode, checkActionCode, confirmPasswordReset, verifyPasswordResetCode } from "firebase/auth";
import type { EmailActionMode, EmailActionOutcome } from "../auth/types";
import { browserAuth } from "./browser-auth.client";

// Codes after which the link itself is useless: the person needs a new e-mail.
const LINK_PROBLEMS: Record<string, string> = {
  "auth/expired-action-code": "This link has expired. Ask for a new one.",
  "auth/invalid-action-code": "This link has already been used or is not valid. Ask for a new one.",
  "auth/user-disabled": "This account has been disabled.",
  "auth/user-not-found": "This link belongs to an account that no longer exists.",
};

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/** The message to show when `error` means the link cannot be used; null for anything else. */
export function linkProblemOf(error: unknown): string | null {
  const code = codeOf(error);
  return typeof code === "string" ? (LINK_PROBLEMS[code] ?? null) : null;
}

/** True when Firebase refused the new password itself (the link still works). */
export function isWeakPassword(error: unknown): boolean {
  return codeOf(error) === "auth/weak-password";
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
      if (!linkProblemOf(error)) opened.delete(key);
    });
  }
  return outcome;
}

export async function confirmNewPassword(oobCode: string, password: string): Promise<void> {
  await confirmPasswordReset(browserAuth(), oobCode, password);
}

export { messageFor } from "./browser-auth.client";
