/// <reference lib="webworker" />
// The service worker, bundled to /sw.js by scripts/build-service-worker.mjs (decision 045).
// It keeps one cache per build version holding only static files (cache-rules.ts), shows the offline
// page when a navigation finds no network, and waits for the page's "reload" before a new version
// takes over, so no page ever runs on a mix of two builds' files.
import {
  OFFLINE_PATH,
  cacheNameFor,
  isCacheableRequest,
  isCacheableResponse,
  offlineUrl,
  staleCaches,
  staticFilesInDocument,
  staticFilesInStylesheet,
} from "./cache-rules";
import { SKIP_WAITING } from "./messages";
import "./push";

declare const self: ServiceWorkerGlobalScope;
/** The build's version, written in by the build step: a new deploy is a new worker and a new cache. */
declare const SW_VERSION: string;

const CACHE = cacheNameFor(SW_VERSION);
const origin = self.location.origin;

/**
 * The offline page as a signed-out visitor gets it (no cookies sent), every static file it names, and
 * the files its stylesheets draw with (the icon sprite: the offline page's logo is a cell of it).
 */
async function precache(): Promise<void> {
  const cache = await caches.open(CACHE);
  const offline = await fetch(OFFLINE_PATH, { credentials: "omit", cache: "reload" });
  if (!offline.ok) throw new Error(`The offline page answered ${offline.status}.`);
  const html = await offline.clone().text();
  const files = staticFilesInDocument(html, origin);
  await cache.addAll(files);
  const drawn = new Set<string>();
  for (const file of files.filter((name) => name.endsWith(".css"))) {
    const sheet = await cache.match(file);
    if (sheet) for (const name of staticFilesInStylesheet(await sheet.text(), origin)) drawn.add(name);
  }
  await cache.addAll([...drawn].filter((name) => !files.includes(name)));
  await cache.put(OFFLINE_PATH, offline);
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(staleCaches(names, SW_VERSION).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

async function fromCacheOrNetwork(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (isCacheableResponse(response)) await cache.put(request, response.clone());
  return response;
}

/** Pages always come from the network; only when there is none does the offline page answer. */
async function navigate(event: FetchEvent): Promise<Response> {
  try {
    return await fetch(event.request);
  } catch {
    const url = new URL(event.request.url);
    if (url.pathname === OFFLINE_PATH) {
      const offline = await caches.match(OFFLINE_PATH, { cacheName: CACHE });
      return offline ?? new Response("You are offline.", { status: 503, headers: { "Content-Type": "text/plain" } });
    }
    return Response.redirect(offlineUrl(event.request.url, origin), 302);
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.mode === "navigate" && request.method === "GET") {
    event.respondWith(navigate(event));
    return;
  }
  if (isCacheableRequest(request, origin)) event.respondWith(fromCacheOrNetwork(request));
  // Everything else (data, /api, forms, other sites) goes to the network as if there were no worker.
});
