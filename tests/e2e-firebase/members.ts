/**
 * Members of the Firebase-mode suite, made cheaply (decision 031): the account in the Auth
 * emulator, the profile and wallet by the server's own code on the Firestore emulator, and a
 * browser signed in with Playwright's storageState holding a real Firebase session cookie (the
 * one the server makes from a fresh ID token), so a test opens a page already signed in.
 */
import { createCookie } from "@remix-run/node";
import { expect, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { userPath, type UserProfile } from "~/documents/users";
import type { DocStore } from "~/engine/store/types";
import { recordTermsAccepted } from "~/features/legal/acceptance.server";
import { currentTermsVersion } from "~/features/legal/content.server";
import { ensureProfile } from "~/features/profile/bootstrap.server";
import { createAccount, PASSWORD, uniqueEmail, verifyEmail } from "./accounts";
import { readEmulators } from "./emulators";
import { logListenQueries } from "./listen";
import { SESSION_SECRET } from "./settings";

export interface Member {
  uid: string;
  email: string;
  fullName: string;
}

/** A verified account whose profile and wallet (with the welcome bonus) the server's code made, terms accepted, onboarding done. */
export async function createMember(
  store: DocStore,
  fullName: string,
  profile: { [field in keyof UserProfile]?: unknown } = {},
): Promise<Member> {
  const email = uniqueEmail(fullName.split(" ")[0]!.toLowerCase());
  const { idToken, localId: uid } = await createAccount(email);
  await verifyEmail(email, idToken);
  await ensureProfile(store, uid);
  // As sign-up does (decision 043), so pages are not preceded by the new-terms page.
  await recordTermsAccepted(store, uid, await currentTermsVersion());
  await store.update(userPath(uid), { fullName, tourCompleted: true, welcomeBonusShown: true, ...profile });
  return { uid, email, fullName };
}

async function authEmulator<T>(path: string, body: object): Promise<T> {
  const { auth } = readEmulators();
  const response = await fetch(`http://${auth}/identitytoolkit.googleapis.com/v1/${path}`, {
    method: "POST",
    // The emulator takes "owner" as the admin credential of the project.
    headers: { "Content-Type": "application/json", Authorization: "Bearer owner" },
    body: JSON.stringify(body),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
  return (await response.json()) as T;
}

/** The value of the app's session cookie for `who`: a Firebase session cookie made from a fresh ID token. */
async function sessionCookieValue(who: Member): Promise<string> {
  const { projectId } = readEmulators();
  const { idToken } = await authEmulator<{ idToken: string }>("accounts:signInWithPassword?key=demo-api-key", {
    email: who.email,
    password: PASSWORD,
    returnSecureToken: true,
  });
  const { sessionCookie } = await authEmulator<{ sessionCookie: string }>(`projects/${projectId}:createSessionCookie`, {
    idToken,
    validDuration: 3600,
  });
  const cookie = createCookie("skillswap_session", { secrets: [SESSION_SECRET] });
  return (await cookie.serialize({ t: sessionCookie, u: who.uid })).split(";")[0]!.split("=").slice(1).join("=");
}

type StorageState = Exclude<NonNullable<BrowserContextOptions["storageState"]>, string>;

/** What a browser holds after `who` signed in with onboarding done: session cookie and the local onboarding flags. */
export async function storageStateFor(who: Member, baseURL: string): Promise<StorageState> {
  const { hostname, origin } = new URL(baseURL);
  return {
    cookies: [
      {
        name: "skillswap_session",
        value: await sessionCookieValue(who),
        domain: hostname,
        path: "/",
        expires: -1,
        httpOnly: true,
        secure: false,
        sameSite: "Lax",
      },
    ],
    origins: [
      {
        origin,
        localStorage: [
          { name: "tour_done", value: "1" },
          { name: "tourCompleted", value: "1" },
          { name: `wb_shown_${who.uid}`, value: "1" },
        ],
      },
    ],
  };
}

/** A page in a browser context of its own, signed in as `who`. */
export async function openAs(browser: Browser, who: Member, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ storageState: await storageStateFor(who, baseURL) });
  logListenQueries(context);
  return context.newPage();
}
