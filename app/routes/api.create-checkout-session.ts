/**
 * POST /api/create-checkout-session (SPEC.md §7): starts a hosted checkout for one SP pack, or in
 * subscription mode for one plan (decision 017) — the price id says which.
 * Body `{ priceId }`; answers `{ sessionId, url }` or `{ error }`. A resource route, so every
 * answer is a Response (single fetch would drop the status of a bare `data()`).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import type { AuthUser } from "~/engine/auth/types";
import { getAuth, getStore } from "~/engine/index.server";
import { getPayments } from "~/engine/payments/index.server";
import { ensureCustomer } from "~/features/subscriptions/customer.server";
import { getSubscription } from "~/documents/subscriptions";
import { activePlan } from "~/features/subscriptions/state";
import { getAuthUser } from "~/features/auth/auth.server";
import { getUser } from "~/documents/users";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { assertSameOrigin, publicOrigin } from "~/utils/origin.server";

const Body = z.object({ priceId: z.string().trim().min(1).max(200) });

const MAX_BODY_BYTES = 4_096;

// A double click, or a retry after a flaky network, lands in the same ten-second window and so
// reuses the provider's checkout instead of opening a second one; a deliberate purchase a little
// later gets a fresh checkout. An unpaid duplicate would cost nothing, but it clutters the
// provider's dashboard and the person's history.
const IDEMPOTENCY_WINDOW_MS = 10_000;

function fail(error: string, status: number, headers?: HeadersInit): Response {
  return Response.json({ error }, { status, headers });
}

/**
 * A refusal a member can read on /subscriptions, in their language (decision 077): the profile's,
 * else the request's. The protocol's own answers (405, 415, 413, bad JSON, and the SPEC's "Not
 * authenticated") stay as written for API callers.
 */
async function refuse(request: Request, uid: string, key: string, status: number): Promise<Response> {
  const profile = await getUser(await getStore(), uid);
  return fail(fixedT(await languageOf(request, profile?.language), "wallet")(key), status);
}

/**
 * Who is asking: a Firebase ID token as `Authorization: Bearer` (SPEC.md §7), else the session
 * cookie. The embedded engine has no ID tokens (its verifyIdToken answers null), so there the
 * session cookie is the credential and a Bearer header alone is not enough.
 */
export async function authenticate(request: Request): Promise<AuthUser | null> {
  const bearer = /^Bearer (\S+)$/.exec(request.headers.get("Authorization") ?? "")?.[1];
  if (bearer) {
    const user = await (await getAuth()).verifyIdToken(bearer);
    if (user) return user;
  }
  return getAuthUser(request);
}

async function readBody(request: Request): Promise<{ priceId: string } | Response> {
  if (!/^application\/json\b/i.test(request.headers.get("Content-Type") ?? "")) {
    return fail("Send the request body as JSON (Content-Type: application/json).", 415);
  }
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return fail("The request body is too large.", 413);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail("The request body is not valid JSON.", 400);
  }
  const parsed = Body.safeParse(json);
  if (!parsed.success) return fail("Choose a pack: the body needs a priceId.", 400);
  return parsed.data;
}

export async function loader() {
  return fail("Use POST to start a checkout.", 405, { Allow: "POST" });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return fail("Use POST to start a checkout.", 405, { Allow: "POST" });
  assertSameOrigin(request);

  const user = await authenticate(request);
  if (!user) return fail("Not authenticated", 401);

  const body = await readBody(request);
  if (body instanceof Response) return body;

  const payments = getPayments();
  if (!payments) return refuse(request, user.uid, "checkoutApi.paymentsOff", 503);
  const pack = payments.packForPriceId(body.priceId);
  const plan = pack ? null : payments.planForPriceId(body.priceId);
  if (!pack && !plan) return refuse(request, user.uid, "checkoutApi.unknownPack", 400);

  const store = await getStore();
  if (plan && activePlan(await getSubscription(store, user.uid))) {
    return refuse(request, user.uid, "checkoutApi.alreadySubscribed", 409);
  }

  const origin = publicOrigin(request);
  const idempotencyKey = `${user.uid}:${body.priceId}:${Math.floor(Date.now() / IDEMPOTENCY_WINDOW_MS)}`;
  try {
    // The member's one customer, shared by packs and plans (decision 017).
    const customerId = await ensureCustomer(store, payments, user);
    const common = { uid: user.uid, priceId: body.priceId, origin, idempotencyKey, customerId };
    const session = plan
      ? await payments.createSubscriptionCheckout({ ...common, plan })
      : await payments.createCheckout({ ...common, email: user.email, pack: pack! });
    return Response.json(session, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("create-checkout-session: the payment provider refused", error);
    return refuse(request, user.uid, "subscriptions.errors.startFailed", 502);
  }
}
