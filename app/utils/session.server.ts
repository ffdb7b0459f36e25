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
      secrets: env.SESSION_SECRET.split(",").map((s) => s.trim()).filter(Boolean),
    });
  }
  return cookie;
}

export async function readSessionToken(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header || !header.includes("skillswap_session=")) return null;
  const value: unknown = await getSessionCookie().parse(header);
  return typeof value === "string" && value.length > 0 ? value : null;
}

export function commitSessionToken(token: string, expiresAt: number): Promise<string> {
  return getSessionCookie().serialize(token, { expires: new Date(expiresAt) });
}

export function clearSessionToken(): Promise<string> {
  return getSessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}
