import { createCookie } from "@remix-run/node";
import { getServerEnv } from "./env.server";

const THIRTY_DAYS_IN_SECONDS = 60 * 60 * 24 * 30;

let cookie: ReturnType<typeof createCookie> | undefined;

/** The one session cookie: it only names a server-side session, which the engine can revoke. */
export function getSessionCookie() {
  if (!cookie) {
    const env = getServerEnv();
    cookie = createCookie("skillswap_session", {
      httpOnly: true,
      sameSite: "lax",
      secure: env.NODE_ENV === "production",
      path: "/",
      maxAge: THIRTY_DAYS_IN_SECONDS,
      // Comma-separated so secrets can be rotated: the first signs, all verify.
      secrets: env.SESSION_SECRET.split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    });
  }
  return cookie;
}

export interface SessionCookie {
  token: string;
  /**
   * Whose session it was. Signed with the cookie, so it can be trusted to say who this browser
   * was signed in as after the session itself has been revoked (e.g. to say why: a suspension).
   */
  uid: string | null;
}

export async function readSessionCookie(request: Request): Promise<SessionCookie | null> {
  const header = request.headers.get("Cookie");
  if (!header || !header.includes("skillswap_session=")) return null;
  const value: unknown = await getSessionCookie().parse(header);
  // Cookies set before the uid was kept hold the bare token.
  if (typeof value === "string") return value.length > 0 ? { token: value, uid: null } : null;
  if (value && typeof value === "object") {
    const { t, u } = value as Record<string, unknown>;
    if (typeof t === "string" && t.length > 0)
      return { token: t, uid: typeof u === "string" && u.length > 0 ? u : null };
  }
  return null;
}

export async function readSessionToken(request: Request): Promise<string | null> {
  return (await readSessionCookie(request))?.token ?? null;
}

export function commitSessionToken(token: string, expiresAt: number, uid: string): Promise<string> {
  return getSessionCookie().serialize({ t: token, u: uid }, { expires: new Date(expiresAt) });
}

export function clearSessionToken(): Promise<string> {
  return getSessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}
