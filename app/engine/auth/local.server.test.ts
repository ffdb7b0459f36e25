import { createHash } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useTempStore } from "../../../tests/support/temp-store";
import { createLocalAuth, RESET_CODE_LIFETIME_MS, SESSION_LIFETIME_MS, type AuthUserDoc } from "./local.server";
import type { MailMessage } from "./mail.server";
import { AuthError, type AuthProvider, type Credentials } from "./types";

const T0 = 1_700_000_000_000;
const MINUTE = 60_000;
const PASSWORD = "correct horse battery";
const ORIGIN = "http://localhost:3000";

const { store } = useTempStore("skillswap-auth-");
let clock: number;
let sent: MailMessage[];
let auth: AuthProvider;

beforeEach(() => {
  clock = T0;
  sent = [];
  auth = createLocalAuth(store, {
    mail: async (message) => {
      sent.push(message);
    },
    now: () => clock,
  });
});

function password(email: string, pw = PASSWORD, clientKey = "198.51.100.1"): Credentials {
  return { kind: "password", email, password: pw, clientKey };
}

async function failure(promise: Promise<unknown>): Promise<AuthError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AuthError) return error;
    throw error;
  }
  throw new Error("expected an AuthError");
}

async function signedIn(email = "ada@example.com") {
  const user = await auth.signUp(password(email));
  const session = await auth.startSession(user, password(email));
  return { user, session };
}

async function resetCodeFor(email: string): Promise<string> {
  await auth.requestPasswordReset(email, ORIGIN, "en");
  const link = new URL(sent[sent.length - 1].link);
  return link.searchParams.get("oobCode")!;
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

describe("capabilities", () => {
  it("checks passwords on the server and answers account links there, not in the browser", () => {
    expect(auth.capabilities).toEqual({ emailLinksInBrowser: false, checksPasswords: true });
  });
});

describe("sign up", () => {
  it("creates an account under the trimmed, lowercased email without storing the password", async () => {
    const user = await auth.signUp(password("  Ada@Example.COM "));
    expect(user).toEqual({
      uid: expect.stringMatching(/^[A-Za-z0-9]{28}$/),
      email: "ada@example.com",
      displayName: null,
      photoURL: null,
      emailVerified: false,
    });

    const doc = await store.get<AuthUserDoc>(`auth_users/${user.uid}`);
    expect(doc?.data).toEqual({
      email: "ada@example.com",
      passwordHash: expect.any(String),
      salt: expect.any(String),
      displayName: null,
      photoURL: null,
      createdAt: T0,
      passwordChangedAt: T0,
      emailVerifiedAt: null,
    });
    expect(JSON.stringify(doc?.data)).not.toContain(PASSWORD);
    expect((await store.get("auth_emails/ada@example.com"))?.data).toEqual({ uid: user.uid });
  });

  it("gives each account its own salt", async () => {
    const a = await auth.signUp(password("a@example.com"));
    const b = await auth.signUp(password("b@example.com"));
    const [docA, docB] = await Promise.all([
      store.get<AuthUserDoc>(`auth_users/${a.uid}`),
      store.get<AuthUserDoc>(`auth_users/${b.uid}`),
    ]);
    expect(docA?.data.salt).not.toBe(docB?.data.salt);
    expect(docA?.data.passwordHash).not.toBe(docB?.data.passwordHash);
  });

  it("refuses an email that is taken, whatever its case", async () => {
    await auth.signUp(password("ada@example.com"));
    const error = await failure(auth.signUp(password("ADA@example.com ", "another password")));
    expect(error.code).toBe("email_taken");
    expect(error.message).toBe("An account with this email already exists. Sign in instead.");
  });

  it("registers an email once when 20 sign-ups race", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => auth.signUp(password("race@example.com", `password-${i}`))),
    );
    const created = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.reason).toMatchObject({ code: "email_taken" });
    expect(await store.query({ collection: "auth_users" })).toHaveLength(1);
    expect(await store.query({ collection: "auth_emails" })).toHaveLength(1);
  });

  it("refuses passwords shorter than 8 or longer than 200 characters", async () => {
    for (const pw of ["", "1234567", "x".repeat(201)]) {
      const error = await failure(auth.signUp(password("ada@example.com", pw)));
      expect(error.code).toBe("weak_password");
      expect(error.message).toBe("Use a password of at least 8 characters.");
    }
    await expect(auth.signUp(password("ada@example.com", "12345678"))).resolves.toBeTruthy();
  });

  it("refuses an invalid email", async () => {
    for (const email of [
      "",
      "ada",
      "ada@",
      "@example.com",
      "ada@example",
      "a da@example.com",
      "ada@@example.com",
      "a/b@example.com",
      "ada@exa/mple.com",
      "ada\u0000@example.com",
    ]) {
      const error = await failure(auth.signUp(password(email)));
      expect(error.code).toBe("invalid_email");
      expect(error.message).toBe("Enter a valid email address.");
    }
    expect(await store.query({ collection: "auth_users" })).toHaveLength(0);
  });

  it("does not accept ID tokens", async () => {
    const idToken: Credentials = { kind: "idToken", idToken: "eyJ…" };
    expect((await failure(auth.signUp(idToken))).code).toBe("not_supported");
    expect((await failure(auth.signIn(idToken))).code).toBe("not_supported");
  });
});

describe("sign in", () => {
  it("accepts the right password, whatever the email's case", async () => {
    const user = await auth.signUp(password("ada@example.com"));
    await expect(auth.signIn(password(" ADA@example.com"))).resolves.toEqual(user);
  });

  it("gives one message for a wrong password and for an unknown email", async () => {
    await auth.signUp(password("ada@example.com"));
    const wrong = await failure(auth.signIn(password("ada@example.com", "wrong password")));
    const unknown = await failure(auth.signIn(password("nobody@example.com")));
    for (const error of [wrong, unknown]) {
      expect(error.code).toBe("invalid_credentials");
      expect(error.message).toBe("Email or password is incorrect.");
    }
  });

  it("slows down after 5 failures and clears the count on success", async () => {
    await auth.signUp(password("ada@example.com"));
    for (let i = 0; i < 5; i++) {
      expect((await failure(auth.signIn(password("ada@example.com", "wrong password")))).code).toBe(
        "invalid_credentials",
      );
    }
    // Refused before the password is even checked, so the right one does not get through either.
    const refused = await failure(auth.signIn(password("ada@example.com")));
    expect(refused.code).toBe("too_many_attempts");
    expect(refused.message).toBe("Too many sign-in attempts. Try again in 5 seconds.");
    expect(refused.retryAfterMs).toBe(5_000);

    clock += 5_000;
    await expect(auth.signIn(password("ada@example.com"))).resolves.toMatchObject({ email: "ada@example.com" });
    // The success wiped the email's failures: a typo now is just a typo, from another client.
    await failure(auth.signIn(password("ada@example.com", "wrong password", "192.0.2.9")));
    await expect(auth.signIn(password("ada@example.com", PASSWORD, "192.0.2.9"))).resolves.toBeTruthy();
  });

  it("refuses for 15 minutes after 10 failures", async () => {
    await auth.signUp(password("ada@example.com"));
    let failures = 0;
    while (failures < 10) {
      const error = await failure(auth.signIn(password("ada@example.com", "wrong password")));
      if (error.code === "too_many_attempts") {
        clock += error.retryAfterMs!; // wait out each slow-down exactly, as a patient guesser would
      } else {
        expect(error.code).toBe("invalid_credentials");
        failures++;
      }
    }
    const refused = await failure(auth.signIn(password("ada@example.com")));
    expect(refused.code).toBe("too_many_attempts");
    expect(refused.retryAfterMs).toBe(15 * MINUTE);
    expect(refused.message).toBe("Too many sign-in attempts. Try again in 15 minutes.");

    clock += 15 * MINUTE - 1;
    expect((await failure(auth.signIn(password("ada@example.com")))).code).toBe("too_many_attempts");
    clock += 1;
    await expect(auth.signIn(password("ada@example.com"))).resolves.toBeTruthy();
  });

  it("does not lock the owner out: another address is only slowed down, the owner's known address not at all (finding 5)", async () => {
    await auth.signUp(password("ada@example.com"));
    await auth.signIn(password("ada@example.com", PASSWORD, "198.51.100.77"));
    for (let i = 0; i < 10; i++) {
      expect((await failure(auth.signIn(password("ada@example.com", "wrong password", `203.0.113.${i}`)))).code).toBe(
        "invalid_credentials",
      );
    }
    const stranger = await failure(auth.signIn(password("ada@example.com", PASSWORD, "192.0.2.1")));
    expect(stranger.code).toBe("too_many_attempts");
    expect(stranger.retryAfterMs).toBe(5_000);
    await expect(auth.signIn(password("ada@example.com", PASSWORD, "198.51.100.77"))).resolves.toBeTruthy();
  });

  it("counts failures for unknown emails too", async () => {
    for (let i = 0; i < 5; i++) await failure(auth.signIn(password("nobody@example.com")));
    expect((await failure(auth.signIn(password("nobody@example.com")))).code).toBe("too_many_attempts");
  });
});

describe("sessions", () => {
  it("stores only a hash of the token and resolves it to the user for 30 days", async () => {
    const { user, session } = await signedIn();
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.expiresAt).toBe(T0 + SESSION_LIFETIME_MS);
    expect(await store.get(`sessions/${session.token}`)).toBeNull();
    expect((await store.get(`sessions/${sha256(session.token)}`))?.data).toEqual({
      uid: user.uid,
      createdAt: T0,
      expiresAt: T0 + SESSION_LIFETIME_MS,
    });

    await expect(auth.getSessionUser(session.token)).resolves.toEqual(user);
    clock = session.expiresAt - 1;
    await expect(auth.getSessionUser(session.token)).resolves.toEqual(user);
    clock = session.expiresAt;
    await expect(auth.getSessionUser(session.token)).resolves.toBeNull();
    // An expired session is removed when it is seen.
    expect(await store.get(`sessions/${sha256(session.token)}`)).toBeNull();
  });

  it("keeps a session between requests until its session or its account is written (issue 28)", async () => {
    const { user, session } = await signedIn();
    await expect(auth.getSessionUser(session.token)).resolves.toEqual(user);
    const get = vi.spyOn(store, "get");
    await expect(auth.getSessionUser(session.token)).resolves.toEqual(user);
    expect(get).not.toHaveBeenCalled();
    get.mockRestore();

    // The session's own document: a kept session that was ended is refused.
    const other = await auth.startSession(user, password(user.email));
    await expect(auth.getSessionUser(other.token)).resolves.toEqual(user);
    await auth.endSession(other.token);
    await expect(auth.getSessionUser(other.token)).resolves.toBeNull();

    // The account's own document: a verified address shows on the next request…
    await store.update(`auth_users/${user.uid}`, { emailVerifiedAt: T0 + MINUTE });
    await expect(auth.getSessionUser(session.token)).resolves.toEqual({ ...user, emailVerified: true });
    // …and a password changed after the session started ends it, though its document is still there.
    await store.update(`auth_users/${user.uid}`, { passwordChangedAt: T0 + MINUTE });
    await expect(auth.getSessionUser(session.token)).resolves.toBeNull();
    expect(await store.get(`sessions/${sha256(session.token)}`)).not.toBeNull();
  });

  it("gives each session its own token", async () => {
    const { user } = await signedIn();
    const second = await auth.startSession(user, password(user.email));
    const third = await auth.startSession(user, password(user.email));
    expect(second.token).not.toBe(third.token);
  });

  it("knows nothing of unknown or malformed tokens", async () => {
    await signedIn();
    for (const token of ["", "nope", "A".repeat(43), "../../auth_users/x", "é".repeat(43)]) {
      await expect(auth.getSessionUser(token)).resolves.toBeNull();
    }
  });

  it("ends one session", async () => {
    const { user, session } = await signedIn();
    const other = await auth.startSession(user, password(user.email));
    await auth.endSession(session.token);
    await expect(auth.getSessionUser(session.token)).resolves.toBeNull();
    await expect(auth.getSessionUser(other.token)).resolves.toEqual(user);
    // Ending it again, or ending nonsense, is harmless.
    await auth.endSession(session.token);
    await auth.endSession("nonsense");
  });

  it("revokes every session of one user only", async () => {
    const ada = await signedIn("ada@example.com");
    const adaPhone = await auth.startSession(ada.user, password(ada.user.email));
    const bob = await signedIn("bob@example.com");

    await auth.revokeSessions(ada.user.uid);

    await expect(auth.getSessionUser(ada.session.token)).resolves.toBeNull();
    await expect(auth.getSessionUser(adaPhone.token)).resolves.toBeNull();
    await expect(auth.getSessionUser(bob.session.token)).resolves.toEqual(bob.user);
    expect(await store.query({ collection: "sessions", where: [["uid", "==", ada.user.uid]] })).toHaveLength(0);
  });

  it("clears a user's expired sessions when a new one starts", async () => {
    const { user, session } = await signedIn();
    clock += SESSION_LIFETIME_MS + 1;
    const fresh = await auth.startSession(user, password(user.email));
    const left = await store.query({ collection: "sessions", where: [["uid", "==", user.uid]] });
    expect(left.map((doc) => doc.id)).toEqual([sha256(fresh.token)]);
    expect(left.map((doc) => doc.id)).not.toContain(sha256(session.token));
  });
});

describe("password reset", () => {
  it("mails a one-hour link that sets a new password", async () => {
    const { user } = await signedIn();
    await auth.requestPasswordReset("Ada@Example.com", `${ORIGIN}/`, "en");

    expect(sent).toHaveLength(1);
    const [message] = sent;
    expect(message.to).toBe("ada@example.com");
    expect(message.text).toContain(message.link);
    expect(message.link).toMatch(
      /^http:\/\/localhost:3000\/auth\/action\?mode=resetPassword&oobCode=[A-Za-z0-9_-]{43}$/,
    );
    const code = new URL(message.link).searchParams.get("oobCode")!;
    expect((await store.get(`reset_codes/${sha256(code)}`))?.data).toEqual({
      uid: user.uid,
      email: "ada@example.com",
      createdAt: T0,
      expiresAt: T0 + RESET_CODE_LIFETIME_MS,
      usedAt: null,
    });

    await expect(auth.checkResetCode(code)).resolves.toBe("ada@example.com");
    clock += MINUTE;
    await auth.resetPassword(code, "a brand new password");

    await expect(auth.signIn(password("ada@example.com", "a brand new password"))).resolves.toEqual(user);
    expect((await failure(auth.signIn(password("ada@example.com")))).code).toBe("invalid_credentials");
    expect((await store.get<AuthUserDoc>(`auth_users/${user.uid}`))?.data.passwordChangedAt).toBe(T0 + MINUTE);
  });

  it("works once", async () => {
    await signedIn();
    const code = await resetCodeFor("ada@example.com");
    await auth.resetPassword(code, "a brand new password");
    for (const error of [
      await failure(auth.resetPassword(code, "yet another password")),
      await failure(auth.checkResetCode(code)),
    ]) {
      expect(error.code).toBe("reset_code_expired");
      expect(error.message).toBe("This reset link has expired or was already used. Ask for a new one.");
    }
    await expect(auth.signIn(password("ada@example.com", "a brand new password"))).resolves.toBeTruthy();
  });

  it("works once even when used twice at the same moment", async () => {
    await signedIn();
    const code = await resetCodeFor("ada@example.com");
    const results = await Promise.allSettled([
      auth.resetPassword(code, "first new password"),
      auth.resetPassword(code, "second new password"),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r): r is PromiseRejectedResult => r.status === "rejected")?.reason).toMatchObject({
      code: "reset_code_expired",
    });
  });

  it("expires after an hour", async () => {
    await signedIn();
    const code = await resetCodeFor("ada@example.com");
    clock += RESET_CODE_LIFETIME_MS;
    for (const error of [
      await failure(auth.checkResetCode(code)),
      await failure(auth.resetPassword(code, "a brand new password")),
    ]) {
      expect(error.code).toBe("reset_code_expired");
      expect(error.message).toBe("This reset link has expired or was already used. Ask for a new one.");
    }
    await expect(auth.signIn(password("ada@example.com"))).resolves.toBeTruthy();
  });

  it("tells an unknown code apart", async () => {
    await signedIn();
    await resetCodeFor("ada@example.com");
    for (const code of ["", "x", "B".repeat(43)]) {
      for (const error of [
        await failure(auth.checkResetCode(code)),
        await failure(auth.resetPassword(code, "a brand new password")),
      ]) {
        expect(error.code).toBe("reset_code_invalid");
        expect(error.message).toBe("This reset link is not valid. Ask for a new one.");
      }
    }
  });

  it("refuses a weak new password and leaves the code usable", async () => {
    await signedIn();
    const code = await resetCodeFor("ada@example.com");
    expect((await failure(auth.resetPassword(code, "short"))).code).toBe("weak_password");
    await expect(auth.checkResetCode(code)).resolves.toBe("ada@example.com");
  });

  it("does nothing for an unknown email, without saying so", async () => {
    await signedIn();
    await expect(auth.requestPasswordReset("nobody@example.com", ORIGIN, "en")).resolves.toBeUndefined();
    expect(sent).toHaveLength(0);
    expect(await store.query({ collection: "reset_codes" })).toHaveLength(0);
  });

  it("caps reset emails per address, known or not", async () => {
    await signedIn();
    for (const email of ["ada@example.com", "nobody@example.com"]) {
      for (let i = 0; i < 5; i++) await auth.requestPasswordReset(email, ORIGIN, "en");
      const error = await failure(auth.requestPasswordReset(email, ORIGIN, "en"));
      expect(error.code).toBe("too_many_attempts");
      expect(error.message).toBe("Too many reset requests. Try again in 60 minutes.");
    }
    expect(sent).toHaveLength(5);
  });

  it("signs out everywhere and voids the other links", async () => {
    const { user, session } = await signedIn();
    const older = await resetCodeFor("ada@example.com");
    const code = await resetCodeFor("ada@example.com");
    await auth.resetPassword(code, "a brand new password");
    await expect(auth.getSessionUser(session.token)).resolves.toBeNull();
    expect((await failure(auth.checkResetCode(older))).code).toBe("reset_code_expired");
    // The person can sign in again straight away.
    const fresh = await auth.startSession(user, password(user.email, "a brand new password"));
    await expect(auth.getSessionUser(fresh.token)).resolves.toEqual(user);
  });
});

describe("change password", () => {
  it("needs the current password, then signs out everywhere", async () => {
    const { user, session } = await signedIn();
    clock += MINUTE;
    await auth.changePassword(user.uid, PASSWORD, "a brand new password");

    await expect(auth.getSessionUser(session.token)).resolves.toBeNull();
    await expect(auth.signIn(password(user.email, "a brand new password"))).resolves.toEqual(user);
    expect((await failure(auth.signIn(password(user.email)))).code).toBe("invalid_credentials");
    const fresh = await auth.startSession(user, password(user.email, "a brand new password"));
    await expect(auth.getSessionUser(fresh.token)).resolves.toEqual(user);
  });

  it("refuses a wrong current password and keeps sessions", async () => {
    const { user, session } = await signedIn();
    const error = await failure(auth.changePassword(user.uid, "wrong password", "a brand new password"));
    expect(error.code).toBe("invalid_credentials");
    expect(error.message).toBe("Your current password is incorrect.");
    await expect(auth.getSessionUser(session.token)).resolves.toEqual(user);
    await expect(auth.signIn(password(user.email))).resolves.toBeTruthy();
  });

  it("refuses a weak new password", async () => {
    const { user } = await signedIn();
    expect((await failure(auth.changePassword(user.uid, PASSWORD, "short"))).code).toBe("weak_password");
    await expect(auth.signIn(password(user.email))).resolves.toBeTruthy();
  });

  it("limits guessing the current password like sign-in does", async () => {
    const { user } = await signedIn();
    for (let i = 0; i < 5; i++) await failure(auth.changePassword(user.uid, "wrong password", "a brand new password"));
    expect((await failure(auth.changePassword(user.uid, PASSWORD, "a brand new password"))).code).toBe(
      "too_many_attempts",
    );
  });
});

describe("the admin role", () => {
  it("is off for a new account, and grant and revoke take effect on the next request of a live session", async () => {
    const { user, session } = await signedIn("root@example.com");
    expect((await auth.getSessionUser(session.token))?.admin).toBeUndefined();

    await auth.setAdmin(user.uid, true);
    expect((await auth.getSessionUser(session.token))?.admin).toBe(true);
    expect(await auth.findUserByEmail(" Root@Example.com ")).toMatchObject({ uid: user.uid, admin: true });
    expect(await auth.getUser(user.uid)).toMatchObject({ email: "root@example.com", admin: true });

    await auth.setAdmin(user.uid, false);
    expect((await auth.getSessionUser(session.token))?.admin).toBeUndefined();
  });

  it("finds no account for an unknown email and refuses an unknown uid", async () => {
    expect(await auth.findUserByEmail("nobody@example.com")).toBeNull();
    expect(await auth.getUser("no-such-uid")).toBeNull();
    expect((await failure(auth.setAdmin("no-such-uid", true))).message).toMatch(/no account/);
  });

  it("reads many accounts at once, in the order asked, with null for an unknown uid", async () => {
    const ada = await auth.signUp(password("ada@example.com"));
    const ben = await auth.signUp(password("ben@example.com"));
    await auth.setAdmin(ben.uid, true);
    const found = await auth.getUsers([ben.uid, "no-such-uid", ada.uid]);
    expect(found).toEqual([await auth.getUser(ben.uid), null, await auth.getUser(ada.uid)]);
    expect(found[0]).toMatchObject({ email: "ben@example.com", admin: true, emailVerified: false });
    expect(await auth.getUsers([])).toEqual([]);
  });
});

describe("e-mail verification (decision 024)", () => {
  async function verifyCodeFor(uid: string): Promise<string> {
    await auth.sendEmailVerification(uid, ORIGIN, "en");
    const link = new URL(sent[sent.length - 1].link);
    expect(link.pathname).toBe("/auth/action");
    expect(link.searchParams.get("mode")).toBe("verifyEmail");
    return link.searchParams.get("oobCode")!;
  }

  it("a new account is unverified; the link sent to its address verifies it, once", async () => {
    const { user, session } = await signedIn("vera@example.com");
    expect(user.emailVerified).toBe(false);
    const code = await verifyCodeFor(user.uid);
    const mail = sent[sent.length - 1];
    expect(mail.to).toBe("vera@example.com");
    expect(mail.subject).toBe("Verify your SkillSwap email");
    expect(mail.text).toContain(mail.link);
    // Only the hash is stored.
    expect(await store.get(`verify_codes/${code}`)).toBeNull();
    expect(await store.get(`verify_codes/${sha256(code)}`)).not.toBeNull();

    expect(await auth.verifyEmail(code)).toEqual({ uid: user.uid, email: "vera@example.com" });
    expect((await auth.getSessionUser(session.token))?.emailVerified).toBe(true);
    expect((await failure(auth.verifyEmail(code))).code).toBe("verify_code_invalid");
    // Nothing more is sent to a verified address.
    const count = sent.length;
    await auth.sendEmailVerification(user.uid, ORIGIN, "en");
    expect(sent).toHaveLength(count);
  });

  it("refuses an unknown, malformed or expired code and verifies nothing", async () => {
    const { user } = await signedIn("late@example.com");
    const code = await verifyCodeFor(user.uid);
    expect((await failure(auth.verifyEmail("nope"))).code).toBe("verify_code_invalid");
    expect((await failure(auth.verifyEmail("A".repeat(43)))).code).toBe("verify_code_invalid");
    clock += 72 * 60 * MINUTE;
    expect((await failure(auth.verifyEmail(code))).message).toBe(
      "This verification link has expired, was already used or is not valid. Sign in and ask for a new one in Settings.",
    );
    expect((await auth.getUser(user.uid))?.emailVerified).toBe(false);
  });

  it("sends at most 5 links an hour per account", async () => {
    const { user } = await signedIn("many@example.com");
    for (let i = 0; i < 5; i++) await auth.sendEmailVerification(user.uid, ORIGIN, "en");
    const refused = await failure(auth.sendEmailVerification(user.uid, ORIGIN, "en"));
    expect(refused.code).toBe("too_many_attempts");
    expect(sent).toHaveLength(5);
  });

  it("deleting the account deletes its verification codes", async () => {
    const { user } = await signedIn("gone@example.com");
    await verifyCodeFor(user.uid);
    await auth.deleteAccount(user.uid);
    expect(await store.query({ collection: "verify_codes", where: [["uid", "==", user.uid]] })).toHaveLength(0);
  });
});

describe("account mails in the language the caller names (decision 072)", () => {
  it("reset, verification and sign-up attempt mails are written in it", async () => {
    const user = await auth.signUp(password("lingua@example.com"));
    await auth.requestPasswordReset("lingua@example.com", ORIGIN, "es");
    expect(sent.at(-1)).toMatchObject({ to: "lingua@example.com", subject: "Restablece tu contraseña de SkillSwap" });
    await auth.sendEmailVerification(user.uid, ORIGIN, "fr");
    expect(sent.at(-1)?.subject).toBe("Confirmez votre adresse e-mail SkillSwap");
    await auth.signUpTakenAddress(password("lingua@example.com", "not the password"), ORIGIN, "ar");
    expect(sent.at(-1)?.subject).toBe("لديك حساب في SkillSwap بالفعل");
    expect(sent.at(-1)?.text).toContain(`${ORIGIN}/auth`);
    // Each still carries a working link.
    expect(await auth.checkResetCode(new URL(sent[0]!.link).searchParams.get("oobCode")!)).toBe("lingua@example.com");
  });
});

describe("a sign-up attempt on a taken address (decision 024)", () => {
  it("answers the owner for their own password, null for another, and mails the owner a reset link that works", async () => {
    const owner = await auth.signUp(password("owner@example.com"));
    expect(await auth.signUpTakenAddress(password("Owner@Example.com"), ORIGIN, "en")).toMatchObject({
      uid: owner.uid,
    });
    expect(sent).toHaveLength(0);
    expect(await auth.signUpTakenAddress(password("Owner@Example.com", "a guessed password"), ORIGIN, "en")).toBeNull();
    expect(sent).toHaveLength(1);
    expect(sent[0].to).toBe("owner@example.com");
    expect(sent[0].subject).toBe("You already have a SkillSwap account");
    expect(sent[0].text).toContain(`sign in at ${ORIGIN}/auth`);
    const code = new URL(sent[0].link).searchParams.get("oobCode")!;
    expect(await auth.checkResetCode(code)).toBe("owner@example.com");

    expect(await auth.signUpTakenAddress(password("nobody@example.com"), ORIGIN, "en")).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it("mails the owner at most once a day, and again the next day", async () => {
    await auth.signUp(password("flooded@example.com"));
    for (let i = 0; i < 7; i++) {
      clock += 10 * MINUTE;
      await auth.signUpTakenAddress(
        password("flooded@example.com", `guess ${i}`, `198.51.100.${i + 10}`),
        ORIGIN,
        "en",
      );
    }
    expect(sent).toHaveLength(1);
    // A day after the first mail (the first attempt, at T0 + 10 minutes).
    clock = T0 + 10 * MINUTE + 24 * 60 * MINUTE;
    await auth.signUpTakenAddress(password("flooded@example.com", "guess again", "198.51.100.30"), ORIGIN, "en");
    expect(sent).toHaveLength(2);
  });

  it("guesses there count as sign-in failures: the owner's password is refused while the pair is locked", async () => {
    await auth.signUp(password("guessed@example.com"));
    // Ten wrong guesses from one address, spaced past the backoff: the pair is locked for 15 minutes.
    for (let i = 0; i < 10; i++) {
      clock += 90_000;
      expect(await auth.signUpTakenAddress(password("guessed@example.com", `guess ${i}`), ORIGIN, "en")).toBeNull();
    }
    expect(await auth.signUpTakenAddress(password("guessed@example.com"), ORIGIN, "en")).toBeNull();
    expect((await failure(auth.signIn(password("guessed@example.com")))).code).toBe("too_many_attempts");
  });
});
