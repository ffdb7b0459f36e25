/** Routes that use the plain layout (no top bar, no side navigation), as SPEC.md lists them. */
const PLAIN_EXACT = [
  "/auth",
  "/signup",
  "/profile-setup",
  "/reset-password",
  "/checkout",
  "/auth/action",
  "/404",
  "/discuss",
  "/privacy",
  "/terms",
  "/terms/accept",
];
const PLAIN_PREFIXES = ["/admin", "/session/", "/checkout/"];

function normalize(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
}

export function isPlainLayoutPath(pathname: string): boolean {
  const path = normalize(pathname);
  if (PLAIN_EXACT.includes(path)) return true;
  return PLAIN_PREFIXES.some((prefix) =>
    prefix.endsWith("/") ? path.startsWith(prefix) : path === prefix || path.startsWith(`${prefix}/`),
  );
}

/** Pages a signed-in user with a name has no business on. */
const SIGNED_OUT_PAGES = ["/auth", "/signup", "/reset-password", "/profile-setup"];

export type Access = "protected" | "signed-out-only" | "profile-setup";

export interface Visitor {
  signedIn: boolean;
  hasName: boolean;
}

/** Where a visitor must go instead of `url`, or null to stay. Pure, so every rule is unit-tested. */
export function redirectFor(url: URL, access: Access, visitor: Visitor): string | null {
  const here = `${url.pathname}${url.search}`;
  if (access === "signed-out-only") {
    return visitor.signedIn && visitor.hasName ? "/dashboard" : null;
  }
  if (!visitor.signedIn) {
    return here === "/" ? "/auth" : `/auth?${new URLSearchParams({ redirectTo: here })}`;
  }
  if (access === "profile-setup") {
    return visitor.hasName ? "/dashboard" : null;
  }
  if (!visitor.hasName && !isPlainLayoutPath(url.pathname)) {
    return `/profile-setup?${new URLSearchParams({ redirectTo: here })}`;
  }
  return null;
}

export function isSignedOutPage(pathname: string): boolean {
  return SIGNED_OUT_PAGES.includes(normalize(pathname));
}

// Browsers drop tabs and newlines from URLs and read a backslash as a slash, so "/\t/evil.example"
// becomes "//evil.example": a path holding any of them is refused rather than cleaned.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const UNSAFE_IN_PATH = /[\u0000-\u0020\u007f-\u009f\\\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/;
const PROBE_ORIGIN = "https://skillswap.invalid";

/** The same-origin path `to` names, resolved (dot segments removed), or null when it is not one. */
function resolvedPath(to: unknown): string | null {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || UNSAFE_IN_PATH.test(to)) return null;
  let url: URL;
  try {
    url = new URL(to, PROBE_ORIGIN);
  } catch {
    return null;
  }
  return url.origin === PROBE_ORIGIN ? `${url.pathname}${url.search}${url.hash}` : null;
}

/**
 * Only same-origin paths are followed after sign-in; anything else goes to the dashboard. The path
 * is resolved against an origin and must keep it, and what is followed is the resolved path, so
 * what the browser sees is exactly what was checked. Resolving removes dot segments, which can
 * leave a path that a browser reads as another host ("/.//evil.example" and "/%2e//evil.example"
 * become "//evil.example"), so the resolved path must pass the same checks and resolve to itself.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  const path = resolvedPath(to);
  if (path === null || resolvedPath(path) !== path) return fallback;
  if (isSignedOutPage(new URL(path, PROBE_ORIGIN).pathname)) return fallback;
  return path;
}

export function hasName(fullName: unknown): boolean {
  return typeof fullName === "string" && fullName.trim().length > 0;
}
