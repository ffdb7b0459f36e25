/**
 * Stripe's webhook. The signature is checked on the raw body before anything is read from it;
 * fulfilment is idempotent, so Stripe's retries and the /checkout return page can race safely.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { getStore } from "~/engine/index.server";
import { getPayments } from "~/engine/payments/index.server";
import { PaymentMismatchError, WebhookSignatureError, type PaymentEvent } from "~/engine/payments/types";
import { fulfilCheckout } from "~/features/wallet/fulfil.server";
import { applyRefund } from "~/features/wallet/refunds.server";
import { applySubscriptionEvent } from "~/features/subscriptions/apply.server";

function answer(body: Record<string, unknown>, status = 200, headers?: HeadersInit): Response {
  return Response.json(body, { status, headers });
}

export async function loader() {
  return answer({ error: "Stripe sends webhooks with POST." }, 405, { Allow: "POST" });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return answer({ error: "Stripe sends webhooks with POST." }, 405, { Allow: "POST" });
  const payments = getPayments();
  if (payments?.kind !== "stripe") return answer({ error: "Stripe webhooks are not configured on this server." }, 404);

  const rawBody = await request.text();
  let event: PaymentEvent | null;
  try {
    event = payments.parseWebhook(rawBody, request.headers.get("Stripe-Signature"));
  } catch (error) {
    if (error instanceof WebhookSignatureError) return answer({ error: error.message }, 400);
    if (error instanceof PaymentMismatchError) {
      // Not credited. A non-2xx answer keeps the event failing in Stripe's dashboard, where an
      // operator will see it, and Stripe retries it once the configuration is fixed.
      console.error("stripe-webhook:", error.message);
      return answer({ error: "This payment does not match its pack and was not credited." }, 422);
    }
    throw error;
  }
  if (!event) return answer({ received: true });

  const store = await getStore();
  switch (event.type) {
    case "checkout.paid": {
      const { credited } = await fulfilCheckout(store, event);
      return answer({ received: true, credited });
    }
    case "charge.refunded": {
      const refund = await applyRefund(store, event);
      if (!refund.checkoutId)
        console.warn(`stripe-webhook: charge ${event.providerRefId} was refunded but is not a payment of ours.`);
      return answer({ received: true, refunded: refund.applied });
    }
    case "subscription.started":
    case "subscription.changed":
    case "invoice.paid":
    case "invoice.payment_failed": {
      const applied = await applySubscriptionEvent(store, event);
      return answer({ received: true, credited: applied.credited > 0, changed: applied.changed });
    }
  }
}
