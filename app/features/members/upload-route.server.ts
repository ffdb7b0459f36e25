import { getAuthUser } from "~/features/auth/auth.server";

/** The paths that take an upload: a member's picture on /profile (the page, and single fetch's data URL). */
const UPLOAD_PATHS = new Set(["/profile", "/profile.data"]);

/**
 * Whether this request may send a picture: a multipart post to a route that takes uploads, from a
 * signed-in member. server.mjs asks before it reads a byte of the body, and only then allows the
 * large limit; every other request, whatever its Content-Type says, gets the small form limit.
 */
export async function mayUpload(request: Request): Promise<boolean> {
  if (request.method !== "POST") return false;
  if (!UPLOAD_PATHS.has(new URL(request.url).pathname)) return false;
  if (!(request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) return false;
  return (await getAuthUser(request)) !== null;
}
