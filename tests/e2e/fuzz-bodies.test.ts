import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext } from "@playwright/test";
import { expect, test } from "./support/test";
import { createUser, signInAs, type TestUser } from "./support/fixtures";
import { rawRequest } from "./support/raw-request";
import { memberWorld, type PageWorld } from "./support/world";

/**
 * Issue 25, item 4: a body that is not the form a route expects (JSON, nothing, another content
 * type, a multipart body cut short) is the sender's mistake, answered with a 4xx and a message,
 * never a 500. Every route module with an action is found in app/routes, so a new one is covered
 * without touching this file; a new kind of URL parameter makes the test say which value it needs.
 */

const ROUTES_DIR = path.join(process.cwd(), "app", "routes");

interface ActionRoute {
  file: string;
  /** The URL's path with `:param` placeholders, and `?index` for an index route. */
  pattern: string;
}

/**
 * The URL a flat-routes file name answers: `_app.inbox.$chatId.tsx` → `/inbox/:chatId`; a trailing
 * "_" only takes the route out of its parent's layout (`_app.board.$postId_.edit.tsx` → `/board/:postId/edit`).
 */
function patternOf(file: string): string {
  const name = file.replace(/\.(tsx|ts)$/, "");
  // A dot is a "/" unless escaped as "[.]".
  const segments = name.split(/(?<!\[)\.(?!\])/);
  const index = segments.at(-1) === "_index";
  const parts = segments
    .filter((segment) => !segment.startsWith("_"))
    .map((segment) =>
      segment
        .replaceAll("[.]", ".")
        .replace(/_$/, "")
        .replace(/^\$(\w+)/, ":$1"),
    );
  return `/${parts.join("/")}${index ? "?index" : ""}`;
}

function actionRoutes(): ActionRoute[] {
  return readdirSync(ROUTES_DIR)
    .filter((file) => /\.tsx?$/.test(file) && !/\.(server|test)\.tsx?$/.test(file))
    .filter((file) =>
      /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(
        readFileSync(path.join(ROUTES_DIR, file), "utf8"),
      ),
    )
    .map((file) => ({ file, pattern: patternOf(file) }));
}

/** Real ids from the world, so each action gets past "not found" to reading its body. */
function urlOf(route: ActionRoute, world: PageWorld): string {
  const checkoutId = (url: string) => new URL(url, "http://x").pathname.split("/").at(-1)!;
  const values: Record<string, string> = {
    threadId: world.threadId,
    chatId: world.chatId,
    bookingId: world.bookingId,
    sessionId: world.bookingId,
    uid: world.other.uid,
    // Another member's post takes answers; only one's own can be edited.
    postId: route.pattern.endsWith("/edit") ? world.myBoardPostId : world.boardPostId,
    // A real proposal waiting on the member's own need, so the answer's own checks are fuzzed.
    proposalId: world.proposalId,
    // No device of the member's is needed: removing an unknown one is a 404, never a 5xx.
    deviceId: "fuzz-unknown-device",
    checkoutId: checkoutId(
      route.pattern.startsWith("/checkout/test-plan/") ? world.planCheckoutUrl : world.checkoutUrl,
    ),
  };
  return route.pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (!value) throw new Error(`${route.file}: give the fuzz test a value for the URL parameter "${name}"`);
    return encodeURIComponent(value);
  });
}

const BOUNDARY = "----fuzz-bodies";
const BODIES: Array<{ name: string; headers: Record<string, string>; body?: string }> = [
  { name: "a JSON body", headers: { "Content-Type": "application/json" }, body: '{"intent":"save","text":"hi"}' },
  { name: "an empty body", headers: {} },
  { name: "a wrong content type", headers: { "Content-Type": "text/plain" }, body: "intent=save&text=hi" },
  {
    name: "a truncated multipart body",
    headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG`,
  },
];

async function cookieHeader(context: BrowserContext, user: TestUser, baseURL: string): Promise<string> {
  await signInAs(context, user, baseURL);
  const cookies = await context.cookies(baseURL);
  await context.clearCookies();
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

test("every action route is found, with the URL its file name gives", () => {
  const patterns = actionRoutes().map((route) => route.pattern);
  expect(patterns).toEqual(
    expect.arrayContaining([
      "/api/chat/open",
      "/api/reports",
      "/calendar",
      "/community/:threadId",
      "/inbox/:chatId",
      "/profile",
      "/api/bookings/:bookingId",
      "/auth?index",
      "/admin/members/:uid",
      "/board/new",
      "/board/:postId/edit",
      "/api/board/proposals/:proposalId",
      "/terms/accept",
    ]),
  );
  expect(patternOf("api.bookings.$bookingId[.]ics.ts")).toBe("/api/bookings/:bookingId.ics");
  expect(patternOf("admin.audit._index.tsx")).toBe("/admin/audit?index");
  expect(patternOf("_app.board.$postId_.edit.tsx")).toBe("/board/:postId/edit");
});

test("no action route answers 5xx to a body that is not its form, nor to a GET", async ({ context, baseURL }) => {
  test.setTimeout(240_000);
  const world = await memberWorld();
  const signedIn = [
    { who: "member", cookie: await cookieHeader(context, world.me, baseURL!) },
    { who: "admin", cookie: await cookieHeader(context, world.admin, baseURL!) },
    // Signed out, the sign-in, sign-up and reset forms read their bodies.
    { who: "visitor", cookie: "" },
  ];
  const failures: string[] = [];
  // Signing out ends the sessions the other routes' requests carry: it goes last.
  const routes = actionRoutes().sort((a, b) => Number(a.pattern === "/logout") - Number(b.pattern === "/logout"));
  for (const route of routes) {
    const url = new URL(urlOf(route, world), baseURL).href;
    for (const { who, cookie } of signedIn) {
      // Admin pages answer others 404 before they read anything: only the admin's requests reach their bodies.
      if (route.pattern.startsWith("/admin") && who !== "admin") continue;
      for (const { name, headers, body } of BODIES) {
        const response = await fetch(url, {
          method: "POST",
          headers: { ...headers, Cookie: cookie, Origin: new URL(baseURL!).origin },
          body,
          redirect: "manual",
        });
        const text = await response.text();
        if (response.status >= 500 || /Unexpected Server Error/.test(text))
          failures.push(`POST ${route.pattern} as ${who} with ${name}: ${response.status} ${text.slice(0, 120)}`);
      }
      const get = await fetch(url, { headers: { Cookie: cookie }, redirect: "manual" });
      const text = await get.text();
      if (get.status >= 500 || /Unexpected Server Error/.test(text))
        failures.push(`GET ${route.pattern} as ${who}: ${get.status} ${text.slice(0, 120)}`);
    }
  }
  expect(failures).toEqual([]);
});

/** A sign-in posted with exactly these headers (fetch cannot forge Host). */
async function signInWith(baseURL: string, user: TestUser, headers: Record<string, string>) {
  const body = new URLSearchParams({ email: user.email, password: user.password }).toString();
  const answer = await rawRequest(baseURL, {
    method: "POST",
    path: "/auth?index",
    body,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": String(Buffer.byteLength(body)),
      Origin: new URL(baseURL).origin,
      ...headers,
    },
  });
  return { status: answer.status, location: answer.headers.location, text: answer.body };
}

test("a forwarded host that differs from Origin is ignored untrusted, and a Host that differs answers 403 with what to fix", async ({
  baseURL,
}) => {
  const user = await createUser();
  // No TRUST_PROXY on this server: the header is the sender's claim and changes nothing.
  const forwarded = await signInWith(baseURL!, user, { "X-Forwarded-Host": "elsewhere.example" });
  expect(forwarded.status).toBe(302);
  expect(forwarded.location).toBe("/dashboard");
  // The page's origin (PUBLIC_URL) addressed to another host: a proxy that hides the public host.
  const rewritten = await signInWith(baseURL!, user, { Host: "elsewhere.example" });
  expect(rewritten.status).toBe(403);
  expect(rewritten.text).toContain("reached the server for another host than the page it came from");
  expect(rewritten.text).toContain("Behind a proxy");
});
