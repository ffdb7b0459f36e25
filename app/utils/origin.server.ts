import { getServerEnv } from "./env.server";

function allowedOrigins(request: Request): string[] {
  const origins = [new URL(request.url).origin];
  const host = request.headers.get("X-Forwarded-Host") ?? request.headers.get("Host");
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
 * Refuses a state-changing request that a browser sent from another site. Browsers send Origin
 * on every POST; Sec-Fetch-Site covers the rare ones that don't.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null") {
    if (!allowedOrigins(request).includes(origin)) {
      throw refused();
    }
    return;
  }
  const site = request.headers.get("Sec-Fetch-Site");
  if (site && site !== "same-origin" && site !== "none") {
    throw refused();
  }
}
