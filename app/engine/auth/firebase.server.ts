/**
 * The Firebase engine's AuthProvider. Accounts live in Firebase Auth: the browser signs up, signs
 * in and resets passwords with the client SDK (Identity Toolkit limits sign-ups per IP address, so
 * they must come from the person's browser), then posts the ID token here. The server turns a
 * fresh ID token into a Firebase session cookie and checks that cookie, with revocation, on every
 * request.
 */
import type { Auth, DecodedIdToken, UserRecord } from "firebase-admin/auth";
import { createVerificationMailCap, emailActionLink, verificationMail, type Mailer } from "./mail.server";
import {
  AuthError,
  type AuthProvider,
  type AuthUser,
  type Credentials,
  type Session,
  type SignInRecord,
} from "./types";

/** createSessionCookie is only for a recent sign-in: an old ID token could be a stolen one. */
export const MAX_SIGN_IN_AGE_MS = 5 * 60_000;

const DAY_MS = 24 * 60 * 60_000;

// Codes that mean "this cookie or token does not identify anyone now"; anything else (network,
// quota, misconfiguration) is an outage and must not look like a sign-out.
const INVALID_CREDENTIAL_CODES = new Set([
  "auth/argument-error",
  "auth/invalid-argument",
  "auth/id-token-expired",
  "auth/id-token-revoked",
  "auth/invalid-id-token",
  "auth/session-cookie-expired",
  "auth/session-cookie-revoked",
  "auth/invalid-session-cookie",
  "auth/user-disabled",
  "auth/user-not-found",
]);

const MESSAGES = {
  passwordOnServer: "Sign-in happens in your browser on this server. Reload the page and try again.",
  tokenInvalid: "Your sign-in could not be confirmed. Please sign in again.",
  tokenStale: "Your sign-in is too old to start a session. Please sign in again.",
  inBrowser: "This is done in your browser on this server. Reload the page and try again.",
} as const;

export interface FirebaseAuthOptions {
  sessionCookieDays: number;
  /** Where verification mails go (the app's outgoing-mail port). */
  mail: Mailer;
  now?: () => number;
}

function authCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

function isInvalidCredential(error: unknown): boolean {
  const code = authCode(error);
  return code !== undefined && INVALID_CREDENTIAL_CODES.has(code);
}

function toAuthUser(claims: DecodedIdToken): AuthUser {
  return {
    uid: claims.uid,
    email: typeof claims.email === "string" ? claims.email : "",
    displayName: typeof claims.name === "string" && claims.name ? claims.name : null,
    photoURL: typeof claims.picture === "string" && claims.picture ? claims.picture : null,
    ...(claims.admin === true && { admin: true }),
    emailVerified: claims.email_verified === true,
  };
}

function fromUserRecord(record: UserRecord): AuthUser {
  return {
    uid: record.uid,
    email: record.email ?? "",
    displayName: record.displayName ?? null,
    photoURL: record.photoURL ?? null,
    ...(record.customClaims?.admin === true && { admin: true }),
    emailVerified: record.emailVerified,
  };
}

async function userRecordOrNull(read: () => Promise<UserRecord>): Promise<AuthUser | null> {
  try {
    return fromUserRecord(await read());
  } catch (error) {
    if (authCode(error) === "auth/user-not-found") return null;
    throw error;
  }
}

function idTokenOf(credentials: Credentials): string {
  if (credentials.kind !== "idToken") throw new AuthError("not_supported", MESSAGES.passwordOnServer);
  return credentials.idToken;
}

export function createFirebaseAuth(auth: Auth, options: FirebaseAuthOptions): AuthProvider {
  const now = options.now ?? Date.now;
  const sessionLifetimeMs = options.sessionCookieDays * DAY_MS;
  // Counted in this process: Firebase mode's limits are per instance (decision 021).
  const verifyRequests = createVerificationMailCap();

  /** The user of a fresh, unrevoked ID token. */
  async function acceptFreshIdToken(credentials: Credentials): Promise<AuthUser> {
    const idToken = idTokenOf(credentials);
    let claims: DecodedIdToken;
    try {
      claims = await auth.verifyIdToken(idToken, true);
    } catch (error) {
      if (isInvalidCredential(error)) throw new AuthError("token_invalid", MESSAGES.tokenInvalid);
      throw error;
    }
    if (now() - claims.auth_time * 1000 > MAX_SIGN_IN_AGE_MS) throw new AuthError("token_stale", MESSAGES.tokenStale);
    return toAuthUser(claims);
  }

  async function notSupported(): Promise<never> {
    throw new AuthError("not_supported", MESSAGES.inBrowser);
  }

  return {
    capabilities: { emailLinksInBrowser: true, checksPasswords: false },
    // The browser already created the account; the server only accepts its fresh ID token.
    signUp: acceptFreshIdToken,
    signIn: acceptFreshIdToken,

    async startSession(_user, credentials): Promise<Session> {
      const idToken = idTokenOf(credentials);
      try {
        const token = await auth.createSessionCookie(idToken, { expiresIn: sessionLifetimeMs });
        return { token, expiresAt: now() + sessionLifetimeMs };
      } catch (error) {
        if (isInvalidCredential(error)) throw new AuthError("token_invalid", MESSAGES.tokenInvalid);
        throw error;
      }
    },

    async getSessionUser(token) {
      if (!token) return null;
      try {
        return toAuthUser(await auth.verifySessionCookie(token, true));
      } catch (error) {
        if (isInvalidCredential(error)) return null;
        throw error;
      }
    },

    // A session cookie cannot be deleted server-side: revoking the user's refresh tokens makes
    // every cookie issued before now fail `verifySessionCookie(…, true)`.
    async endSession(token) {
      if (!token) return;
      let uid: string;
      try {
        uid = (await auth.verifySessionCookie(token)).uid;
      } catch (error) {
        if (isInvalidCredential(error)) return;
        throw error;
      }
      await auth.revokeRefreshTokens(uid);
    },

    async revokeSessions(uid) {
      await auth.revokeRefreshTokens(uid);
    },

    async findUserByEmail(email) {
      return userRecordOrNull(() => auth.getUserByEmail(email.trim().toLowerCase()));
    },

    async signInHistory(uid) {
      let record: UserRecord;
      try {
        record = await auth.getUser(uid);
      } catch (error) {
        if (authCode(error) === "auth/user-not-found") return [];
        throw error;
      }
      const { creationTime, lastSignInTime, lastRefreshTime } = record.metadata;
      const records: SignInRecord[] = [];
      const add = (event: string, time: string | null | undefined) => {
        const at = time ? Date.parse(time) : Number.NaN;
        if (Number.isFinite(at)) records.push({ event, at, until: null });
      };
      add("account created", creationTime);
      add("last sign-in", lastSignInTime);
      add("last active", lastRefreshTime);
      return records.sort((a, b) => a.at - b.at);
    },

    async getUser(uid) {
      return userRecordOrNull(() => auth.getUser(uid));
    },

    async getUsers(uids) {
      const found = new Map<string, AuthUser>();
      // Firebase answers at most 100 identifiers per request.
      for (let start = 0; start < uids.length; start += 100) {
        const { users } = await auth.getUsers(uids.slice(start, start + 100).map((uid) => ({ uid })));
        for (const record of users) found.set(record.uid, fromUserRecord(record));
      }
      return uids.map((uid) => found.get(uid) ?? null);
    },

    // Claims travel inside session cookies: a grant shows from the next sign-in, and a revoke
    // must end the cookies that still carry the claim.
    async setAdmin(uid, admin) {
      const record = await auth.getUser(uid);
      const claims = { ...(record.customClaims ?? {}) };
      if (admin) claims.admin = true;
      else delete claims.admin;
      await auth.setCustomUserClaims(uid, claims);
      if (!admin) await auth.revokeRefreshTokens(uid);
    },

    async deleteAccount(uid) {
      // Revoke first: session cookies checked with checkRevoked stop working even if the
      // delete below fails and is retried later.
      try {
        await auth.revokeRefreshTokens(uid);
        await auth.deleteUser(uid);
      } catch (error) {
        // Already gone (a retry after a partial failure): the outcome asked for holds.
        if ((error as { code?: string }).code !== "auth/user-not-found") throw error;
      }
    },

    // Firebase makes the code; the link is this app's own /auth/action page (the browser's SDK
    // applies it there and the server settles the bonus hold at once, decision 024), and the mail
    // is the app's, as on the embedded engine.
    async sendEmailVerification(uid, origin, language) {
      const record = await userRecordOrNull(() => auth.getUser(uid));
      if (!record?.email || record.emailVerified) return;
      verifyRequests.count(uid, now());
      const firebaseLink = new URL(await auth.generateEmailVerificationLink(record.email));
      const code = firebaseLink.searchParams.get("oobCode");
      if (!code) throw new Error("Firebase answered a verification link without a code");
      await options.mail(verificationMail(record.email, emailActionLink(origin, "verifyEmail", code), language));
    },

    // The browser's SDK sends the signed-out mails (reset) and applies every link.
    requestPasswordReset: notSupported,
    signUpTakenAddress: notSupported,
    verifyEmail: notSupported,
    checkResetCode: notSupported,
    resetPassword: notSupported,
    changePassword: notSupported,

    async verifyIdToken(idToken) {
      if (!idToken) return null;
      try {
        return toAuthUser(await auth.verifyIdToken(idToken, true));
      } catch (error) {
        if (isInvalidCredential(error)) return null;
        throw error;
      }
    },

    createClientToken(uid) {
      return auth.createCustomToken(uid);
    },
  };
}
