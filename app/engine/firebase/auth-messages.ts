/**
 * Firebase mode's sign-in errors in the page's language (issue 30, decision 080): the Firebase JS
 * SDK's error codes as messages of the "auth" catalogue, named with their namespace ("auth:…") so
 * any `t` of a page that loads "auth" (/auth, /signup, /reset-password, /auth/action) words them.
 * Pure: no SDK here, so the mapping is unit-tested without a browser.
 */

/** What the sign-in, sign-up and reset forms say for an SDK error code. */
const FORM_MESSAGES: Record<string, string> = {
  "auth/invalid-credential": "auth:errors.invalid_credentials",
  "auth/wrong-password": "auth:errors.invalid_credentials",
  "auth/user-not-found": "auth:errors.invalid_credentials",
  "auth/invalid-email": "auth:errors.invalid_email",
  "auth/weak-password": "auth:errors.weak_password",
  "auth/too-many-requests": "auth:errors.browser.tooManyRequests",
  "auth/user-disabled": "auth:errors.browser.userDisabled",
  "auth/network-request-failed": "auth:errors.browser.network",
};

/**
 * What /settings' password change says for an SDK error code where it differs from the sign-in
 * forms: the password checked is the member's current one, worded as the embedded engine's form
 * words it ("profile" catalogue).
 */
const PASSWORD_CHANGE_MESSAGES: Record<string, string> = {
  "auth/invalid-credential": "profile:settings.messages.wrongCurrentPassword",
  "auth/wrong-password": "profile:settings.messages.wrongCurrentPassword",
  "auth/user-mismatch": "profile:settings.messages.wrongCurrentPassword",
};

/** The password was changed, but trading the new sign-in for this device's session failed. */
export const PASSWORD_CHANGED_SIGN_IN_AGAIN = "profile:settings.messages.passwordChangedSignInAgain";

/** Any other error: the person can only try again. */
export const UNKNOWN_ERROR = "auth:errors.browser.unknown";
/** /api/session refused without saying why (its answers carry their own words). */
export const SESSION_NOT_STARTED = "auth:errors.browser.sessionNotStarted";

/** Codes after which an e-mail link itself is useless: the person needs a new e-mail. */
const LINK_PROBLEMS: Record<string, string> = {
  "auth/expired-action-code": "auth:errors.link.expired",
  "auth/invalid-action-code": "auth:errors.link.invalid",
  "auth/user-disabled": "auth:errors.browser.userDisabled",
  "auth/user-not-found": "auth:errors.link.noAccount",
};

export function sdkErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/** The catalogue key of the message for an SDK error code (UNKNOWN_ERROR for one not listed). */
export function formMessageKey(code: string | undefined): string {
  return (code !== undefined && FORM_MESSAGES[code]) || UNKNOWN_ERROR;
}

/** The catalogue key of the password change's message for an SDK error code (as the forms' for the rest). */
export function passwordChangeMessageKey(code: string | undefined): string {
  return (code !== undefined && PASSWORD_CHANGE_MESSAGES[code]) || formMessageKey(code);
}

/** The catalogue key when an e-mail link can no longer be used; null for any other code. */
export function linkProblemKey(code: string | undefined): string | null {
  return (code !== undefined && LINK_PROBLEMS[code]) || null;
}
