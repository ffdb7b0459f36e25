/**
 * Stripe Checkout behind the PaymentProvider port. The only module that loads the Stripe server SDK.
 */
import Stripe from "stripe";
import { isPackId, packById, type Pack, type PackId } from "./packs";
import {
  CheckoutNotFoundError,
  PaymentMismatchError,
  RefundRefusedError,
  WebhookSignatureError,
  type CheckoutRequest,
  type CheckoutSession,
  type FulfilmentEvent,
  type PaymentEvent,
  type PaymentProvider,
  type RefundEvent,
} from "./types";

export interface StripeProviderConfig {
  secretKey: string;
  webhookSecret: string;
  /** The Stripe price id of each pack (configuration, e.g. STRIPE_PRICE_500). */
  prices: Record<PackId, string>;
  /** http://127.0.0.1:PORT sends every API call to a local stand-in (tests). */
  apiBase?: string;
}

function connection(apiBase: string | undefined): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

// Events that mean "the money arrived". A card payment completes paid; a delayed method (SEPA
// debit, …) completes unpaid and later sends async_payment_succeeded.
const FULFILLING_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

function idOf(value: string | { id: string } | null): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/**
 * A paid session as a FulfilmentEvent; null when it is not paid yet or is not one of ours (a
 * session without our metadata, e.g. from a Payment Link on the same account). The SP come from
 * the pack table; the amount Stripe charged must match it exactly.
 */
export function fulfilmentFromSession(session: Stripe.Checkout.Session): FulfilmentEvent | null {
  if (session.mode !== "payment") return null;
  const metadata = session.metadata ?? {};
  if (!metadata.uid && !metadata.pack) return null;
  if (session.payment_status !== "paid") return null;

  const packId = metadata.pack;
  if (!isPackId(packId)) throw new PaymentMismatchError(session.id, `unknown pack ${JSON.stringify(packId)}`);
  const pack = packById(packId) as Pack;
  const uid = metadata.uid;
  if (!uid || (session.client_reference_id && session.client_reference_id !== uid)) {
    throw new PaymentMismatchError(session.id, "the session's user ids disagree");
  }
  if (session.amount_total !== pack.amountCents || session.currency?.toLowerCase() !== pack.currency) {
    throw new PaymentMismatchError(
      session.id,
      `charged ${session.amount_total} ${session.currency}, the pack costs ${pack.amountCents} ${pack.currency}`,
    );
  }

  const providerIds: Record<string, string> = { checkoutSessionId: session.id };
  const paymentIntentId = idOf(session.payment_intent);
  const customerId = idOf(session.customer);
  if (paymentIntentId) providerIds.paymentIntentId = paymentIntentId;
  if (customerId) providerIds.customerId = customerId;

  return { checkoutId: session.id, uid, packId, sp: pack.sp, amountCents: pack.amountCents, currency: pack.currency, providerIds };
}

/** A charge Stripe reports refunded (in full or in part) as a RefundEvent. */
export function refundFromCharge(charge: Stripe.Charge): RefundEvent {
  return {
    checkoutId: null,
    paymentIntentId: idOf(charge.payment_intent),
    providerRefId: charge.id,
    amountRefundedCents: charge.amount_refunded,
    fullyRefunded: charge.refunded === true && charge.amount_refunded >= charge.amount,
    currency: charge.currency.toLowerCase(),
  };
}

function eventOf(event: Stripe.Event): PaymentEvent | null {
  if (FULFILLING_EVENTS.has(event.type)) {
    const fulfilment = fulfilmentFromSession(event.data.object as Stripe.Checkout.Session);
    return fulfilment ? { type: "checkout.paid", ...fulfilment } : null;
  }
  if (event.type === "charge.refunded") return { type: "charge.refunded", ...refundFromCharge(event.data.object as Stripe.Charge) };
  return null;
}

export function createStripeProvider(config: StripeProviderConfig): PaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    ...connection(config.apiBase),
    // Safe to retry: every create carries an idempotency key.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "SkillSwap" },
  });
  const packByPrice = new Map(Object.entries(config.prices).map(([packId, priceId]) => [priceId, packId as PackId]));

  return {
    kind: "stripe",
    // Stripe Checkout is Stripe's own hosted page.
    checkoutPage: null,

    priceIdFor(packId) {
      return config.prices[packId];
    },

    packForPriceId(priceId) {
      const packId = packByPrice.get(priceId);
      return packId ? packById(packId) : null;
    },

    async createCheckout({ uid, email, pack, priceId, origin, idempotencyKey }: CheckoutRequest): Promise<CheckoutSession> {
      if (config.prices[pack.id] !== priceId) throw new Error(`Price ${priceId} is not the price of pack ${pack.id}.`);
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [{ price: priceId, quantity: 1 }],
          client_reference_id: uid,
          // Stripe refuses an empty address; without one its page asks for it.
          customer_email: email || undefined,
          metadata: { uid, pack: pack.id, sp: String(pack.sp) },
          success_url: `${origin}/checkout?status=success&session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${origin}/checkout?status=cancelled`,
        },
        { idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url.`);
      return { sessionId: session.id, url: session.url };
    },

    parseWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError("The Stripe-Signature header is missing.");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookSignatureError();
        throw error;
      }
      return eventOf(event);
    },

    async refund({ checkoutId, providerIds, idempotencyKey }) {
      const paymentIntent = providerIds.paymentIntentId;
      if (!paymentIntent) throw new RefundRefusedError(`Payment ${checkoutId} has no Stripe payment intent to refund.`);
      try {
        // The SP come back out when Stripe confirms with charge.refunded, not now: a refund can
        // still fail (or wait) on Stripe's side.
        await stripe.refunds.create({ payment_intent: paymentIntent, metadata: { checkoutId } }, { idempotencyKey });
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new RefundRefusedError(`Stripe refused the refund: ${error.message}`);
        throw error;
      }
      return { confirmed: null };
    },

    async retrieveCheckout(sessionId) {
      if (!SESSION_ID.test(sessionId)) throw new CheckoutNotFoundError(sessionId);
      try {
        return fulfilmentFromSession(await stripe.checkout.sessions.retrieve(sessionId));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
          throw new CheckoutNotFoundError(sessionId);
        }
        throw error;
      }
    },
  };
}
