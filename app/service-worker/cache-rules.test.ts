import { describe, expect, it } from "vitest";
import {
  CACHE_PREFIX,
  cacheNameFor,
  isCacheableRequest,
  isCacheableResponse,
  offlineUrl,
  staleCaches,
  staticFilesInDocument,
  staticFilesInStylesheet,
} from "./cache-rules";

const origin = "https://skillswap.example";
const get = (path: string, extra: { mode?: string; destination?: string; method?: string } = {}) => ({
  method: "GET",
  url: path.startsWith("http") ? path : `${origin}${path}`,
  ...extra,
});

describe("isCacheableRequest", () => {
  it.each([
    "/build/entry.client-ABCD1234.js",
    "/build/_shared/chunk-XYZ.js",
    "/build/_assets/tailwind-1A2B3C.css",
    "/build/routes/_app.dashboard-QWE.js",
    "/icons/icon-192.png",
    "/icons/maskable-512.png",
    "/fonts/inter.woff2",
    "/favicon.svg",
    // A view of the icon sprite: the fragment is never sent, and a cache matches without it (decision 184).
    "/build/_assets/icons-5XQJ7L2M.svg#home",
  ])("keeps the static file %s", (path) => {
    expect(isCacheableRequest(get(path, { destination: "script" }), origin)).toBe(true);
  });

  it.each([
    ["a signed-in page", "/dashboard"],
    ["the landing page", "/"],
    ["the offline page asked for as a resource", "/offline"],
    ["single-fetch loader data", "/dashboard.data"],
    ["root loader data", "/_root.data"],
    ["Remix's older loader data", "/dashboard?_data=routes%2F_app.dashboard"],
    ["loader data on a build-like path", "/build/x.js?_data=root"],
    ["an API call", "/api/live"],
    ["an API call that looks like a file", "/api/bookings/1.ics"],
    ["lazy route discovery", "/__manifest?p=%2Fdashboard&version=abc"],
    ["a member's picture", "/avatars/u1/3/96"],
    ["the service worker itself", "/sw.js"],
    ["the manifest", "/manifest.webmanifest"],
    ["a data archive", "/settings/data/abc"],
    ["the build folder itself", "/build/"],
    ["a folder under build", "/build/_assets/"],
    ["a query string on a build file", "/build/entry.client-ABCD.js?v=2"],
    ["a path that only starts like build", "/buildings/1"],
    ["a path that climbs out of build", "/build/../dashboard"],
    ["an encoded climb out of build", "/build/%2e%2e/dashboard"],
    ["a health check", "/healthz"],
  ])("never keeps %s", (_, path) => {
    const url = `${origin}${path}`;
    // What the browser would ask for: a climb is resolved before the request is made.
    expect(isCacheableRequest({ method: "GET", url: new URL(url).href }, origin)).toBe(false);
  });

  it("never keeps a navigation or a document, even at a static path", () => {
    expect(isCacheableRequest(get("/build/entry.client-ABCD.js", { mode: "navigate" }), origin)).toBe(false);
    expect(isCacheableRequest(get("/icons/icon-192.png", { destination: "document" }), origin)).toBe(false);
  });

  it("keeps only GET", () => {
    for (const method of ["POST", "PUT", "DELETE", "HEAD", "PATCH"]) {
      expect(isCacheableRequest(get("/build/entry.client-ABCD.js", { method }), origin)).toBe(false);
    }
  });

  it("keeps nothing from another origin, even at the same path", () => {
    expect(isCacheableRequest(get("https://cdn.example/build/entry.client-ABCD.js"), origin)).toBe(false);
    expect(isCacheableRequest(get("http://skillswap.example/build/entry.client-ABCD.js"), origin)).toBe(false);
    expect(isCacheableRequest(get("https://skillswap.example:8443/icons/icon-192.png"), origin)).toBe(false);
    expect(isCacheableRequest(get("https://js.stripe.com/v3/"), origin)).toBe(false);
  });

  it("refuses a URL it cannot read", () => {
    expect(isCacheableRequest({ method: "GET", url: "not a url" }, origin)).toBe(false);
  });
});

describe("isCacheableResponse", () => {
  const response = (status: number, headers: Record<string, string> = {}, type = "basic") => ({
    status,
    type,
    headers: new Headers(headers),
  });

  it("keeps a whole same-origin answer", () => {
    expect(isCacheableResponse(response(200, { "cache-control": "public, max-age=31536000, immutable" }))).toBe(true);
    expect(isCacheableResponse(response(200))).toBe(true);
  });

  it("refuses errors, partial and redirected answers", () => {
    for (const status of [206, 301, 304, 404, 500, 503]) expect(isCacheableResponse(response(status))).toBe(false);
  });

  it("refuses opaque and cross-origin answers", () => {
    expect(isCacheableResponse(response(200, {}, "opaque"))).toBe(false);
    expect(isCacheableResponse(response(200, {}, "cors"))).toBe(false);
  });

  it("refuses what the server marked private or not to be stored", () => {
    expect(isCacheableResponse(response(200, { "cache-control": "private, no-store" }))).toBe(false);
    expect(isCacheableResponse(response(200, { "cache-control": "no-store" }))).toBe(false);
    expect(isCacheableResponse(response(200, { "cache-control": "Private" }))).toBe(false);
  });
});

describe("staleCaches", () => {
  it("deletes every older version of ours and keeps the current one", () => {
    const names = [cacheNameFor("aaaa-1111"), cacheNameFor("bbbb-2222"), cacheNameFor("cccc-3333")];
    expect(staleCaches(names, "bbbb-2222")).toEqual([cacheNameFor("aaaa-1111"), cacheNameFor("cccc-3333")]);
  });

  it("leaves caches that are not ours alone", () => {
    expect(staleCaches(["other-app", "workbox-precache", `x${CACHE_PREFIX}old`], "new")).toEqual([]);
  });

  it("deletes a version whose name only starts like the current one", () => {
    expect(staleCaches([cacheNameFor("abc"), cacheNameFor("abcd")], "abc")).toEqual([cacheNameFor("abcd")]);
  });
});

describe("staticFilesInDocument", () => {
  it("finds the build's scripts, styles and preloads, the favicon and icons, once each", () => {
    const html = `<!DOCTYPE html><html><head>
      <link rel="stylesheet" href="/build/_assets/tailwind-ABC.css"/>
      <link rel="icon" href="/favicon.svg" type="image/svg+xml"/>
      <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"/>
      <link rel="modulepreload" href="/build/entry.client-DEF.js"/>
      <link rel="modulepreload" href="/build/_shared/chunk-1.js"/></head><body>
      <script>window.__remixManifest={"entry":{"module":"/build/entry.client-DEF.js","imports":["/build/_shared/chunk-1.js"]},"url":"/build/manifest-123.js"};</script>
      <script type="module">import "/build/manifest-123.js"; import * as route0 from "/build/root-GHI.js";</script>
      <a href="/dashboard">Dashboard</a><a href="/api/live">x</a><img src="/avatars/u/1/96"/>
      <script src="/build/x.js?_data=root"></script></body></html>`;
    expect(staticFilesInDocument(html, origin)).toEqual([
      "/build/_assets/tailwind-ABC.css",
      "/favicon.svg",
      "/icons/apple-touch-icon.png",
      "/build/entry.client-DEF.js",
      "/build/_shared/chunk-1.js",
      "/build/manifest-123.js",
      "/build/root-GHI.js",
    ]);
  });
});

describe("staticFilesInStylesheet", () => {
  it("finds the sprite a sheet draws with once, however many views it shows, and nothing else", () => {
    const css =
      `.logo-mark{background-image:url(/build/_assets/icons-5XQJ.svg#logo)}` +
      `.icon[data-icon=home]{--icon: url("/build/_assets/icons-5XQJ.svg#home")}` +
      `.icon[data-icon=x]{--icon: url( '/build/_assets/icons-5XQJ.svg#x' )}` +
      `@font-face{src:url(/fonts/inter.woff2) format("woff2")}` +
      `.a{background:url(data:image/png;base64,AAAA)}.b{background:url(https://cdn.example/build/x.svg)}` +
      `.c{background:url(/avatars/u/1/96)}.d{background:url(/build/x.svg?v=2)}.e{background:url(../build/y.svg)}`;
    expect(staticFilesInStylesheet(css, origin)).toEqual(["/build/_assets/icons-5XQJ.svg", "/fonts/inter.woff2"]);
  });
});

describe("offlineUrl", () => {
  it("sends a failed page to the offline page with the way back", () => {
    expect(offlineUrl(`${origin}/inbox/abc?x=1`, origin)).toBe(`${origin}/offline?from=%2Finbox%2Fabc%3Fx%3D1`);
  });

  it("leaves the way back out for the home page, the offline page itself and other sites", () => {
    expect(offlineUrl(`${origin}/`, origin)).toBe(`${origin}/offline`);
    expect(offlineUrl(`${origin}/offline?from=%2Fdashboard`, origin)).toBe(`${origin}/offline`);
    expect(offlineUrl("https://evil.example/steal", origin)).toBe(`${origin}/offline`);
  });
});
