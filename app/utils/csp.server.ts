import type { ServerEnv } from "./env.server";

type CspEnv = Pick<ServerEnv, "BACKEND" | "FIREBASE_AUTH_EMULATOR_HOST" | "FIRESTORE_EMULATOR_HOST">;

/**
 * The Content-Security-Policy of every document. Scripts run only from our own files or with this
 * response's nonce (Remix's inline module and window.ENV), so injected markup cannot run script;
 * no site may frame us (frame-ancestors 'none'). Stripe's hosted checkout and, on the Firebase
 * engine, Google's endpoints are the only other places the page talks to.
 */
export function contentSecurityPolicy(nonce: string, env: CspEnv): string {
  const connect = ["'self'", "https://api.stripe.com"];
  if (env.BACKEND === "firebase") {
    // Auth (identitytoolkit, securetoken) and Firestore (firestore) are all under googleapis.com.
    connect.push("https://*.googleapis.com");
    for (const host of [env.FIREBASE_AUTH_EMULATOR_HOST, env.FIRESTORE_EMULATOR_HOST]) {
      if (host) connect.push(`http://${host}`);
    }
  }
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, "https://js.stripe.com"],
    // React and the tour library set style attributes; styles cannot run script.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "font-src": ["'self'", "data:"],
    "connect-src": connect,
    "media-src": ["'self'", "blob:"],
    // The installable app (decision 045): /sw.js and /manifest.webmanifest, both our own files.
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "frame-src": [
      "'self'",
      "https://js.stripe.com",
      "https://checkout.stripe.com",
      ...(env.BACKEND === "firebase" ? ["https://*.firebaseapp.com"] : []),
    ],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}
