/**
 * The embedded engine's AuthProvider: email + password accounts checked by this server,
 * with revocable server-side sessions and emailed password-reset codes.
 *
 * Secrets are never stored as they are: passwords as scrypt hashes, session tokens and
 * reset codes as SHA-256 hashes, so a copy of the database yields no live session and
 * no password.
 */
import { createHash, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import type { DocStore, Transaction } from "../store/types";
import { AlreadyExistsError } from "../store/types";
import { OUTBOX } from "../mail/collection.server";
import { forgetLoggedPath } from "../store/change-log.server";
import { readThrough } from "../store/read-cache.server";
import {
  createMailCap,
  createVerificationMailCap,
  emailActionLink,
  resetMail,
  signUpAttemptMail,
  verificationMail,
  type Mailer,
  type MailMessage,
} from "./mail.server";
import { createSignInThrottle } from "./sign-in-throttle.server";
import {
  AuthError,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type AuthProvider,
  type AuthUser,
  type Credentials,
  type Session,
  type SignInRecord,
} from "./types";

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60_000;
export const RESET_CODE_LIFETIME_MS = 60 * 60_000;
/** A verification link works for three days, as Firebase's do. */
export const VERIFY_CODE_LIFETIME_MS = 72 * 60 * 60_000;

const MESSAGES = {
  invalidEmail: "Enter a valid email address.",
  weakPassword: `Use a password of at least ${PASSWORD_MIN_LENGTH} characters.`,
  emailTaken: "An account with this email already exists. Sign in instead.",
  invalidCredentials: "Email or password is incorrect.",
  wrongCurrentPassword: "Your current password is incorrect.",
  resetCodeUsed: "This reset link has expired or was already used. Ask for a new one.",
  resetCodeUnknown: "This reset link is not valid. Ask for a new one.",
  verifyCodeInvalid:
    "This verification link has expired, was already used or is not valid. Sign in and ask for a new one in Settings.",
  notSupported: "This sign-in method is not available here.",
} as const;

/** Documents of the embedded engine's accounts; only the server reads them. */
export interface AuthUserDoc extends Record<string, unknown> {
  email: string;
  passwordHash: string;
  salt: string;
  displayName: string | null;
  photoURL: string | null;
  createdAt: number;
  passwordChangedAt: number;
  /** Absent on accounts that never held the admin role. */
  admin?: boolean;
  /** When the address was verified; null until then, absent on accounts made before verification existed. */
  emailVerifiedAt?: number | null;
}

/** `verify_codes/{sha256(code)}`: a verification link, for the address it was sent to. */
interface VerifyCodeDoc extends Record<string, unknown> {
  uid: string;
  email: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

interface AuthEmailDoc extends Record<string, unknown> {
  uid: string;
}

interface SessionDoc extends Record<string, unknown> {
  uid: string;
  createdAt: number;
  expiresAt: number;
}

interface ResetCodeDoc extends Record<string, unknown> {
  uid: string;
  email: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

// --- passwords --------------------------------------------------------------------------

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 64 } as const;
// 128·N·r bytes of working memory (16 MiB) plus headroom; Node's default cap is 32 MiB.
const SCRYPT_MAXMEM = 64 * 1024 * 1024;

function scryptAsync(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number; keylen: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // The async form runs on libuv's thread pool, so hashing never blocks other requests.
    scrypt(
      password.normalize("NFC"),
      salt,
      params.keylen,
      { N: params.N, r: params.r, p: params.p, maxmem: SCRYPT_MAXMEM },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/**
 * Hashes a password for an `auth_users` document. The hash names its parameters
 * (`scrypt$N$r$p$hash`) so they can be raised later without breaking existing accounts.
 * Exported for fixtures that create users directly in the store.
 */
export async function hashPassword(password: string): Promise<{ passwordHash: string; salt: string }> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, SCRYPT);
  return {
    passwordHash: `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${key.toString("base64")}`,
    salt: salt.toString("base64"),
  };
}

export async function verifyPassword(
  password: string,
  stored: { passwordHash: string; salt: string },
): Promise<boolean> {
  const [scheme, n, r, p, hash] = stored.passwordHash.split("$");
  if (scheme !== "scrypt" || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const params = { N: Number(n), r: Number(r), p: Number(p), keylen: expected.length };
  if (![params.N, params.r, params.p, params.keylen].every((v) => Number.isInteger(v) && v > 0)) return false;
  const actual = await scryptAsync(password, Buffer.from(stored.salt, "base64"), params);
  return timingSafeEqual(actual, expected);
}

// Checked against when the email is unknown, so that answering "unknown email" costs the
// same one scrypt as answering "wrong password" and timing does not reveal who has an
// account. Random bytes serve: no password needs to match it.
const DECOY = {
  passwordHash: `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${randomBytes(SCRYPT.keylen).toString("base64")}`,
  salt: randomBytes(16).toString("base64"),
};

// --- small helpers ----------------------------------------------------------------------

// Deliberately permissive (one @, a dot in the domain, no spaces): the reset email is the
// real test of an address, and a strict pattern only turns away real people. "/" and
// control characters are refused because the address is a document id (`auth_emails/…`);
// real providers do not hand out such addresses.
const EMAIL_PATTERN = /^[^\s@/\p{Cc}]+@[^\s@/\p{Cc}]+\.[^\s@/.\p{Cc}]+$/u;

function normalizeEmail(email: string): string {
  return email.normalize("NFC").trim().toLowerCase();
}

function assertValidEmail(email: string): void {
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) {
    throw new AuthError("invalid_email", MESSAGES.invalidEmail);
  }
}

function assertStrongEnough(password: string): void {
  // Counted in code points, so an emoji is one character as a person sees it.
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) {
    throw new AuthError("weak_password", MESSAGES.weakPassword);
  }
}

function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** 32 random bytes, base64url: what session cookies and reset links carry. */
function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

// A 32-byte base64url secret is exactly 43 characters; anything else cannot be one of ours.
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const UID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** 28 alphanumeric characters, like Firebase uids, so ids look the same on both engines. */
function newUid(): string {
  let uid = "";
  while (uid.length < 28) {
    for (const byte of randomBytes(32)) {
      // 248 = 4·62: dropping the rest keeps every character equally likely.
      if (byte < 248 && uid.length < 28) uid += UID_ALPHABET[byte % 62];
    }
  }
  return uid;
}

function toAuthUser(uid: string, doc: AuthUserDoc): AuthUser {
  return {
    uid,
    email: doc.email,
    displayName: doc.displayName,
    photoURL: doc.photoURL,
    ...(doc.admin === true && { admin: true }),
    emailVerified: typeof doc.emailVerifiedAt === "number",
  };
}

/** A session and its account as getSessionUser needs them: no password hash is kept. */
interface KeptSession {
  createdAt: number;
  expiresAt: number;
  account: { user: AuthUser; passwordChangedAt: number } | null;
}

/**
 * The session document at `path` and its account, kept in the read cache (decision 037) until a
 * commit writes either (the change log says so, so never older than the store): every signed-in
 * request asks (issue 28, decision 096). The times are checked by the caller on every request.
 */
async function keptSession(store: DocStore, path: string): Promise<KeptSession | null> {
  // A list, not a test: the cache checks it with one lookup per path, however many paths other
  // members wrote since this session's last request (decision 197). The account's joins it below.
  const dependsOn = [path];
  const kept = await readThrough(store, `session:${path}`, dependsOn, async (): Promise<KeptSession | null> => {
    const session = await store.get<SessionDoc>(path);
    if (!session) return null;
    const user = await store.get<AuthUserDoc>(userPath(session.data.uid));
    return {
      createdAt: session.data.createdAt,
      expiresAt: session.data.expiresAt,
      account: user && {
        user: toAuthUser(session.data.uid, user.data),
        passwordChangedAt: user.data.passwordChangedAt,
      },
    };
  });
  if (kept?.account) dependsOn.push(userPath(kept.account.user.uid));
  return kept;
}

function passwordCredentials(credentials: Credentials) {
  if (credentials.kind !== "password") {
    throw new AuthError("not_supported", MESSAGES.notSupported);
  }
  return credentials;
}

const userPath = (uid: string) => `auth_users/${uid}`;
const emailPath = (emailLower: string) => `auth_emails/${emailLower}`;
const sessionPath = (token: string) => `sessions/${sha256Hex(token)}`;
const resetCodePath = (code: string) => `reset_codes/${sha256Hex(code)}`;
const verifyCodePath = (code: string) => `verify_codes/${sha256Hex(code)}`;

/** Deletes every session of `uid` and voids its unused reset links, inside `tx`. */
async function voidCredentialsIn(tx: Transaction, uid: string, now: number, exceptCodePath?: string): Promise<void> {
  const [sessions, codes] = await Promise.all([
    tx.query<SessionDoc>({ collection: "sessions", where: [["uid", "==", uid]] }),
    tx.query<ResetCodeDoc>({
      collection: "reset_codes",
      where: [
        ["uid", "==", uid],
        ["usedAt", "==", null],
      ],
    }),
  ]);
  for (const session of sessions) tx.delete(session.path);
  for (const code of codes) {
    if (code.path !== exceptCodePath) tx.update(code.path, { usedAt: now });
  }
}

// --- the provider -----------------------------------------------------------------------

/** Sign-in records deleted per transaction by the retention sweep. */
const EXPIRED_BATCH = 200;

/**
 * Deletes sessions, password-reset codes and verification links that have run out (decision 044):
 * an expired one is refused when it is presented anyway, so deleting it changes no answer, and
 * they say who signed in when. Run daily by the retention job; returns how many it deleted.
 */
export async function deleteExpiredSignIns(store: DocStore, now: number): Promise<number> {
  let deleted = 0;
  for (const collection of ["sessions", "reset_codes", "verify_codes"]) {
    for (;;) {
      const expired = await store.query({ collection, where: [["expiresAt", "<=", now]], limit: EXPIRED_BATCH });
      if (expired.length === 0) break;
      await store.transaction(async (tx) => {
        for (const doc of expired) tx.delete(doc.path);
      });
      deleted += expired.length;
      if (expired.length < EXPIRED_BATCH) break;
    }
  }
  return deleted;
}

export interface LocalAuthOptions {
  mail: Mailer;
  now?: () => number;
}

export function createLocalAuth(store: DocStore, options: LocalAuthOptions): AuthProvider {
  const now = options.now ?? Date.now;
  const throttle = createSignInThrottle(store);
  // Each reset request sends an email; without a cap anyone could flood a person's inbox.
  // Counted per address whether or not it has an account, so refusing reveals nothing.
  const resetRequests = createMailCap("password_reset", 5, "Too many reset requests");
  // The same for verification e-mails, per account.
  const verifyRequests = createVerificationMailCap();
  // Someone signing up with a taken address: its owner hears of it once a day, not once per attempt.
  const signUpAttemptMails = createMailCap("sign_up_attempt", 1, "Too many sign-up attempts", 24 * 60 * 60_000);

  /** Tells the owner of `email` that someone tried to create an account with it; silent past the caps. */
  async function mailOwnerOfSignUpAttempt(email: string, origin: string, language: string): Promise<void> {
    try {
      signUpAttemptMails.count(email, now());
      await mailResetLink(email, origin, (link) => signUpAttemptMail(email, link, origin, language));
    } catch (error) {
      // Past a limit the owner has enough mail; the answer must not say so.
      if (!(error instanceof AuthError && error.code === "too_many_attempts")) throw error;
    }
  }

  /**
   * Counts a reset-link request for `email` and, when it has an account, stores a fresh code and
   * mails the message `compose` writes around the link. Throws too_many_attempts past the limit.
   */
  async function mailResetLink(email: string, origin: string, compose: (link: string) => MailMessage): Promise<void> {
    const at = now();
    resetRequests.count(email, at);
    const found = await findUserByEmail(email);
    if (!found) return;
    const code = newSecret();
    await store.create(resetCodePath(code), {
      uid: found.uid,
      email,
      createdAt: at,
      expiresAt: at + RESET_CODE_LIFETIME_MS,
      usedAt: null,
    } satisfies ResetCodeDoc);
    await options.mail(compose(emailActionLink(origin, "resetPassword", code)));
  }

  async function findUserByEmail(emailLower: string): Promise<{ uid: string; doc: AuthUserDoc } | null> {
    const entry = await store.get<AuthEmailDoc>(emailPath(emailLower));
    if (!entry) return null;
    const user = await store.get<AuthUserDoc>(userPath(entry.data.uid));
    return user ? { uid: entry.data.uid, doc: user.data } : null;
  }

  async function readResetCode(
    code: string,
    get: (path: string) => Promise<{ path: string; data: ResetCodeDoc } | null>,
  ) {
    if (typeof code !== "string" || !SECRET_PATTERN.test(code)) {
      throw new AuthError("reset_code_invalid", MESSAGES.resetCodeUnknown);
    }
    const doc = await get(resetCodePath(code));
    if (!doc) throw new AuthError("reset_code_invalid", MESSAGES.resetCodeUnknown);
    if (doc.data.usedAt !== null || doc.data.expiresAt <= now()) {
      throw new AuthError("reset_code_expired", MESSAGES.resetCodeUsed);
    }
    return doc;
  }

  return {
    capabilities: { emailLinksInBrowser: false, checksPasswords: true },
    async signUp(credentials) {
      const { email: rawEmail, password } = passwordCredentials(credentials);
      const email = normalizeEmail(rawEmail);
      assertValidEmail(email);
      assertStrongEnough(password);
      // Cheap early answer for the common case; the transaction below is what guarantees
      // one account per email when sign-ups race.
      if (await store.get(emailPath(email))) {
        throw new AuthError("email_taken", MESSAGES.emailTaken);
      }
      const { passwordHash, salt } = await hashPassword(password);
      const uid = newUid();
      const createdAt = now();
      const doc: AuthUserDoc = {
        email,
        passwordHash,
        salt,
        displayName: null,
        photoURL: null,
        createdAt,
        passwordChangedAt: createdAt,
        emailVerifiedAt: null,
      };
      try {
        await store.transaction(async (tx) => {
          if (await tx.get(emailPath(email))) {
            throw new AuthError("email_taken", MESSAGES.emailTaken);
          }
          tx.create(emailPath(email), { uid });
          tx.create(userPath(uid), doc);
        });
      } catch (error) {
        if (error instanceof AlreadyExistsError) throw new AuthError("email_taken", MESSAGES.emailTaken);
        throw error;
      }
      return toAuthUser(uid, doc);
    },

    async signIn(credentials) {
      const { email: rawEmail, password, clientKey } = passwordCredentials(credentials);
      const email = normalizeEmail(rawEmail);
      assertValidEmail(email);
      const attempt = { email, clientKey };
      await throttle.assertAllowed(attempt, now());
      const found = await findUserByEmail(email);
      const ok = await verifyPassword(password, found?.doc ?? DECOY);
      if (!found || !ok) {
        await throttle.recordFailure(attempt, now());
        throw new AuthError("invalid_credentials", MESSAGES.invalidCredentials);
      }
      await throttle.recordSuccess(attempt);
      return toAuthUser(found.uid, found.doc);
    },

    async startSession(user, credentials) {
      passwordCredentials(credentials);
      const token = newSecret();
      const createdAt = now();
      const expiresAt = createdAt + SESSION_LIFETIME_MS;
      await store.create(sessionPath(token), { uid: user.uid, createdAt, expiresAt } satisfies SessionDoc);
      // Sessions nobody ends (a closed laptop) would otherwise pile up forever; signing in
      // is a natural moment to clear this user's dead ones.
      const expired = await store.query<SessionDoc>({
        collection: "sessions",
        where: [
          ["uid", "==", user.uid],
          ["expiresAt", "<=", createdAt],
        ],
      });
      await Promise.all(expired.map((session) => store.delete(session.path)));
      return { token, expiresAt } satisfies Session;
    },

    async getSessionUser(token) {
      if (typeof token !== "string" || !SECRET_PATTERN.test(token)) return null;
      const path = sessionPath(token);
      const session = await keptSession(store, path);
      if (!session) return null;
      if (session.expiresAt <= now()) {
        await store.delete(path);
        return null;
      }
      if (!session.account) return null;
      // Revocation deletes sessions, but one started while a password change was being
      // committed could slip past that delete; it is still older than the new password.
      if (session.createdAt < session.account.passwordChangedAt) return null;
      // The kept user is shared and frozen; the caller gets its own.
      return { ...session.account.user };
    },

    async endSession(token) {
      if (typeof token !== "string" || !SECRET_PATTERN.test(token)) return;
      await store.delete(sessionPath(token));
    },

    async revokeSessions(uid) {
      await store.transaction(async (tx) => {
        const sessions = await tx.query<SessionDoc>({ collection: "sessions", where: [["uid", "==", uid]] });
        for (const session of sessions) tx.delete(session.path);
      });
    },

    async findUserByEmail(rawEmail) {
      const email = normalizeEmail(rawEmail);
      const entry = await store.get<AuthEmailDoc>(emailPath(email));
      if (!entry) return null;
      const user = await store.get<AuthUserDoc>(userPath(entry.data.uid));
      return user ? toAuthUser(entry.data.uid, user.data) : null;
    },

    async signInHistory(uid) {
      const [user, sessions] = await Promise.all([
        store.get<AuthUserDoc>(userPath(uid)),
        store.query<SessionDoc>({ collection: "sessions", where: [["uid", "==", uid]] }),
      ]);
      const records: SignInRecord[] = [];
      if (user) {
        records.push({ event: "account created", at: user.data.createdAt, until: null });
        if (user.data.passwordChangedAt > user.data.createdAt)
          records.push({ event: "password changed", at: user.data.passwordChangedAt, until: null });
      }
      for (const session of sessions)
        records.push({ event: "signed in (session)", at: session.data.createdAt, until: session.data.expiresAt });
      return records.sort((a, b) => a.at - b.at);
    },

    async getUser(uid) {
      const user = await store.get<AuthUserDoc>(userPath(uid));
      return user ? toAuthUser(uid, user.data) : null;
    },

    async getUsers(uids) {
      const users = await store.getAll<AuthUserDoc>(uids.map(userPath));
      return users.map((user, i) => (user ? toAuthUser(uids[i], user.data) : null));
    },

    async setAdmin(uid, admin) {
      await store.transaction(async (tx) => {
        const user = await tx.get<AuthUserDoc>(userPath(uid));
        if (!user) throw new AuthError("invalid_credentials", "There is no account with this id.");
        tx.update(user.path, { admin });
      });
    },

    async requestPasswordReset(rawEmail, origin, language) {
      const email = normalizeEmail(rawEmail);
      assertValidEmail(email);
      await mailResetLink(email, origin, (link) => resetMail(email, link, language));
    },

    async signUpTakenAddress(credentials, origin, language) {
      const { email: rawEmail, password, clientKey } = passwordCredentials(credentials);
      const email = normalizeEmail(rawEmail);
      assertValidEmail(email);
      const attempt = { email, clientKey };
      // Guessing the owner's password here is guessing it on the sign-in form: the same throttle.
      const allowed = await throttle.assertAllowed(attempt, now()).then(
        () => true,
        (error: unknown) => {
          if (error instanceof AuthError && error.code === "too_many_attempts") return false;
          throw error;
        },
      );
      const found = await findUserByEmail(email);
      // Exactly one scrypt whatever the answer, throttled included: what a new account's password
      // costs, so the time taken does not say that the address is taken (decision 024).
      const ok = await verifyPassword(password, allowed && found ? found.doc : DECOY);
      if (allowed && found && ok) {
        await throttle.recordSuccess(attempt);
        return toAuthUser(found.uid, found.doc);
      }
      if (allowed) await throttle.recordFailure(attempt, now());
      if (found) await mailOwnerOfSignUpAttempt(email, origin, language);
      return null;
    },

    async sendEmailVerification(uid, origin, language) {
      const user = await store.get<AuthUserDoc>(userPath(uid));
      if (!user || typeof user.data.emailVerifiedAt === "number") return;
      const at = now();
      verifyRequests.count(uid, at);
      const code = newSecret();
      const email = user.data.email;
      await store.create(verifyCodePath(code), {
        uid,
        email,
        createdAt: at,
        expiresAt: at + VERIFY_CODE_LIFETIME_MS,
        usedAt: null,
      } satisfies VerifyCodeDoc);
      await options.mail(verificationMail(email, emailActionLink(origin, "verifyEmail", code), language));
    },

    async verifyEmail(code) {
      const invalid = () => new AuthError("verify_code_invalid", MESSAGES.verifyCodeInvalid);
      if (typeof code !== "string" || !SECRET_PATTERN.test(code)) throw invalid();
      return store.transaction(async (tx) => {
        const doc = await tx.get<VerifyCodeDoc>(verifyCodePath(code));
        if (!doc || doc.data.usedAt !== null || doc.data.expiresAt <= now()) throw invalid();
        const user = await tx.get<AuthUserDoc>(userPath(doc.data.uid));
        // A link proves the address it was sent to, not one the account has since changed to.
        if (!user || user.data.email !== doc.data.email) throw invalid();
        const at = now();
        tx.update(doc.path, { usedAt: at });
        if (typeof user.data.emailVerifiedAt !== "number") tx.update(user.path, { emailVerifiedAt: at });
        return { uid: doc.data.uid, email: doc.data.email };
      });
    },

    async checkResetCode(code) {
      const doc = await readResetCode(code, (path) => store.get<ResetCodeDoc>(path));
      return doc.data.email;
    },

    async resetPassword(code, newPassword) {
      // Check the code before the costly hash so a bad link answers at once…
      await readResetCode(code, (path) => store.get<ResetCodeDoc>(path));
      assertStrongEnough(newPassword);
      const { passwordHash, salt } = await hashPassword(newPassword);
      await store.transaction(async (tx) => {
        // …and again inside the transaction, which is what makes a code work only once.
        const doc = await readResetCode(code, (path) => tx.get<ResetCodeDoc>(path));
        const user = await tx.get<AuthUserDoc>(userPath(doc.data.uid));
        if (!user) throw new AuthError("reset_code_invalid", MESSAGES.resetCodeUnknown);
        const at = now();
        await voidCredentialsIn(tx, doc.data.uid, at, doc.path);
        tx.update(doc.path, { usedAt: at });
        tx.update(user.path, { passwordHash, salt, passwordChangedAt: at });
      });
    },

    async changePassword(uid, currentPassword, newPassword) {
      assertStrongEnough(newPassword);
      const user = await store.get<AuthUserDoc>(userPath(uid));
      if (!user) throw new AuthError("invalid_credentials", MESSAGES.wrongCurrentPassword);
      // Someone holding a stolen session must not be able to guess the password here
      // faster than on the sign-in form.
      const attempt = { email: user.data.email, clientKey: "" };
      await throttle.assertAllowed(attempt, now());
      if (!(await verifyPassword(currentPassword, user.data))) {
        await throttle.recordFailure(attempt, now());
        throw new AuthError("invalid_credentials", MESSAGES.wrongCurrentPassword);
      }
      await throttle.recordSuccess(attempt);
      const { passwordHash, salt } = await hashPassword(newPassword);
      await store.transaction(async (tx) => {
        const fresh = await tx.get<AuthUserDoc>(userPath(uid));
        // The password changed (e.g. a reset) since it was checked: the check no longer holds.
        if (!fresh || fresh.data.passwordHash !== user.data.passwordHash) {
          throw new AuthError("invalid_credentials", MESSAGES.wrongCurrentPassword);
        }
        const at = now();
        await voidCredentialsIn(tx, uid, at);
        tx.update(fresh.path, { passwordHash, salt, passwordChangedAt: at });
      });
    },

    async deleteAccount(uid) {
      // Reset links are deleted, not just marked used: they name the email, which is personal data.
      const deletedEmail = await store.transaction(async (tx) => {
        const [user, sessions, codes, verifyCodes] = await Promise.all([
          tx.get<AuthUserDoc>(userPath(uid)),
          tx.query<SessionDoc>({ collection: "sessions", where: [["uid", "==", uid]] }),
          tx.query<ResetCodeDoc>({ collection: "reset_codes", where: [["uid", "==", uid]] }),
          tx.query<VerifyCodeDoc>({ collection: "verify_codes", where: [["uid", "==", uid]] }),
        ]);
        const email = user ? await tx.get<AuthEmailDoc>(emailPath(user.data.email)) : null;
        // Mails in the embedded outbox carry the address and reset links: personal data too.
        const mails = user ? await tx.query({ collection: OUTBOX, where: [["to", "==", user.data.email]] }) : [];
        for (const doc of [...sessions, ...codes, ...verifyCodes, ...mails]) tx.delete(doc.path);
        // The email entry could point at a newer account only if it was re-registered, which
        // cannot happen while this one holds it; checking keeps a retry harmless anyway.
        if (email && email.data.uid === uid) tx.delete(email.path);
        if (user) tx.delete(user.path);
        return user?.data.email ?? null;
      });
      if (deletedEmail) {
        // Which addresses signed in to the account is personal data too.
        await throttle.forget(deletedEmail);
        // So is the index entry's path, which the change log keeps after the entry is gone (issue 32).
        forgetLoggedPath(store, emailPath(deletedEmail));
      }
    },

    // The embedded engine has no ID tokens: the session cookie is the only credential.
    async verifyIdToken() {
      return null;
    },

    async createClientToken() {
      throw new AuthError(
        "not_supported",
        "Live updates on this server come from the app itself; no client token is needed.",
      );
    },
  };
}
