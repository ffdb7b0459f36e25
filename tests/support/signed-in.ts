/**
 * A member signed up through the engine's auth port, with the session cookie a browser would send.
 * For route tests on the embedded engine: import this after DATA_DIR and SESSION_SECRET are set.
 */
import { getAuth } from "~/engine/index.server";
import { commitSessionToken } from "~/utils/session.server";

export async function signUpWithCookie(email: string): Promise<{ uid: string; cookie: string }> {
  const auth = await getAuth();
  const credentials = { kind: "password" as const, email, password: "a long enough password", clientKey: "test" };
  const user = await auth.signUp(credentials);
  const session = await auth.startSession(user, credentials);
  const cookie = (await commitSessionToken(session.token, session.expiresAt, user.uid)).split(";")[0]!;
  return { uid: user.uid, cookie };
}
