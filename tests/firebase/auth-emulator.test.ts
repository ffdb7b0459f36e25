/**
 * The Firebase AuthProvider against the Firebase Auth emulator (firebase-tools, offline) and the
 * server's session guard running with BACKEND=firebase. The browser's part (sign-up, sign-in,
 * custom-token sign-in, applying a verification link) is played by the same client SDK the islands
 * use. Mail goes where the Firebase engine sends it without SMTP_URL: the Firestore `mail` collection,
 * in Google's Cloud Firestore emulator (decision 035); where that is missing, the suite is skipped
 * with the line saying how to get it.
 */
import { deleteApp, initializeApp, type FirebaseApp } from "firebase/app";
import {
  applyActionCode,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth as getClientAuth,
  signInWithCustomToken,
  signInWithEmailAndPassword,
  signOut,
} from "firebase/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthEmulator, type RunningAuthEmulator } from "../setup/auth-emulator";
import {
  findCloudFirestoreEmulator,
  startCloudFirestoreEmulator,
  type RunningCloudFirestoreEmulator,
} from "../setup/cloud-firestore-emulator";
import { HOUR, NOW, teachDuringWorkingWeek, workingWeekSlots } from "../support/teaching";

const PROJECT_ID = "demo-skillswap-test";
let authEmulator: RunningAuthEmulator;
let firestoreEmulator: RunningCloudFirestoreEmulator | undefined;
const found = findCloudFirestoreEmulator();
const suite = found.found ? describe : describe.skip;
const skipped = found.found ? "" : ` (skipped: ${found.reason})`;
let browserApp: FirebaseApp;

// Without credentials, Google's auth library would probe the cloud metadata server: tests talk
// to 127.0.0.1 only.
process.env.METADATA_SERVER_DETECTION = "none";

beforeAll(async () => {
  if (!found.found) return;
  [authEmulator, firestoreEmulator] = await Promise.all([
    startAuthEmulator(PROJECT_ID),
    startCloudFirestoreEmulator(found),
  ]);
  // The server reads its settings once, on first use: set them before anything asks.
  Object.assign(process.env, {
    BACKEND: "firebase",
    FIREBASE_PROJECT_ID: PROJECT_ID,
    FIREBASE_API_KEY: "demo-api-key",
    FIREBASE_AUTH_DOMAIN: `${PROJECT_ID}.firebaseapp.com`,
    FIREBASE_APP_ID: "1:0:web:test",
    FIREBASE_AUTH_EMULATOR_HOST: authEmulator.host,
    FIRESTORE_EMULATOR_HOST: firestoreEmulator.host,
    SESSION_SECRET: "test-session-secret-that-is-long-enough-0123456789",
  });
  browserApp = initializeApp(
    { apiKey: "demo-api-key", projectId: PROJECT_ID, authDomain: `${PROJECT_ID}.firebaseapp.com` },
    "browser",
  );
  connectAuthEmulator(getClientAuth(browserApp), `http://${authEmulator.host}`, { disableWarnings: true });
}, 180_000);

afterAll(async () => {
  if (!found.found) return;
  if (browserApp) await deleteApp(browserApp);
  const { getStore } = await import("~/engine/index.server");
  await (await getStore()).close();
  await firestoreEmulator?.stop();
  await authEmulator?.stop();
}, 60_000);

let emailCount = 0;
const newEmail = () => `member${Date.now()}${++emailCount}@example.com`;

async function browserSignUp(email = newEmail()) {
  const credential = await createUserWithEmailAndPassword(getClientAuth(browserApp), email, "correct horse battery");
  return { email, uid: credential.user.uid, idToken: await credential.user.getIdToken() };
}

async function serverAuth() {
  const { getAuth } = await import("~/engine/index.server");
  return getAuth();
}

async function serverStore() {
  const { getStore } = await import("~/engine/index.server");
  return getStore();
}

/** The links of the verification mails the server sent to `email`, oldest first. */
async function verificationLinks(email: string): Promise<URL[]> {
  const mails = await (
    await serverStore()
  ).query<{ to: string; createdAt: number; message: { subject: string; text: string; html: string } }>({
    collection: "mail",
    where: [["to", "==", email]],
  });
  return mails
    .filter((mail) => mail.data.message.subject === "Verify your SkillSwap email")
    .sort((a, b) => a.data.createdAt - b.data.createdAt)
    .map((mail) => new URL(/https?:\/\/\S+/.exec(mail.data.message.text)![0]));
}

/** What the person does with the newest link: their browser opens it and the client SDK applies its code. */
async function openNewestVerificationLink(email: string): Promise<void> {
  const link = (await verificationLinks(email)).at(-1)!;
  await applyActionCode(getClientAuth(browserApp), link.searchParams.get("oobCode")!);
}

async function cookieHeaderFor(token: string, expiresAt: number, uid: string): Promise<string> {
  const { commitSessionToken } = await import("~/utils/session.server");
  return (await commitSessionToken(token, expiresAt, uid)).split(";")[0]!;
}

/**
 * Revocation has one-second resolution: a session from the same second as the revocation would
 * survive it. Waits until the clock has turned to the next whole second (at most one second).
 */
async function nextSecond(): Promise<void> {
  const next = (Math.floor(Date.now() / 1000) + 1) * 1000;
  // Timers may fire a millisecond early; a few more keep the wait past the turn.
  await new Promise((resolve) => setTimeout(resolve, next - Date.now() + 5));
}

async function redirectOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get("Location");
    throw thrown;
  }
}

suite(`Firebase AuthProvider (Auth emulator)${skipped}`, () => {
  it("leaves passwords and opening account links to the browser's SDK, as its capabilities say", async () => {
    const auth = await serverAuth();
    expect(auth.capabilities).toEqual({ emailLinksInBrowser: true, checksPasswords: false });
  });

  it("accepts a browser sign-up and starts a session cookie that the loaders accept", async () => {
    const auth = await serverAuth();
    const { email, uid, idToken } = await browserSignUp();
    const user = await auth.signUp({ kind: "idToken", idToken });
    expect(user).toMatchObject({ uid, email });

    const session = await auth.startSession(user, { kind: "idToken", idToken });
    expect(session.token).not.toBe(idToken);
    expect(session.expiresAt - Date.now()).toBeGreaterThan(5 * 24 * 60 * 60_000 - 60_000);
    expect(await auth.getSessionUser(session.token)).toMatchObject({ uid, email });

    // A new member has no name yet: the guard sends them to /profile-setup, so it knew who they are.
    const { requireUser } = await import("~/features/auth/auth.server");
    const request = new Request("http://localhost/dashboard", {
      headers: { Cookie: await cookieHeaderFor(session.token, session.expiresAt, uid) },
    });
    expect(await redirectOf(requireUser(request))).toMatch(/^\/profile-setup/);
  });

  it("signs in an existing member with an ID token from the client SDK", async () => {
    const auth = await serverAuth();
    const { email, uid } = await browserSignUp();
    const signedIn = await signInWithEmailAndPassword(getClientAuth(browserApp), email, "correct horse battery");
    const user = await auth.signIn({ kind: "idToken", idToken: await signedIn.user.getIdToken() });
    expect(user.uid).toBe(uid);
  });

  it("refuses passwords, forged tokens and sign-ins older than five minutes", async () => {
    const auth = await serverAuth();
    await expect(
      auth.signIn({ kind: "password", email: "a@example.com", password: "x", clientKey: "k" }),
    ).rejects.toMatchObject({ code: "not_supported" });
    await expect(auth.signIn({ kind: "idToken", idToken: "not-a-token" })).rejects.toMatchObject({
      code: "token_invalid",
    });
    expect(await auth.getSessionUser("not-a-cookie")).toBeNull();
    expect(await auth.verifyIdToken("not-a-token")).toBeNull();

    const { idToken } = await browserSignUp();
    const { createFirebaseAuth } = await import("~/engine/auth/firebase.server");
    const { getAuth: getAdminAuth } = await import("firebase-admin/auth");
    const { getAdminApp } = await import("~/engine/firebase/admin.server");
    const later = createFirebaseAuth(getAdminAuth(getAdminApp(PROJECT_ID)), {
      sessionCookieDays: 5,
      mail: async () => {},
      now: () => Date.now() + 6 * 60_000,
    });
    await expect(later.signIn({ kind: "idToken", idToken })).rejects.toMatchObject({ code: "token_stale" });
  });

  it("sends a member whose sessions were revoked back to /auth", async () => {
    const auth = await serverAuth();
    const { uid, idToken } = await browserSignUp();
    const user = await auth.signIn({ kind: "idToken", idToken });
    const session = await auth.startSession(user, { kind: "idToken", idToken });
    const cookie = await cookieHeaderFor(session.token, session.expiresAt, uid);
    await nextSecond();
    await auth.revokeSessions(uid);

    expect(await auth.getSessionUser(session.token)).toBeNull();
    const { requireUser } = await import("~/features/auth/auth.server");
    const request = new Request("http://localhost/wallet", { headers: { Cookie: cookie } });
    expect(await redirectOf(requireUser(request))).toBe("/auth?redirectTo=%2Fwallet");
  });

  it("logging out revokes the member's sessions", async () => {
    const auth = await serverAuth();
    const { idToken } = await browserSignUp();
    const user = await auth.signIn({ kind: "idToken", idToken });
    const session = await auth.startSession(user, { kind: "idToken", idToken });
    await nextSecond();
    await auth.endSession(session.token);
    expect(await auth.getSessionUser(session.token)).toBeNull();
  });

  it("deletes an account: its sessions end, its password stops working, the email can sign up anew", async () => {
    const auth = await serverAuth();
    const { email, uid, idToken } = await browserSignUp();
    const user = await auth.signIn({ kind: "idToken", idToken });
    const session = await auth.startSession(user, { kind: "idToken", idToken });

    await auth.deleteAccount(uid);
    expect(await auth.getSessionUser(session.token)).toBeNull();
    await expect(
      signInWithEmailAndPassword(getClientAuth(browserApp), email, "correct horse battery"),
    ).rejects.toMatchObject({
      code: expect.stringMatching(/^auth\/(user-not-found|invalid-credential)$/),
    });
    // A retry after a partial failure finds nothing left to do.
    await expect(auth.deleteAccount(uid)).resolves.toBeUndefined();
    const again = await browserSignUp(email);
    expect(again.uid).not.toBe(uid);
  });

  it("reads many accounts at once, in the order asked, with null for an unknown uid (the admin member list)", async () => {
    const auth = await serverAuth();
    const ada = await browserSignUp();
    const ben = await browserSignUp();
    await auth.setAdmin(ben.uid, true);
    const found = await auth.getUsers([ben.uid, "no-such-uid", ada.uid]);
    expect(found).toEqual([await auth.getUser(ben.uid), null, await auth.getUser(ada.uid)]);
    expect(found[0]).toMatchObject({ email: ben.email, admin: true, emailVerified: false });
    expect(await auth.getUsers([])).toEqual([]);
  });

  it("mints a custom token the client SDK signs in with, for the live listeners", async () => {
    const auth = await serverAuth();
    const { uid } = await browserSignUp();
    const clientAuth = getClientAuth(browserApp);
    await signOut(clientAuth);
    const credential = await signInWithCustomToken(clientAuth, await auth.createClientToken(uid));
    expect(credential.user.uid).toBe(uid);
    // The same token verifies as a Bearer ID token (POST /api/create-checkout-session).
    expect(await auth.verifyIdToken(await credential.user.getIdToken())).toMatchObject({ uid });
  });

  it("mails a verification link to this app's page; its code verifies the address; at most 5 an hour", async () => {
    const auth = await serverAuth();
    const { email, uid } = await browserSignUp();
    await auth.sendEmailVerification(uid, "http://localhost:3000/", "en");
    const [link] = await verificationLinks(email);
    expect(link.origin + link.pathname).toBe("http://localhost:3000/auth/action");
    expect(link.searchParams.get("mode")).toBe("verifyEmail");
    expect((await auth.getUser(uid))?.emailVerified).toBe(false);

    await openNewestVerificationLink(email);
    expect((await auth.getUser(uid))?.emailVerified).toBe(true);
    // Verified: nothing more to send.
    await auth.sendEmailVerification(uid, "http://localhost:3000", "en");
    expect(await verificationLinks(email)).toHaveLength(1);

    const other = await browserSignUp();
    for (let i = 0; i < 5; i++) await auth.sendEmailVerification(other.uid, "http://localhost:3000", "en");
    await expect(auth.sendEmailVerification(other.uid, "http://localhost:3000", "en")).rejects.toMatchObject({
      code: "too_many_attempts",
      message: expect.stringMatching(/^Too many verification emails\. Try again in /),
    });
    expect(await verificationLinks(other.email)).toHaveLength(5);
  });

  it("writes the verification mail in the member's language, its link as good as the English one's (decision 072)", async () => {
    const auth = await serverAuth();
    const { email, uid } = await browserSignUp();
    await auth.sendEmailVerification(uid, "http://localhost:3000", "es");
    const [mail] = (
      await (
        await serverStore()
      ).query<{ message: { subject: string; text: string; html: string } }>({
        collection: "mail",
        where: [["to", "==", email]],
      })
    ).map((doc) => doc.data.message);
    expect(mail?.subject).toBe("Verifica tu correo de SkillSwap");
    expect(mail?.text).toContain(
      `¡Te damos la bienvenida a SkillSwap! Confirma que ${email} es tu dirección de correo.`,
    );
    expect(mail?.html).toContain('<html lang="es" dir="ltr">');
    const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
    await applyActionCode(getClientAuth(browserApp), link.searchParams.get("oobCode")!);
    expect((await auth.getUser(uid))?.emailVerified).toBe(true);
  });

  it("POST /api/email-verified after the address is verified releases the payment that waited for it", async () => {
    const auth = await serverAuth();
    const store = await serverStore();
    const { ensureProfile } = await import("~/features/profile/bootstrap.server");
    const { applyCommand, requestBooking } = await import("~/features/bookings/bookings.server");
    const { getBalance } = await import("~/features/wallet/ledger.server");
    const { reconcileWallet } = await import("~/features/wallet/reconcile.server");
    const route = await import("~/routes/api.email-verified");

    const mentor = `mentor${Date.now()}`;
    await ensureProfile(store, mentor, NOW);
    await store.update(`users/${mentor}`, {
      fullName: "Mentor",
      skillsOffered: [{ tag: "spanish", label: "Spanish", level: "expert" }],
    });
    await teachDuringWorkingWeek(store, mentor, { spanish: 10 });

    // A new member, unverified as Firebase says, books and completes an hour with the mentor.
    const { email, uid, idToken } = await browserSignUp();
    const learner = await auth.signUp({ kind: "idToken", idToken });
    expect(learner.emailVerified).toBe(false);
    await ensureProfile(store, uid, NOW, learner);
    const start = workingWeekSlots(2)[0]!;
    const booking = await requestBooking(
      store,
      { learnerUid: uid, mentorUid: mentor, skillTag: "spanish", start, durationMinutes: 60 },
      NOW,
    );
    await applyCommand(store, booking.id, { uid: mentor }, { kind: "accept" }, NOW);
    await applyCommand(store, booking.id, { uid: mentor }, { kind: "confirm" }, start + HOUR);
    await applyCommand(store, booking.id, { uid }, { kind: "confirm" }, start + HOUR);
    const bookingData = async () => (await store.get(`bookings/${booking.id}`))!.data;
    expect(await bookingData()).toMatchObject({ state: "completed", payoutWaits: true });
    expect(await getBalance(store, mentor)).toBe(200);
    expect(await getBalance(store, uid)).toBe(190);

    const session = await auth.startSession(learner, { kind: "idToken", idToken });
    const cookie = await cookieHeaderFor(session.token, session.expiresAt, uid);
    const post = async () => {
      const request = new Request("http://localhost/api/email-verified", {
        method: "POST",
        headers: { Origin: "http://localhost", Cookie: cookie },
      });
      return (await route.action({ request, params: {}, context: {} })).json();
    };

    // The browser's word is not enough: Firebase has not verified the address yet.
    expect(await post()).toEqual({ verified: false });
    expect(await getBalance(store, mentor)).toBe(200);

    await auth.sendEmailVerification(uid, "http://localhost", "en");
    await openNewestVerificationLink(email);
    // The session cookie still says unverified; the server asks Firebase for the account as it is now.
    expect((await auth.getSessionUser(session.token))?.emailVerified).toBe(false);
    expect(await post()).toEqual({ verified: true });
    expect(await getBalance(store, mentor)).toBe(210);
    expect((await store.get(`wallets/${mentor}/transactions/release_${booking.id}`))?.data).toMatchObject({
      amount: 10,
      type: "booking_release",
    });
    expect(await bookingData()).toMatchObject({ payoutWaits: false, waitingPayout: null });
    expect(await store.get(`unverified_accounts/${uid}`)).toBeNull();

    // Told twice, paid once.
    expect(await post()).toEqual({ verified: true });
    expect(await getBalance(store, mentor)).toBe(210);
    for (const who of [mentor, uid]) expect((await reconcileWallet(store, who)).ok).toBe(true);
  }, 60_000);
});
