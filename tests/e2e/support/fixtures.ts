import { randomUUID } from "node:crypto";
import { createCookie } from "@remix-run/node";
import type { Browser, BrowserContext, BrowserContextOptions, Page, ViewportSize } from "@playwright/test";
import { createLocalAuth } from "~/engine/auth/local.server";
import { recordTermsAccepted } from "~/features/legal/acceptance.server";
import { currentTermsVersion } from "~/features/legal/content.server";
import { ensureProfile } from "~/features/profile/bootstrap.server";
import type { DocStore } from "~/engine/store/types";
import { getUser, userPath, type UserProfile } from "~/documents/users";
import { digestDueFields } from "~/features/digest/due.server";
import { e2eStore, sessionSecret } from "./store";

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  fullName: string;
}

export const PASSWORD = "correct horse battery";

export function uniqueEmail(prefix = "member"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * Creates a member directly in the store, as the app would on sign-up: account, profile and
 * wallet with the welcome bonus, the current terms accepted. By default onboarding is done, so the dashboard shows no tour.
 */
export async function createUser(
  options: {
    fullName?: string;
    email?: string;
    /** Fields as stored (raw, the way old documents may hold them); the app parses them when it reads. */
    profile?: { [field in keyof UserProfile]?: unknown };
    /** Another server's store (a test that starts its own server); the e2e server's by default. */
    store?: DocStore;
  } = {},
): Promise<TestUser> {
  const store = options.store ?? e2eStore();
  const auth = createLocalAuth(store, { mail: async () => {} });
  const email = options.email ?? uniqueEmail();
  const fullName = options.fullName ?? "Test Member";
  const user = await auth.signUp({ kind: "password", email, password: PASSWORD, clientKey: "" });
  await ensureProfile(store, user.uid);
  // Sign-up accepts the terms (decision 043); a test about the new-terms page takes it back.
  await recordTermsAccepted(store, user.uid, await currentTermsVersion());
  const fields = { fullName, tourCompleted: true, welcomeBonusShown: true, ...options.profile };
  // A joining date, zone or digest choice given here moves the next digest, as the app's own writes do (decision 157).
  const due = await digestDueFields(store, user.uid, (await getUser(store, user.uid))!, fields, Date.now());
  await store.update(userPath(user.uid), { ...fields, ...due });
  return { uid: user.uid, email, password: PASSWORD, fullName };
}

/** The value of a session cookie for `user`: a real server-side session, as the sign-in form starts. */
async function sessionCookieValue(user: TestUser): Promise<string> {
  const auth = createLocalAuth(e2eStore(), { mail: async () => {} });
  const credentials = { kind: "password" as const, email: user.email, password: user.password, clientKey: "" };
  const session = await auth.startSession(await auth.signIn(credentials), credentials);
  const cookie = createCookie("skillswap_session", { secrets: [sessionSecret()] });
  return (await cookie.serialize({ t: session.token, u: user.uid })).split(";")[0].split("=").slice(1).join("=");
}

/** Signs the context in as `user` with a real server-side session, skipping the sign-in form. */
export async function signInAs(context: BrowserContext, user: TestUser, baseURL: string): Promise<void> {
  const value = await sessionCookieValue(user);
  await context.addCookies([{ name: "skillswap_session", value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

/** The local flags the onboarding island reads: set, they keep the tour and the welcome bonus closed. */
function onboardingDoneFlags(uid: string): { name: string; value: string }[] {
  return [
    { name: "tour_done", value: "1" },
    { name: "tourCompleted", value: "1" },
    { name: `wb_shown_${uid}`, value: "1" },
  ];
}

/** Marks the local onboarding flags too, so a test about something else sees a quiet dashboard. */
export async function skipLocalOnboarding(page: Page, uid: string): Promise<void> {
  await page.addInitScript((flags) => {
    for (const { name, value } of flags) localStorage.setItem(name, value);
  }, onboardingDoneFlags(uid));
}

export type StorageState = Exclude<NonNullable<BrowserContextOptions["storageState"]>, string>;

/**
 * What a browser holds after `user` signed in and finished onboarding, as Playwright's
 * storageState: the session cookie of a real server-side session and the local onboarding flags.
 * A context made with it is signed in from its first request, with no form and no init script.
 */
export async function storageStateFor(user: TestUser, baseURL: string): Promise<StorageState> {
  const { hostname, origin } = new URL(baseURL);
  return {
    cookies: [
      {
        name: "skillswap_session",
        value: await sessionCookieValue(user),
        domain: hostname,
        path: "/",
        expires: -1,
        httpOnly: true,
        secure: false,
        sameSite: "Lax",
      },
    ],
    origins: [{ origin, localStorage: onboardingDoneFlags(user.uid) }],
  };
}

/**
 * A page in a new browser context signed in as `user`, with the local onboarding flags set: a
 * second member beside the test's own page. Opens `path` when given.
 */
export async function openAs(
  browser: Browser,
  user: TestUser,
  baseURL: string,
  { path, viewport }: { path?: string; viewport?: ViewportSize } = {},
): Promise<Page> {
  const context = await browser.newContext(viewport ? { viewport } : {});
  await signInAs(context, user, baseURL);
  const page = await context.newPage();
  await skipLocalOnboarding(page, user.uid);
  if (path) await page.goto(path);
  return page;
}

/** Signs up through the real forms and lands on the dashboard. */
export async function signUpViaUi(page: Page, { email = uniqueEmail(), fullName = "New Member" } = {}) {
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/profile-setup/);
  await page.getByLabel("Full name").fill(fullName);
  await page.getByRole("button", { name: "Continue to your dashboard" }).click();
  await page.waitForURL(/\/dashboard/);
  return { email, password: PASSWORD, fullName };
}
