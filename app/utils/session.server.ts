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

/** Cookie headers held with what they say: a browser sends the same one with every request. */
const KEPT_HEADERS = 1_000;
const keptHeaders = new Map<string, Readonly<SessionCookie> | null>();

/**
 * The session a request's cookie names, its signature checked. What a header says is kept per header
 * (at most KEPT_HEADERS, then the map starts again): parsing it and checking the signature's HMAC
 * answer the same for the same header while the secrets stay, and were 1.8 % of a signed-in
 * /matches view's CPU (decision 188). Only the cookie is kept: whether the session it names is still
 * honoured is asked of the engine on every request.
 */
export async function readSessionCookie(request: Request): Promise<SessionCookie | null> {
  const header = request.headers.get("Cookie");
  if (!header || !header.includes("skillswap_session=")) return null;
  const kept = keptHeaders.get(header);
  if (kept !== undefined) return kept;
  const found = sessionCookieOf(await getSessionCookie().parse(header));
  if (keptHeaders.size >= KEPT_HEADERS) keptHeaders.clear();
  keptHeaders.set(header, found);
  return found;
}

function sessionCookieOf(value: unknown): Readonly<SessionCookie> | null {
  // Cookies set before the uid was kept hold the bare token.
  if (typeof value === "string") return value.length > 0 ? Object.freeze({ token: value, uid: null }) : null;
  if (value && typeof value === "object") {
    const { t, u } = value as Record<string, unknown>;
    if (typeof t === "string" && t.length > 0)
      return Object.freeze({ token: t, uid: typeof u === "string" && u.length > 0 ? u : null });
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
