import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";
import { getServerEnv } from "./env.server";

/** A one-time message shown after a redirect (decision: a signed cookie, not a `?reset=1` query). */
const ToastSchema = z.object({
  title: z.string().min(1).max(200),
  description: z.string().max(500).optional(),
  type: z.enum(["success", "error", "info"]),
});
export type Toast = z.infer<typeof ToastSchema>;

const TOAST_KEY = "toast";

let storage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, { toast: Toast }>> | undefined;

function toastStorage() {
  if (!storage) {
    const env = getServerEnv();
    storage = createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
      cookie: {
        name: "skillswap_toast",
        httpOnly: true,
        sameSite: "lax",
        secure: env.NODE_ENV === "production",
        path: "/",
        // Comma-separated so secrets can be rotated, as for the session cookie.
        secrets: env.SESSION_SECRET.split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      },
    });
  }
  return storage;
}

/** The Set-Cookie value that carries `toast` to the next page. */
export async function createToastCookie(toast: Toast): Promise<string> {
  const session = await toastStorage().getSession();
  session.flash(TOAST_KEY, ToastSchema.parse(toast));
  return toastStorage().commitSession(session);
}

/** Redirects with a toast, keeping the caller's headers (a second Set-Cookie is appended, not replaced). */
export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await createToastCookie(toast));
  return redirect(url, { ...init, headers });
}

/**
 * Reads the pending toast and clears it: the returned `setCookie` must be sent with the response
 * (null when there was no toast, so ordinary pages send no cookie).
 */
export async function readToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader || !cookieHeader.includes("skillswap_toast=")) return { toast: null, setCookie: null };
  const session = await toastStorage().getSession(cookieHeader);
  const parsed = ToastSchema.safeParse(session.get(TOAST_KEY));
  return { toast: parsed.success ? parsed.data : null, setCookie: await toastStorage().destroySession(session) };
}
