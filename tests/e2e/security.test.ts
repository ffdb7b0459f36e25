import http from "node:http";
import { expect, test } from "./support/test";
import { bookableStarts, MIN_NOTICE_MS } from "~/features/bookings/availability";
import { requestBooking } from "~/features/bookings/bookings.server";
import { createFeedToken } from "~/features/bookings/ical.server";
import { saveAvailability, saveRates } from "~/features/bookings/teaching.server";
import { createUser, PASSWORD, signInAs, skipLocalOnboarding } from "./support/fixtures";
import { rawRequest } from "./support/raw-request";
import { e2eStore } from "./support/store";

/**
 * Issue 11's findings, tried the way the review tried them: raw requests with forged headers and
 * oversized bodies against the production server, and a real browser for redirects and headers.
 */

function form(fields: Record<string, string>): { body: string; headers: Record<string, string> } {
  const body = new URLSearchParams(fields).toString();
  return {
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(Buffer.byteLength(body)) },
  };
}

async function resetLinksFor(email: string): Promise<string[]> {
  const mail = await e2eStore().query<{ link: string }>({ collection: "outbox", where: [["to", "==", email]] });
  return mail.map((m) => m.data.link);
}

test.describe("finding 1: links that leave the app use PUBLIC_URL", () => {
  const forgeries: Array<{ name: string; path: string; headers: (base: URL) => Record<string, string> }> = [
    { name: "Host", path: "/reset-password", headers: () => ({ Host: "attacker.example" }) },
    {
      name: "X-Forwarded-Host",
      path: "/reset-password",
      headers: (base) => ({ Host: base.host, "X-Forwarded-Host": "attacker.example", "X-Forwarded-Proto": "https" }),
    },
  ];
  for (const forgery of forgeries) {
    test(`a reset requested with a forged ${forgery.name} mails a link to the real site`, async ({ baseURL }) => {
      const user = await createUser();
      const base = new URL(baseURL!);
      const { body, headers } = form({ email: user.email });
      const response = await rawRequest(baseURL!, {
        method: "POST",
        path: forgery.path,
        headers: { ...forgery.headers(base), ...headers },
        body,
      });
      expect(response.status).toBeLessThan(500);
      await expect.poll(() => resetLinksFor(user.email)).toHaveLength(1);
      const [link] = await resetLinksFor(user.email);
      expect(new URL(link!).origin).toBe(base.origin);
      expect(link).not.toContain("attacker.example");
    });
  }

  test("a calendar feed fetched with a forged Host links its sessions to the real site", async ({ baseURL }) => {
    const mentor = await createUser({
      profile: { timezone: "UTC", skillsOffered: [{ tag: "spanish", label: "Spanish", level: "expert" }] },
    });
    const everyDay = {
      weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "00:00", end: "24:00" })),
      exceptions: [],
    };
    await saveAvailability(e2eStore(), mentor.uid, { timezone: "UTC", ...everyDay });
    await saveRates(e2eStore(), mentor.uid, { spanish: 10 });
    const learner = await createUser();
    const from = Date.now() + MIN_NOTICE_MS + 3_600_000;
    const [start] = bookableStarts(everyDay, "UTC", { from, to: from + 86_400_000, durationMinutes: 60 });
    const booking = await requestBooking(e2eStore(), {
      learnerUid: learner.uid,
      mentorUid: mentor.uid,
      skillTag: "spanish",
      start: start!,
      durationMinutes: 60,
    });
    const token = await createFeedToken(e2eStore(), learner.uid);
    const base = new URL(baseURL!);
    const feed = await rawRequest(baseURL!, {
      path: `/ical/${token}.ics`,
      headers: { Host: "attacker.example", "X-Forwarded-Host": "attacker.example" },
    });
    expect(feed.status).toBe(200);
    // Folded lines (RFC 5545) are unfolded before reading the links.
    const text = feed.body.replace(/\r\n[ \t]/g, "");
    expect(text).toContain(`URL:${base.origin}/session/${booking.id}`);
    expect(text).not.toContain("attacker.example");
  });

  test("a path starting with // is a path on this site, never another host", async ({ baseURL }) => {
    const user = await createUser();
    const { body, headers } = form({ email: user.email });
    // Read as a URL, //attacker.example/reset-password named the reset page on attacker.example.
    const post = await rawRequest(baseURL!, {
      method: "POST",
      path: "//attacker.example/reset-password",
      headers: { Host: new URL(baseURL!).host, ...headers },
      body,
    });
    expect(post.status).toBe(405);
    expect(await resetLinksFor(user.email)).toEqual([]);
    const get = await rawRequest(baseURL!, {
      path: "//attacker.example/auth",
      headers: { Host: new URL(baseURL!).host },
    });
    expect(get.status).toBe(404);
  });
});

test.describe("finding 2: redirectTo after sign-in", () => {
  for (const target of ["/\t/evil.example", "/\n/evil.example", "/\\evil.example"]) {
    test(`redirectTo=${JSON.stringify(target)} ends on the dashboard of this site`, async ({ page, baseURL }) => {
      const user = await createUser();
      await skipLocalOnboarding(page, user.uid);
      await page.goto(`/auth?${new URLSearchParams({ redirectTo: target })}`);
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard");
      expect(new URL(page.url()).host).toBe(new URL(baseURL!).host);
    });
  }
});

test.describe("finding 5: sign-in throttling", () => {
  /** A loopback address of this run's own, so repeated runs and other tests never share its counts. */
  const loopback = () =>
    `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 250)}`;

  function signIn(baseURL: string, email: string, password: string, from: string, forwardedFor?: string) {
    const { body, headers } = form({ email, password, redirectTo: "" });
    return rawRequest(baseURL, {
      method: "POST",
      path: "/auth?index",
      headers: { ...headers, ...(forwardedFor && { "X-Forwarded-For": forwardedFor }) },
      body,
      localAddress: from,
    });
  }

  test("wrong guesses from many addresses slow new addresses down but never lock the owner out", async ({
    baseURL,
  }) => {
    const user = await createUser();
    const home = loopback();
    expect((await signIn(baseURL!, user.email, PASSWORD, home)).status).toBe(302);
    for (let i = 0; i < 10; i++) {
      // A forged X-Forwarded-For changes nothing: the socket's address is what counts.
      expect((await signIn(baseURL!, user.email, "wrong password", loopback(), `203.0.113.${i}`)).status).toBe(401);
    }
    const guesser = await signIn(baseURL!, user.email, "another guess", loopback());
    expect(guesser.status).toBe(429);
    expect(guesser.body).toContain("Too many sign-in attempts. Try again in");
    const owner = await signIn(baseURL!, user.email, PASSWORD, home);
    expect(owner.status).toBe(302);
    expect(owner.headers.location).toBe("/dashboard");
  });
});

test.describe("finding 3: request bodies are limited", () => {
  test("a declared 200 MB form post is refused with 413 before it is read", async ({ baseURL }) => {
    const started = Date.now();
    const response = await rawRequest(baseURL!, {
      method: "POST",
      path: "/reset-password",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(200 * 1024 * 1024) },
      body: Buffer.alloc(1024, "a"),
    });
    expect(response.status).toBe(413);
    expect(response.body).toContain("too large");
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  test("a chunked body without a length is cut off at the limit with 413", async ({ baseURL }) => {
    const chunk = Buffer.alloc(16 * 1024, "a");
    const response = await rawRequest(baseURL!, {
      method: "POST",
      path: "/reset-password",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" },
      chunks: Array.from({ length: 16 }, () => chunk),
    });
    expect(response.status).toBe(413);
  });

  test("each kind of route has its own limit: Stripe's webhook 1 MB, forms 64 KB (pictures: body-limits.test.ts)", async ({
    baseURL,
  }) => {
    const declared = (path: string, contentType: string, bytes: number) =>
      rawRequest(baseURL!, {
        method: "POST",
        path,
        headers: { "Content-Type": contentType, "Content-Length": String(bytes) },
        body: Buffer.alloc(Math.min(bytes, 1024), "a"),
      });
    const multipart = "multipart/form-data; boundary=----limit";
    // Over each limit: refused before the body is read.
    // Signed out, a multipart post gets the form limit too.
    expect((await declared("/profile", multipart, 64 * 1024 + 1)).status).toBe(413);
    expect((await declared("/api/stripe-webhook", "application/json", 1024 * 1024 + 1)).status).toBe(413);
    expect((await declared("/reset-password", "application/x-www-form-urlencoded", 64 * 1024 + 1)).status).toBe(413);

    // Within each route's own limit, though over a form's, the body reaches the route whole.
    const sent = async (path: string, contentType: string, bytes: number) => {
      const body = Buffer.alloc(bytes, "a");
      return rawRequest(baseURL!, {
        method: "POST",
        path,
        headers: { "Content-Type": contentType, "Content-Length": String(body.length) },
        body,
      });
    };
    const webhook = await sent("/api/stripe-webhook", "application/json", 512 * 1024);
    expect(webhook.status).not.toBe(413);
    expect(webhook.status).toBeLessThan(500);
  });

  test("a body the route never reads does not hold up the next request on the same connection", async ({ baseURL }) => {
    // One kept-alive connection, as a browser reuses it: a signed-out upload is redirected without
    // its body being read, and the rest of that body used to sit in front of the next request.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const body = Buffer.alloc(48 * 1024, "a");
      const upload = await rawRequest(baseURL!, {
        method: "POST",
        path: "/profile",
        headers: { "Content-Type": "multipart/form-data; boundary=----unread", "Content-Length": String(body.length) },
        body,
        agent,
      });
      expect(upload.status).toBe(302);
      const next = await rawRequest(baseURL!, { path: "/healthz", agent });
      expect(next.status).toBe(200);
      expect(next.body).toBe("ok");
    } finally {
      agent.destroy();
    }
  });

  test("a small form still works and the server stays healthy", async ({ baseURL, request }) => {
    const user = await createUser();
    const { body, headers } = form({ email: user.email });
    const response = await rawRequest(baseURL!, {
      method: "POST",
      path: "/reset-password",
      headers: { Host: new URL(baseURL!).host, ...headers },
      body,
    });
    expect(response.status).toBe(200);
    expect((await request.get("/healthz")).status()).toBe(200);
  });
});

test.describe("finding 6: headers", () => {
  test("documents carry a CSP whose nonce is on every inline script, and the page still runs", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto("/auth");
    const csp = response!.headers()["content-security-policy"] ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    // Hydrated (support/test.ts waits for it), so Remix's scripts ran under the policy.
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    expect(violations).toEqual([]);
    const html = await response!.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
    expect(inline.length).toBeGreaterThan(0);
    for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`);
    expect(response!.headers()["strict-transport-security"]).toContain("max-age=");
  });

  test("signed-in pages and data are private, no-store and nosniff; signed-out pages are not marked", async ({
    context,
    page,
    baseURL,
    request,
  }) => {
    const user = await createUser();
    await skipLocalOnboarding(page, user.uid);
    const signedOut = await request.get("/auth");
    expect(signedOut.headers()["cache-control"] ?? "").not.toContain("no-store");
    await signInAs(context, user, baseURL!);
    const document = await page.goto("/wallet");
    expect(document!.headers()["cache-control"]).toBe("private, no-store");
    expect(document!.headers()["x-content-type-options"]).toBe("nosniff");
    const data = await page.request.get("/wallet.data");
    expect(data.headers()["cache-control"]).toContain("no-store");
    expect(data.headers()["x-content-type-options"]).toBe("nosniff");
  });

  test("a form post with Origin: null is refused with 403 and changes nothing", async ({ baseURL }) => {
    const user = await createUser();
    const { body, headers } = form({ email: user.email });
    const response = await rawRequest(baseURL!, {
      method: "POST",
      path: "/reset-password",
      headers: { ...headers, Origin: "null" },
      body,
    });
    expect(response.status).toBe(403);
    expect(response.body).toContain("another site");
    expect(await resetLinksFor(user.email)).toEqual([]);
  });
});
