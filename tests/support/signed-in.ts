/**
 * A member signed up through the engine's auth port, with the session cookie a browser would send.
 * For route tests on the embedded engine: import this after DATA_DIR and SESSION_SECRET are set.
 */
import type { AuthUser } from "~/engine/auth/types";
import { getAuth } from "~/engine/index.server";
import { commitSessionToken } from "~/utils/session.server";

export interface SignUpOptions {
  /** What the test does with the new account before its session starts (the account as the engine answered it). */
  beforeSession?: (user: AuthUser) => Promise<void>;
}

export async function signUpWithCookie(
  email: string,
  { beforeSession }: SignUpOptions = {},
): Promise<{ uid: string; cookie: string; token: string }> {
  const auth = await getAuth();
  const credentials = { kind: "password" as const, email, password: "a long enough password", clientKey: "test" };
  const user = await auth.signUp(credentials);
  await beforeSession?.(user);
  const session = await auth.startSession(user, credentials);
  const cookie = (await commitSessionToken(session.token, session.expiresAt, user.uid)).split(";")[0]!;
  return { uid: user.uid, cookie, token: session.token };
}
