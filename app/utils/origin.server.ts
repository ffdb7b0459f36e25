import { getServerEnv } from "./env.server";

/**
 * The origin of every link that leaves the app: reset and verification mail, calendar feeds,
 * Stripe's return URLs. PUBLIC_URL (required in production), never the request's Host or
 * X-Forwarded-Host, which whoever sends the request chooses.
 */
export function publicOrigin(request: Request): string {
  return new URL(getServerEnv().PUBLIC_URL ?? request.url).origin;
}

/** The host the browser addressed: a trusted proxy's first X-Forwarded-Host, else Host. */
function addressedHost(request: Request): string {
  // A proxy chain lists hosts left to right; the first is the one the browser asked for.
  // Only a proxy we run may say so: without TRUST_PROXY anyone could claim any host.
  const forwarded = getServerEnv().TRUST_PROXY
    ? request.headers.get("X-Forwarded-Host")?.split(",")[0].trim()
    : undefined;
  return forwarded || request.headers.get("Host") || new URL(request.url).host;
}

function allowedOrigins(request: Request): string[] {
  const origins = [new URL(request.url).origin];
  const host = addressedHost(request);
  origins.push(`https://${host}`, `http://${host}`);
  const publicUrl = getServerEnv().PUBLIC_URL;
  if (publicUrl) origins.push(new URL(publicUrl).origin);
  return origins;
}

const CROSS_SITE = "This request came from another site and was refused.";
const ANOTHER_HOST =
  "This request reached the server for another host than the page it came from. If SkillSwap runs " +
  "behind a proxy, the proxy must pass on the host the browser used (README: Behind a proxy).";

/**
 * The one origin rule: a browser sent this request from another site. Browsers send Origin on
 * every POST; Sec-Fetch-Site covers the rare ones that don't. server.mjs applies the same rule
 * to every unsafe method before Remix runs (entry.server.tsx hands it over).
 */
export function isCrossSite(request: Request): boolean {
  const origin = request.headers.get("Origin");
  // "null" comes from sandboxed frames, data: URLs and file: pages: never from one of our pages.
  if (origin === "null") return true;
  if (origin) return !allowedOrigins(request).includes(origin);
  const site = request.headers.get("Sec-Fetch-Site");
  return Boolean(site) && site !== "same-origin" && site !== "none";
}

/**
 * Addresses whose posts carry their own authority in a signed token and need no session, so the
 * origin rule does not apply: the digest's one-click unsubscribe (RFC 8058), which a mail provider
 * posts from its own servers and a webmail page may post from its own site (decision 047). A route
 * listed here must do nothing a forged request could abuse without the token.
 */
const TOKEN_AUTHORISED_POSTS = new Set(["/digest/unsubscribe"]);

/**
 * Why a state-changing request is refused, or null. Beside the origin rule, the page's origin must
 * name the host the request was addressed to: Remix aborts any other action with a 500 (its own
 * check reads X-Forwarded-Host, else Host), so such a request is answered here, with a 403 that
 * says what to fix. server.mjs drops an X-Forwarded-Host it does not trust before Remix sees it.
 */
export function originRefusal(request: Request): string | null {
  if (TOKEN_AUTHORISED_POSTS.has(new URL(request.url).pathname)) return null;
  if (isCrossSite(request)) return CROSS_SITE;
  const origin = request.headers.get("Origin");
  if (origin && new URL(origin).host !== addressedHost(request)) return ANOTHER_HOST;
  return null;
}

// A plain Response: resource routes pass it through as it is, and document routes show it in
// their error boundary with its status.
function refused(message: string): Response {
  return Response.json({ error: message }, { status: 403 });
}

/** Refuses a state-changing request that a browser sent from another site (or for another host). */
export function assertSameOrigin(request: Request): void {
  const refusal = originRefusal(request);
  if (refusal) throw refused(refusal);
}
