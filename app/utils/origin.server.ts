import { getServerEnv } from "./env.server";

/**
 * The origin of every link that leaves the app: reset and verification mail, calendar feeds,
 * Stripe's return URLs. PUBLIC_URL (required in production), never the request's Host or
 * X-Forwarded-Host, which whoever sends the request chooses.
 */
export function publicOrigin(request: Request): string {
  return new URL(getServerEnv().PUBLIC_URL ?? request.url).origin;
}

function allowedOrigins(request: Request): string[] {
  const origins = [new URL(request.url).origin];
  // A proxy chain lists hosts left to right; the first is the one the browser asked for.
  // Only a proxy we run may say so: without TRUST_PROXY anyone could claim any host.
  const forwarded = getServerEnv().TRUST_PROXY
    ? request.headers.get("X-Forwarded-Host")?.split(",")[0].trim()
    : undefined;
  const host = forwarded || request.headers.get("Host");
  if (host) origins.push(`https://${host}`, `http://${host}`);
  const publicUrl = getServerEnv().PUBLIC_URL;
  if (publicUrl) origins.push(new URL(publicUrl).origin);
  return origins;
}

// A plain Response: resource routes pass it through as it is, and document routes show it in
// their error boundary with its status.
function refused(): Response {
  return Response.json({ error: "This request came from another site and was refused." }, { status: 403 });
}

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

/** Refuses a state-changing request that a browser sent from another site. */
export function assertSameOrigin(request: Request): void {
  if (isCrossSite(request)) throw refused();
}
