/**
 * What the service worker may keep (decision 045): only static files that are the same for every
 * visitor and belong to one build, in one cache per build version. Never a document, loader data
 * (`.data`, `?_data=`), anything under /api, or anything with a query string.
 */

export const CACHE_PREFIX = "skillswap-static-";

/** The page shown when the network is gone; cached once per version, fetched without cookies. */
export const OFFLINE_PATH = "/offline";

/** Static files that are not under /build/ but change only with a deploy. */
const STATIC_PREFIXES = ["/build/", "/icons/", "/fonts/"];
const STATIC_FILES = new Set(["/favicon.svg"]);

export function cacheNameFor(version: string): string {
  return `${CACHE_PREFIX}${version}`;
}

/** The caches an activating version deletes: every one of ours but its own. */
export function staleCaches(names: readonly string[], version: string): string[] {
  const current = cacheNameFor(version);
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== current);
}

export interface RequestLike {
  method: string;
  url: string;
  mode?: string;
  destination?: string;
}

/** True when the request names a static file of this site that the cache may hold. */
export function isCacheableRequest(request: RequestLike, origin: string): boolean {
  if (request.method !== "GET") return false;
  if (request.mode === "navigate" || request.destination === "document") return false;
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return false;
  }
  if (url.origin !== origin) return false;
  // A query string is data or a cache-buster, never one of the build's files. A fragment is not sent
  // and a cache matches without it: it names a view of the icon sprite (decision 184).
  if (url.search !== "") return false;
  const path = url.pathname;
  if (STATIC_FILES.has(path)) return true;
  return STATIC_PREFIXES.some(
    (prefix) => path.startsWith(prefix) && path.length > prefix.length && !path.endsWith("/"),
  );
}

export interface ResponseLike {
  status: number;
  type: string;
  headers: { get(name: string): string | null };
}

/** Only a whole, same-origin answer the server did not mark private or uncacheable is kept. */
export function isCacheableResponse(response: ResponseLike): boolean {
  if (response.status !== 200 || response.type !== "basic") return false;
  const cacheControl = (response.headers.get("cache-control") ?? "").toLowerCase();
  if (/\b(no-store|private)\b/.test(cacheControl)) return false;
  return true;
}

/** The static files a document refers to (scripts, styles, modulepreloads, the favicon), in order. */
export function staticFilesInDocument(html: string, origin: string): string[] {
  return cacheablePaths(html.matchAll(/["'](\/(?:build|icons|fonts)\/[^"'?#\s]+|\/favicon\.svg)["']/g), origin);
}

/**
 * The static files a stylesheet draws with (the icon sprite, decision 184): the browser asks for them
 * only once the sheet is applied, so the offline page's own list does not name them.
 */
export function staticFilesInStylesheet(css: string, origin: string): string[] {
  return cacheablePaths(
    css.matchAll(/url\(\s*["']?(\/(?:build|icons|fonts)\/[^"'()?#\s]+)(?:#[^"'()\s]*)?["']?\s*\)/g),
    origin,
  );
}

/** Each path a pattern's first group found, once, in order, if the worker would cache it. */
function cacheablePaths(matches: Iterable<RegExpMatchArray>, origin: string): string[] {
  const found = new Set<string>();
  for (const [, path] of matches) {
    if (isCacheableRequest({ method: "GET", url: `${origin}${path}` }, origin)) found.add(path);
  }
  return [...found];
}

/** Where a navigation that failed for want of network is sent: the offline page, told where to return. */
export function offlineUrl(failed: string, origin: string): string {
  const url = new URL(failed);
  const from = url.origin === origin ? `${url.pathname}${url.search}` : "/";
  const offline = new URL(OFFLINE_PATH, origin);
  if (from !== "/" && !from.startsWith(OFFLINE_PATH)) offline.searchParams.set("from", from);
  return offline.href;
}
