import { getLiveTransport } from "../live/transport.client";

/**
 * Starts a hosted checkout from the browser (SPEC.md §7): POST the price id, then go to the url,
 * or, without one, redirect through Stripe.js with the session id. Every failure is logged and
 * nothing else (SPEC.md §8); the caller clears its "Processing…" state when this returns, with the
 * refusal: the server's own message when it gave one (in the member's language), none otherwise, and
 * a page that shows it words that case itself (/subscriptions).
 */
async function authorizationHeader(): Promise<Record<string, string> | null> {
  // The embedded engine authenticates by the session cookie alone.
  if (window.ENV?.BACKEND !== "firebase") return {};
  getLiveTransport(); // signs the client SDK in, if no island has yet
  const { currentIdToken } = await import("../live/firebase.client");
  const idToken = await currentIdToken();
  return idToken ? { Authorization: `Bearer ${idToken}` } : null;
}

export async function startCheckout(priceId: string): Promise<{ message: string | null } | null> {
  try {
    const auth = await authorizationHeader();
    if (!auth) throw new Error("Not authenticated");
    const response = await fetch("/api/create-checkout-session", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...auth },
      body: JSON.stringify({ priceId }),
      credentials: "same-origin",
    });
    if (!response.ok) {
      const answer = (await response.json().catch(() => null)) as { error?: unknown } | null;
      console.error(`Checkout API error: ${response.status}`);
      return { message: typeof answer?.error === "string" ? answer.error : null };
    }
    const body = (await response.json()) as { sessionId?: unknown; url?: unknown };
    if (typeof body.sessionId !== "string" || body.sessionId.length === 0)
      throw new Error("Failed to create checkout session");
    if (typeof body.url === "string" && body.url.length > 0) {
      window.location.assign(body.url);
      await new Promise(() => {}); // keep "Processing…" while the browser leaves
    }
    await redirectWithStripeJs(body.sessionId);
    return null;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return { message: null };
  }
}

async function redirectWithStripeJs(sessionId: string): Promise<void> {
  const key = window.ENV?.STRIPE_PUBLISHABLE_KEY;
  const { loadStripe } = await import("@stripe/stripe-js");
  const stripe = key ? await loadStripe(key).catch(() => null) : null;
  if (!stripe) throw new Error("Stripe.js failed to load");
  const result = await stripe.redirectToCheckout({ sessionId });
  if (result.error) throw new Error(result.error.message ?? "Stripe.js failed to redirect");
}
