/**
 * The test-checkout top-up end to end through the route modules: the API, the labelled test page
 * and the /checkout return page, on a real embedded engine in a temp directory.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const dataDir = mkdtempSync(path.join(tmpdir(), "checkout-flow-"));
process.env.DATA_DIR = dataDir;
process.env.PAYMENTS = "test";
process.env.SESSION_SECRET = "x".repeat(40);
delete process.env.STRIPE_SECRET_KEY;

const { getStore } = await import("~/engine/index.server");
const { signUpWithCookie } = await import("../../tests/support/signed-in");
const { getBalance } = await import("~/features/wallet/ledger.server");
const api = await import("./api.create-checkout-session");
const testPage = await import("./checkout.test.$checkoutId");
const returnPage = await import("./checkout._index");
const webhook = await import("./api.stripe-webhook");
const planPage = await import("./checkout.test-plan.$checkoutId");
const subscriptionsPage = await import("./_app.subscriptions");

const ORIGIN = "http://localhost";

function apiRequest(
  body: unknown,
  { cookie, headers = {} }: { cookie?: string; headers?: Record<string, string> } = {},
) {
  return new Request(`${ORIGIN}/api/create-checkout-session`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}), ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function callApi(request: Request): Promise<{ status: number; body: Record<string, unknown> }> {
  // A resource route may throw a Response (the origin check does); Remix sends it as it is.
  const response = await api.action({ request, params: {}, context: {} }).catch((thrown: unknown) => {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Loaders and actions throw redirects and 404s; the test wants whichever came out. */
async function outcome<T>(run: () => Promise<T>): Promise<T | Response | { thrown: unknown }> {
  try {
    return await run();
  } catch (thrown) {
    return thrown instanceof Response ? thrown : { thrown };
  }
}

function pageRequest(url: string, cookie: string, form?: Record<string, string>) {
  return new Request(`${ORIGIN}${url}`, {
    method: form ? "POST" : "GET",
    headers: {
      Cookie: cookie,
      Origin: ORIGIN,
      ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
    },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
}

let buyer: { uid: string; cookie: string };
let stranger: { uid: string; cookie: string };

beforeAll(async () => {
  buyer = await signUpWithCookie("buyer@example.com");
  stranger = await signUpWithCookie("stranger@example.com");
});

afterAll(async () => {
  await (await getStore()).close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("POST /api/create-checkout-session", () => {
  it("answers 405 to anything but POST", async () => {
    expect((await api.loader()).status).toBe(405);
    const put = new Request(`${ORIGIN}/api/create-checkout-session`, { method: "PUT", headers: { Origin: ORIGIN } });
    expect((await callApi(put)).status).toBe(405);
  });

  it("refuses a signed-out caller, even with a Bearer header", async () => {
    expect(await callApi(apiRequest({ priceId: "test_sp_100" }, { headers: { Authorization: "Bearer abc" } }))).toEqual(
      {
        status: 401,
        body: { error: "Not authenticated" },
      },
    );
  });

  it("refuses another site's request", async () => {
    const result = await callApi(
      apiRequest({ priceId: "test_sp_100" }, { cookie: buyer.cookie, headers: { Origin: "https://evil.example" } }),
    );
    expect(result.status).toBe(403);
    expect(result.body.error).toMatch(/another site/);
  });

  it("answers bad input with a message a person can act on", async () => {
    expect(
      (await callApi(apiRequest("priceId=x", { cookie: buyer.cookie, headers: { "Content-Type": "text/plain" } })))
        .status,
    ).toBe(415);
    expect((await callApi(apiRequest("{not json", { cookie: buyer.cookie }))).status).toBe(400);
    expect((await callApi(apiRequest({}, { cookie: buyer.cookie }))).status).toBe(400);
    expect(await callApi(apiRequest({ priceId: "price_free" }, { cookie: buyer.cookie }))).toEqual({
      status: 400,
      body: { error: "Unknown pack. Choose one of the packs offered." },
    });
  });

  it("opens one test checkout however often the button is clicked", async () => {
    const first = await callApi(apiRequest({ priceId: "test_sp_500" }, { cookie: buyer.cookie }));
    const again = await callApi(apiRequest({ priceId: "test_sp_500" }, { cookie: buyer.cookie }));
    expect(first.status).toBe(200);
    expect(first.body.url).toBe(`/checkout/test/${first.body.sessionId}`);
    expect(again.body).toEqual(first.body);
  });
});

describe("the test checkout and the return page", () => {
  it("credits the pack once, shows it, and keeps the checkout from strangers", async () => {
    const { body } = await callApi(apiRequest({ priceId: "test_sp_100" }, { cookie: buyer.cookie }));
    const id = String(body.sessionId);
    const pageUrl = `/checkout/test/${id}`;

    const shown = await testPage.loader({
      request: pageRequest(pageUrl, buyer.cookie),
      params: { checkoutId: id },
      context: {},
    });
    expect(shown).toEqual({ title: "Test payment", sp: "100 SP", price: "€5.00" });
    const peek = await outcome(() =>
      testPage.loader({ request: pageRequest(pageUrl, stranger.cookie), params: { checkoutId: id }, context: {} }),
    );
    expect(peek).toMatchObject({ thrown: { init: { status: 404 } } });
    const steal = await outcome(() =>
      testPage.action({
        request: pageRequest(pageUrl, stranger.cookie, { intent: "pay" }),
        params: { checkoutId: id },
        context: {},
      }),
    );
    expect(steal).toMatchObject({ thrown: { init: { status: 404 } } });

    const before = await getBalance(await getStore(), buyer.uid);
    const paid = await testPage.action({
      request: pageRequest(pageUrl, buyer.cookie, { intent: "pay" }),
      params: { checkoutId: id },
      context: {},
    });
    expect(paid).toBeInstanceOf(Response);
    const location = (paid as Response).headers.get("Location");
    expect(location).toBe(`/checkout?status=success&session_id=${id}`);

    const returned = await returnPage.loader({
      request: pageRequest(location!, buyer.cookie),
      params: {},
      context: {},
    });
    expect(returned).toEqual({ title: "Checkout", state: "paid", sp: "100 SP", balance: `${before + 100} SP` });
    await returnPage.loader({ request: pageRequest(location!, buyer.cookie), params: {}, context: {} });
    expect(await getBalance(await getStore(), buyer.uid)).toBe(before + 100);

    expect(
      await returnPage.loader({ request: pageRequest(location!, stranger.cookie), params: {}, context: {} }),
    ).toEqual({ title: "Checkout", state: "not_found" });
  });

  it("says the payment is being confirmed until the test page's Pay, and reports a cancel", async () => {
    const { body } = await callApi(apiRequest({ priceId: "test_sp_1000" }, { cookie: buyer.cookie }));
    const id = String(body.sessionId);
    const pending = await returnPage.loader({
      request: pageRequest(`/checkout?status=success&session_id=${id}`, buyer.cookie),
      params: {},
      context: {},
    });
    expect(pending).toEqual({ title: "Checkout", state: "pending" });

    const cancelled = await testPage.action({
      request: pageRequest(`/checkout/test/${id}`, buyer.cookie, { intent: "cancel" }),
      params: { checkoutId: id },
      context: {},
    });
    expect((cancelled as Response).headers.get("Location")).toBe("/checkout?status=cancelled");
    expect(
      await returnPage.loader({
        request: pageRequest("/checkout?status=cancelled", buyer.cookie),
        params: {},
        context: {},
      }),
    ).toEqual({
      title: "Checkout",
      state: "cancelled",
    });
    const late = await testPage.action({
      request: pageRequest(`/checkout/test/${id}`, buyer.cookie, { intent: "pay" }),
      params: { checkoutId: id },
      context: {},
    });
    expect(late).toMatchObject({ init: { status: 409 } });
  });

  it("has no webhook to forge while the test checkout runs", async () => {
    const request = new Request(`${ORIGIN}/api/stripe-webhook`, {
      method: "POST",
      headers: { "Stripe-Signature": "t=1,v1=x" },
      body: "{}",
    });
    expect((await webhook.action({ request, params: {}, context: {} })).status).toBe(404);
  });

  it("sends a signed-out visitor to sign in", async () => {
    const response = await outcome(() =>
      returnPage.loader({ request: new Request(`${ORIGIN}/checkout?status=cancelled`), params: {}, context: {} }),
    );
    expect((response as Response).headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
  });
});

describe("subscriptions through the same checkout route and the test billing (decision 017)", () => {
  it("subscribes once, credits the allowance, renews, and refuses a second subscription and strangers", async () => {
    const member = await signUpWithCookie("subscriber@example.com");
    const store = await getStore();
    // The first page a member opens sets up their profile (and its welcome bonus); a name skips /profile-setup.
    await outcome(() =>
      subscriptionsPage.loader({ request: pageRequest("/subscriptions", member.cookie), params: {}, context: {} }),
    );
    await store.update(`users/${member.uid}`, { fullName: "Sub Scriber" });
    await outcome(() =>
      subscriptionsPage.loader({ request: pageRequest("/subscriptions", stranger.cookie), params: {}, context: {} }),
    );
    await store.update(`users/${stranger.uid}`, { fullName: "Stran Ger" });
    const free = await subscriptionsPage.loader({
      request: pageRequest("/subscriptions", member.cookie),
      params: {},
      context: {},
    });
    expect(free.current).toMatchObject({ planId: null, status: null });
    const before = await getBalance(store, member.uid);

    const started = await callApi(apiRequest({ priceId: "test_plus_monthly" }, { cookie: member.cookie }));
    expect(started.status).toBe(200);
    expect(String(started.body.url)).toMatch(/^\/checkout\/test-plan\/tps_/);
    // The member's one customer, made on the way.
    expect((await store.get(`billing_customers/${member.uid}`))?.data).toMatchObject({ provider: "test" });

    const id = String(started.body.sessionId);
    const url = `/checkout/test-plan/${id}`;
    const steal = await outcome(() =>
      planPage.action({
        request: pageRequest(url, stranger.cookie, { intent: "subscribe" }),
        params: { checkoutId: id },
        context: {},
      }),
    );
    expect(steal).toMatchObject({ thrown: { init: { status: 404 } } });
    const done = await planPage.action({
      request: pageRequest(url, member.cookie, { intent: "subscribe" }),
      params: { checkoutId: id },
      context: {},
    });
    expect((done as Response).headers.get("Location")).toBe("/subscriptions?checkout=success");
    // A second submit of the same page (a double click) changes nothing.
    await planPage.action({
      request: pageRequest(url, member.cookie, { intent: "subscribe" }),
      params: { checkoutId: id },
      context: {},
    });
    expect(await getBalance(store, member.uid)).toBe(before + 300);

    const again = await callApi(apiRequest({ priceId: "test_plus_yearly" }, { cookie: member.cookie }));
    expect(again).toEqual({
      status: 409,
      body: { error: "You already have a Plus subscription. Use Manage billing to change or cancel it." },
    });
    // A member who reads French is refused in French (decision 077): /subscriptions shows it as given.
    await store.update(`users/${member.uid}`, { language: "fr" });
    expect(await callApi(apiRequest({ priceId: "test_plus_yearly" }, { cookie: member.cookie }))).toEqual({
      status: 409,
      body: {
        error: "Vous avez déjà un abonnement Plus. Passez par Gérer la facturation pour le modifier ou le résilier.",
      },
    });
    await store.update(`users/${member.uid}`, { language: "" });

    const renewed = await subscriptionsPage.action({
      request: pageRequest("/subscriptions", member.cookie, { intent: "renew" }),
      params: {},
      context: {},
    });
    expect((renewed as Response).status).toBe(302);
    expect(await getBalance(store, member.uid)).toBe(before + 600);
    const page = await subscriptionsPage.loader({
      request: pageRequest("/subscriptions", member.cookie),
      params: {},
      context: {},
    });
    expect(page.current).toMatchObject({ planId: "plus_monthly", status: "active" });
    expect(page.periods).toHaveLength(2);

    const bogus = await subscriptionsPage.action({
      request: pageRequest("/subscriptions", member.cookie, { intent: "free_sp" }),
      params: {},
      context: {},
    });
    expect(bogus).toMatchObject({ init: { status: 400 } });
    // Someone without a subscription has nothing for the test controls to change.
    const nothing = await subscriptionsPage.action({
      request: pageRequest("/subscriptions", stranger.cookie, { intent: "renew" }),
      params: {},
      context: {},
    });
    expect(nothing).toMatchObject({ init: { status: 409 } });
    expect(await getBalance(store, member.uid)).toBe(before + 600);
  });
});
