import { getStore } from "~/engine/index.server";
import { getAuthUser, requireUser, type CurrentUser } from "~/features/auth/auth.server";
import { fixedT, languageOf } from "~/i18n/i18n.server";

/**
 * The back office's guard. Everyone who is not a signed-in admin gets the same 404 as an unknown
 * path, for pages, actions and resource routes alike: the area's existence is not revealed. The
 * role is read from the session's account on every request, never from anything the browser sends.
 */
export async function requireAdmin(request: Request): Promise<CurrentUser> {
  const authUser = await getAuthUser(request);
  if (!authUser?.admin) throw notFound();
  return requireUser(request);
}

export function notFound(): Response {
  return new Response("Not found", { status: 404 });
}

/**
 * For admin loaders and actions: the admin, the store, and `t` of the "admin" namespace in the
 * admin's own language (decision 064), for the messages an action answers with.
 */
export async function adminContext(request: Request) {
  const admin = await requireAdmin(request);
  // The admin's own language, for the page's words and for parseForm's top-level message alike.
  const language = await languageOf(request, admin.profile.language);
  return { admin, store: await getStore(), language, t: fixedT(language, "admin") };
}

/**
 * The action of admin pages that take no writes: outsiders get the same 404 as for any other admin
 * request (Remix's own answer would be a 405 that reveals the route), admins a 405.
 */
export async function refuseWrites({ request }: { request: Request }): Promise<never> {
  await requireAdmin(request);
  throw new Response("This page takes no form posts.", { status: 405, headers: { Allow: "GET" } });
}

/** An admin action's refusal in the admin's language; one without a key (a provider's own words) as written. */
export function adminErrorText(
  error: { message: string; key?: string; values?: Record<string, string | number> },
  t: (key: string, values?: Record<string, string | number>) => string,
): string {
  return error.key ? t(error.key, error.values) : error.message;
}
