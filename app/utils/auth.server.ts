import { redirect } from "@remix-run/node";
import { getAuth, getStore } from "~/engine/index.server";
import type { AuthUser } from "~/engine/auth/types";
import { ensureProfile } from "~/features/profile/bootstrap.server";
import { suspensionOf } from "~/features/members/member";
import { displayNameOf, avatarOf } from "~/features/profile/display";
import type { UserProfile } from "~/features/profile/types";
import { hasName, redirectFor, type Access } from "~/features/layout/routes";
import { clearSessionToken, readSessionToken } from "./session.server";

export interface CurrentUser {
  uid: string;
  email: string;
  displayName: string;
  avatar: string;
  profile: UserProfile;
}

// Parent and child loaders run for the same request: resolve its session once.
const resolved = new WeakMap<Request, Promise<AuthUser | null>>();

export function getAuthUser(request: Request): Promise<AuthUser | null> {
  let pending = resolved.get(request);
  if (!pending) {
    pending = (async () => {
      const token = await readSessionToken(request);
      if (!token) return null;
      return (await getAuth()).getSessionUser(token);
    })();
    resolved.set(request, pending);
  }
  return pending;
}

export async function getUserId(request: Request): Promise<string | null> {
  return (await getAuthUser(request))?.uid ?? null;
}

const profiles = new WeakMap<Request, Promise<CurrentUser | null>>();

/** The signed-in user with their profile (created on first sight), or null when signed out. */
export function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  let pending = profiles.get(request);
  if (!pending) {
    pending = (async () => {
      const authUser = await getAuthUser(request);
      if (!authUser) return null;
      const profile = await ensureProfile(await getStore(), authUser.uid);
      return {
        uid: authUser.uid,
        email: authUser.email,
        displayName: displayNameOf({ authDisplayName: authUser.displayName, fullName: profile.fullName, email: authUser.email }),
        avatar: avatarOf({ authPhotoURL: authUser.photoURL, profilePicture: profile.profilePicture }),
        profile,
      };
    })();
    profiles.set(request, pending);
  }
  return pending;
}

/** A suspended member's next request ends their session and lands on /auth, which says why. */
async function refuseSuspended(request: Request, user: CurrentUser): Promise<void> {
  if (!suspensionOf(user.profile)) return;
  await (await getAuth()).revokeSessions(user.uid);
  throw redirect("/auth?suspended=1", { headers: { "Set-Cookie": await clearSessionToken() } });
}

async function enforce(request: Request, access: Access): Promise<CurrentUser | null> {
  const user = await getCurrentUser(request);
  if (user) await refuseSuspended(request, user);
  const to = redirectFor(new URL(request.url), access, { signedIn: Boolean(user), hasName: hasName(user?.profile.fullName) });
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

/** For /profile-setup: signed in, and not yet named. */
export async function requireUnnamedUser(request: Request): Promise<CurrentUser> {
  return (await enforce(request, "profile-setup")) as CurrentUser;
}

export async function logout(request: Request): Promise<never> {
  const token = await readSessionToken(request);
  if (token) await (await getAuth()).endSession(token);
  throw redirect("/auth", { headers: { "Set-Cookie": await clearSessionToken() } });
}
