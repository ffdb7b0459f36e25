/**
 * The Firebase AuthProvider against the Firebase Auth emulator (firebase-tools, offline) and the
 * server's session guard running with BACKEND=firebase. The browser's part (sign-up, sign-in,
 * custom-token sign-in) is played by the same client SDK the islands use.
 */
import { deleteApp, initializeApp, type FirebaseApp } from "firebase/app";
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth as getClientAuth,
  signInWithCustomToken,
  signInWithEmailAndPassword,
  signOut,
} from "firebase/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthEmulator, type RunningAuthEmulator } from "../setup/auth-emulator";
import { startFirestoreEmulator, type RunningFirestoreEmulator } from "../setup/firestore-emulator";

const PROJECT_ID = "demo-skillswap-test";
let authEmulator: RunningAuthEmulator;
let firestoreEmulator: RunningFirestoreEmulator;
let browserApp: FirebaseApp;

// Without credentials, Google's auth library would probe the cloud metadata server: tests talk
// to 127.0.0.1 only.
process.env.METADATA_SERVER_DETECTION = "none";

beforeAll(async () => {
  [authEmulator, firestoreEmulator] = await Promise.all([startAuthEmulator(PROJECT_ID), startFirestoreEmulator()]);
  // The server reads its settings once, on first use: set them before anything asks.
  Object.assign(process.env, {
    BACKEND: "firebase",
    FIREBASE_PROJECT_ID: PROJECT_ID,
    FIREBASE_API_KEY: "demo-api-key",
    FIREBASE_AUTH_DOMAIN: `${PROJECT_ID}.firebaseapp.com`,
    FIREBASE_DATABASE_URL: `http://127.0.0.1:9000?ns=${PROJECT_ID}`,
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
  if (browserApp) await deleteApp(browserApp);
  const { getStore } = await import("~/engine/index.server");
  await (await getStore()).close();
  firestoreEmulator?.stop();
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

async function cookieHeaderFor(token: string, expiresAt: number, uid: string): Promise<string> {
  const { commitSessionToken } = await import("~/utils/session.server");
  return (await commitSessionToken(token, expiresAt, uid)).split(";")[0]!;
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

describe("Firebase AuthProvider (Auth emulator)", () => {
  it("leaves passwords and account links to the browser's SDK, as its capabilities say", async () => {
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
    const { requireUser } = await import("~/utils/auth.server");
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
      now: () => Date.now() + 6 * 60_000,
    });
    await expect(later.signIn({ kind: "idToken", idToken })).rejects.toMatchObject({ code: "token_invalid" });
  });

  it("sends a member whose sessions were revoked back to /auth", async () => {
    const auth = await serverAuth();
    const { uid, idToken } = await browserSignUp();
    const user = await auth.signIn({ kind: "idToken", idToken });
    const session = await auth.startSession(user, { kind: "idToken", idToken });
    const cookie = await cookieHeaderFor(session.token, session.expiresAt, uid);
    // Revocation has one-second resolution: a session from the same second would survive it.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await auth.revokeSessions(uid);

    expect(await auth.getSessionUser(session.token)).toBeNull();
    const { requireUser } = await import("~/utils/auth.server");
    const request = new Request("http://localhost/wallet", { headers: { Cookie: cookie } });
    expect(await redirectOf(requireUser(request))).toBe("/auth?redirectTo=%2Fwallet");
  });

  it("logging out revokes the member's sessions", async () => {
    const auth = await serverAuth();
    const { idToken } = await browserSignUp();
    const user = await auth.signIn({ kind: "idToken", idToken });
    const session = await auth.startSession(user, { kind: "idToken", idToken });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
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
});
