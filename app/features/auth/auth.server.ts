import { redirect } from "@remix-run/node";
import { getAuth, getStore } from "~/engine/index.server";
import type { AuthUser } from "~/engine/auth/types";
import { ensureProfile } from "~/features/profile/bootstrap.server";
import { displayNameOf, avatarOf } from "~/features/profile/display";
import { getUser, type Suspension, type UserProfile } from "~/documents/users";
import { hasName, redirectFor, type Access } from "~/features/layout/routes";
import { clearSessionToken, readSessionCookie, readSessionToken } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { fixedT, languageOf } from "~/i18n/i18n.server";

export interface CurrentUser {
  uid: string;
  email: string;
  /** Decision 024: until it is, payments from this member's bookings wait in escrow. */
  emailVerified: boolean;
  displayName: string;
  avatar: string;
  profile: UserProfile;
}

/**
 * The loaders of one page (root, layout, page) each get their own copy of the request: Remix's
 * single fetch hands every loader a new Request (without `_routes` and `index`), so a WeakMap on
 * the request alone resolved the session three times a page. Lookups for the same Cookie header
 * that overlap in time share one, as the loaders of a page start together. A lookup is shared only
 * while it runs: a request that arrives after it settled reads the store again, so a session ended
 * meanwhile is never honoured.
 */
const runningLookups = new Map<string, Promise<SessionLookup>>();

interface SessionLookup {
  user: AuthUser | null;
  /** Whose session the cookie named when the engine no longer honours it (revoked or expired). */
  endedFor: string | null;
}

function lookUpSession(request: Request): Promise<SessionLookup> {
  const key = request.headers.get("Cookie") ?? "";
  let running = runningLookups.get(key);
  if (!running) {
    running = (async () => {
      const cookie = await readSessionCookie(request);
      if (!cookie) return { user: null, endedFor: null };
      const user = await (await getAuth()).getSessionUser(cookie.token);
      return { user, endedFor: !user && cookie.uid ? cookie.uid : null };
    })();
    runningLookups.set(key, running);
    const forget = () => runningLookups.delete(key);
    running.then(forget, forget);
  }
  return running;
}

// A loader may ask more than once for the same request: resolve it once.
const lookups = new WeakMap<Request, Promise<SessionLookup>>();
/** Whose session a request's cookie named when the engine no longer honours it (revoked or expired). */
const endedSessions = new WeakMap<Request, string>();

function sessionOf(request: Request): Promise<SessionLookup> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = lookUpSession(request).then((found) => {
      if (found.endedFor) endedSessions.set(request, found.endedFor);
      return found;
    });
    lookups.set(request, lookup);
  }
  return lookup;
}

export async function getAuthUser(request: Request): Promise<AuthUser | null> {
  return (await sessionOf(request)).user;
}

export async function getUserId(request: Request): Promise<string | null> {
  return (await getAuthUser(request))?.uid ?? null;
}

/** One profile read per session lookup: the requests that shared the lookup share the profile too. */
const profiles = new WeakMap<SessionLookup, Promise<CurrentUser>>();

function profileOf(lookup: SessionLookup, authUser: AuthUser): Promise<CurrentUser> {
  let pending = profiles.get(lookup);
  if (!pending) {
    pending = (async () => {
      const profile = await ensureProfile(await getStore(), authUser.uid, Date.now(), authUser);
      return {
        uid: authUser.uid,
        email: authUser.email,
        emailVerified: authUser.emailVerified,
        displayName: displayNameOf({
          authDisplayName: authUser.displayName,
          fullName: profile.fullName,
          email: authUser.email,
        }),
        avatar: avatarOf({ authPhotoURL: authUser.photoURL, profilePicture: profile.profilePicture }),
        profile,
      };
    })();
    profiles.set(lookup, pending);
  }
  return pending;
}

/** The signed-in user with their profile (created on first sight), or null when signed out. */
export async function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  const lookup = await sessionOf(request);
  return lookup.user ? profileOf(lookup, lookup.user) : null;
}

/**
 * What a suspended member is told when they try to sign in, in `language`; the admin's reason as
 * it was written.
 */
export function suspendedMessage(suspension: Suspension, language: string): string {
  return fixedT(language, "auth")("suspended.signIn", { reason: suspension.reason });
}

/**
 * Where a suspended member lands: /auth, told why, signed out (and back here once reinstated). In
 * the language the signed-out /auth will speak: the cookie's, else the browser's.
 */
async function toSignInWithReason(request: Request, suspension: Suspension): Promise<never> {
  const reason = suspension.reason.length > 400 ? `${suspension.reason.slice(0, 399)}…` : suspension.reason;
  const { pathname, search } = new URL(request.url);
  const back =
    request.method === "GET" && !pathname.startsWith("/auth")
      ? `?${new URLSearchParams({ redirectTo: pathname + search })}`
      : "";
  const t = fixedT(await languageOf(request), "auth");
  throw await redirectWithToast(
    `/auth${back}`,
    { type: "error", title: t("suspended.title"), description: t("suspended.toast", { reason }) },
    { headers: { "Set-Cookie": await clearSessionToken() } },
  );
}

/**
 * A suspended member's next request lands on /auth with the reason. Suspending ends their sessions
 * at once, so usually the request arrives with a session the engine has revoked, and the signed
 * cookie still says whose it was; a session that slipped in meanwhile is ended here.
 */
async function refuseSuspended(request: Request, user: CurrentUser | null): Promise<void> {
  if (user) {
    const { suspension } = user.profile;
    if (!suspension) return;
    await (await getAuth()).revokeSessions(user.uid);
    await toSignInWithReason(request, suspension);
  }
  const endedFor = endedSessions.get(request);
  if (!endedFor) return;
  const suspension = (await getUser(await getStore(), endedFor))?.suspension;
  if (suspension) await toSignInWithReason(request, suspension);
}

async function enforce(request: Request, access: Access): Promise<CurrentUser | null> {
  const user = await getCurrentUser(request);
  await refuseSuspended(request, user);
  const to = redirectFor(new URL(request.url), access, {
    signedIn: Boolean(user),
    hasName: hasName(user?.profile.fullName),
  });
  if (to) throw redirect(to);
  return user;
}

/** Signed-in user with a name (or on a plain-layout page); otherwise redirects as ARCHITECTURE.md says. */
export async function requireUser(request: Request): Promise<CurrentUser> {
  return (await enforce(request, "protected")) as CurrentUser;
}

export async function requireUserId(request: Request): Promise<string> {
  return (await requireUser(request)).uid;
}

/** For /auth, /signup, /reset-password: signed-in users with a name go to the dashboard. */
export async function requireAnonymous(request: Request): Promise<void> {
  await enforce(request, "signed-out-only");
}

/**
 * The loader of a sign-in, sign-up or reset page: signed out only, and whether the engine's forms
 * run in the browser (where the server checks no passwords; see useBrowserAuthForm).
 */
export async function authFormLoader(request: Request): Promise<{ formsInBrowser: boolean }> {
  await requireAnonymous(request);
  return { formsInBrowser: !(await getAuth()).capabilities.checksPasswords };
}

/** For /profile-setup: signed in, and not yet named. */
export async function requireUnnamedUser(request: Request): Promise<CurrentUser> {
  return (await enforce(request, "profile-setup")) as CurrentUser;
}

export async function logout(request: Request): Promise<never> {
  const token = await readSessionToken(request);
  if (token) await (await getAuth()).endSession(token);
  throw redirect("/auth", { headers: { "Set-Cookie": await clearSessionToken() } });
}
