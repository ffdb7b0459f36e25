import { getStore } from "~/engine/index.server";
import { getAuthUser, requireUser, type CurrentUser } from "~/features/auth/auth.server";

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

/** For admin loaders and actions: the admin and the store in one line. */
export async function adminContext(request: Request) {
  const admin = await requireAdmin(request);
  return { admin, store: await getStore() };
}

/**
 * The action of admin pages that take no writes: outsiders get the same 404 as for any other admin
 * request (Remix's own answer would be a 405 that reveals the route), admins a 405.
 */
export async function refuseWrites({ request }: { request: Request }): Promise<never> {
  await requireAdmin(request);
  throw new Response("This page takes no form posts.", { status: 405, headers: { Allow: "GET" } });
}
