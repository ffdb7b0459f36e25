/** The AuthProvider port: who a person is, and their server-side sessions. */
export interface AuthUser {
  uid: string;
  email: string;
  displayName: string | null;
  photoURL: string | null;
  /** The account holds the admin role (embedded: on the account; Firebase: the `admin` custom claim). */
  admin?: boolean;
  /**
   * The person opened the verification link sent to `email` (embedded: the link of
   * sendEmailVerification; Firebase: `emailVerified`). Decision 024: what waits until then.
   */
  emailVerified: boolean;
}

export type AuthErrorCode =
  | "invalid_credentials"
  | "email_taken"
  | "weak_password"
  | "invalid_email"
  | "too_many_attempts"
  | "reset_code_invalid"
  | "reset_code_expired"
  | "verify_code_invalid"
  | "token_invalid"
  /** An ID token from a sign-in older than a session may start from (Firebase). */
  | "token_stale"
  | "not_supported";

/** An error whose message can be shown to the person as it is. */
/** How long a password may be, on both engines and in every form that asks for one. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

export class AuthError extends Error {
  constructor(
    readonly code: AuthErrorCode,
    message: string,
    /** For too_many_attempts: when the person may try again. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "AuthError";
  }
}

/** How a person proves who they are: a password (embedded) or an ID token from the Firebase client SDK. */
export type Credentials =
  { kind: "password"; email: string; password: string; clientKey: string } | { kind: "idToken"; idToken: string };

export interface Session {
  /** The opaque value kept in the session cookie. */
  token: string;
  expiresAt: number;
}

/**
 * What an engine's sign-in can do, so that routes ask the port instead of which engine runs.
 */
export interface AuthCapabilities {
  /**
   * Account e-mail links (reset, verify, recover) are opened by the client SDK in the browser
   * (Firebase); otherwise the server checks their codes.
   */
  readonly emailLinksInBrowser: boolean;
  /**
   * The server can check a member's password (embedded). Where it cannot (Firebase keeps
   * passwords in the browser's SDK), a typed confirmation is the check before deleting an account.
   */
  readonly checksPasswords: boolean;
}

/** One thing the engine keeps about a member's sign-ins (for their data archive). */
export interface SignInRecord {
  /** What happened: "account created", "password changed", "signed in (session)", "last sign-in", … */
  event: string;
  at: number;
  /** Until when it holds (a session's expiry); null when it is a moment. */
  until: number | null;
}

export interface AuthProvider {
  readonly capabilities: AuthCapabilities;
  /** Creates an account (embedded) or accepts one the browser created (Firebase). */
  signUp(credentials: Credentials): Promise<AuthUser>;
  signIn(credentials: Credentials): Promise<AuthUser>;
  startSession(user: AuthUser, credentials: Credentials): Promise<Session>;
  /** The user behind a session cookie value, or null when it is unknown, expired or revoked. */
  getSessionUser(token: string): Promise<AuthUser | null>;
  endSession(token: string): Promise<void>;
  /** Ends every session of the user. */
  revokeSessions(uid: string): Promise<void>;
  /**
   * Sends a reset link to `/auth/action?mode=resetPassword&oobCode=…`; silent for unknown emails.
   * `language`: what the mail is written in (decision 072), the request's (a visitor's page); a
   * language SkillSwap does not offer writes English.
   */
  requestPasswordReset(email: string, origin: string, language: string): Promise<void>;
  /**
   * Sends a link to `/auth/action?mode=verifyEmail&oobCode=…` to the account's address through the
   * app's mail, on both engines (Firebase makes the code, the server mails it); nothing when it is
   * verified already. AuthError("too_many_attempts") past 5 an hour. Written in `language`, the
   * member's (decision 072).
   */
  sendEmailVerification(uid: string, origin: string, language: string): Promise<void>;
  /**
   * Applies a verification code: the account's address is verified from now on. Answers whose it
   * is; AuthError("verify_code_invalid") for an unknown, used or expired code, or one for an address
   * the account no longer has. Where links open in the browser, AuthError("not_supported").
   */
  verifyEmail(code: string): Promise<{ uid: string; email: string }>;
  /**
   * A sign-up with an address that has an account (signUp said email_taken; decision 024).
   * The owner's own password answers the owner (through the sign-in throttle, as a sign-in); any
   * other answers null and mails the owner that someone tried to create an account with it, with a
   * reset link, at most once a day (silent past that). Spends the hashing work of a new account
   * whatever the answer, so the time taken does not tell a taken address from a new one. The mail
   * is written in `language`, the request's (the page the form was on; decision 072).
   */
  signUpTakenAddress(credentials: Credentials, origin: string, language: string): Promise<AuthUser | null>;
  /** The email a reset code belongs to, or an AuthError when it is unknown, used or expired. */
  checkResetCode(code: string): Promise<string>;
  resetPassword(code: string, newPassword: string): Promise<void>;
  changePassword(uid: string, currentPassword: string, newPassword: string): Promise<void>;
  /**
   * Removes the account for good: its sign-in (the email can sign up again as a new account),
   * every session and every reset link. Documents outside the auth engine are the caller's.
   */
  deleteAccount(uid: string): Promise<void>;
  /**
   * What the engine keeps of the member's sign-ins, oldest first: the embedded engine its account's
   * creation, last password change and each live session; Firebase the account's metadata.
   */
  signInHistory(uid: string): Promise<SignInRecord[]>;
  /** The account registered with this email, or null. For admins and their command line. */
  findUserByEmail(email: string): Promise<AuthUser | null>;
  /** The account with this uid, or null. For admins. */
  getUser(uid: string): Promise<AuthUser | null>;
  /**
   * Many accounts at once, in the order of `uids`; null where there is none. For admins' member
   * list: one store read (embedded) or one request per 100 accounts (Firebase) instead of one each.
   */
  getUsers(uids: readonly string[]): Promise<(AuthUser | null)[]>;
  /**
   * Grants or revokes the admin role, from the user's next request on. A Firebase session cookie
   * keeps the claims it was made with, so there a revoke ends the user's sessions and a grant shows
   * from the next sign-in.
   */
  setAdmin(uid: string, admin: boolean): Promise<void>;
  /** The user behind a Firebase ID token sent as `Authorization: Bearer …`; null when invalid or on the embedded engine. */
  verifyIdToken(idToken: string): Promise<AuthUser | null>;
  /** A token the browser's client SDK signs in with (Firebase custom token); AuthError("not_supported") on the embedded engine. */
  createClientToken(uid: string): Promise<string>;
}

/**
 * Where a sign-up in the browser's forms (where `capabilities.checksPasswords` is false) leaves the
 * person: the page to go to, or told to read their e-mail.
 */
export type BrowserSignUpOutcome = { kind: "redirect"; to: string } | { kind: "checkEmail" };

/** A password change refused in the browser: the message, and the field it is about (null: the form as a whole). */
export interface PasswordChangeProblem {
  message: string;
  field: "currentPassword" | null;
}

/** The account e-mail links the browser opens where `capabilities.emailLinksInBrowser` holds. */
export type EmailActionMode = "resetPassword" | "verifyEmail" | "recoverEmail";

export type EmailActionOutcome =
  /** The code is good; the person now chooses a new password for this email. */
  | { kind: "resetPassword"; email: string }
  | { kind: "emailVerified" }
  /** The sign-in email was set back to `email` (someone had changed it). */
  | { kind: "emailRestored"; email: string };
