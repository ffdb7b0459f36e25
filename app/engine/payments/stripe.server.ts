/**
 * Stripe Checkout behind the PaymentProvider port. The only module that loads the Stripe server SDK.
 */
import Stripe from "stripe";
import { isPackId, packById, type Pack, type PackId } from "./packs";
import { planById, type PlanId } from "./plans";
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
  type InvoiceEvent,
  type SubscriptionSnapshot,
  type SubscriptionStatus,
} from "./types";

export interface StripeProviderConfig {
  secretKey: string;
  webhookSecret: string;
  /** The Stripe price id of each pack (configuration, e.g. STRIPE_PRICE_500). */
  prices: Record<PackId, string>;
  /** The Stripe price id of each plan (STRIPE_PRICE_PLUS_MONTHLY, …; decision 017). */
  planPrices: Record<PlanId, string>;
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

  return {
    checkoutId: session.id,
    uid,
    packId,
    sp: pack.sp,
    amountCents: pack.amountCents,
    currency: pack.currency,
    providerIds,
  };
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

/** Stripe's subscription statuses onto ours (decision 017). */
function statusOf(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case "active":
    case "trialing":
      return "active";
    case "past_due":
    case "unpaid":
      return "past_due";
    case "canceled":
    case "incomplete_expired":
      return "canceled";
    default:
      // incomplete, paused: not paid for now.
      return "incomplete";
  }
}

type PlanOfPrice = (priceId: string | null | undefined) => PlanId | null;

export function snapshotFromSubscription(
  subscription: Stripe.Subscription,
  at: number,
  planOf: PlanOfPrice,
  deleted = false,
): SubscriptionSnapshot {
  const item = subscription.items?.data?.[0];
  const periodEnd = item?.current_period_end;
  return {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer) ?? "",
    uid: subscription.metadata?.uid || null,
    planId: planOf(item?.price?.id),
    // A deleted subscription is over, whatever status the object still carries.
    status: deleted ? "canceled" : statusOf(subscription.status),
    cancelAtPeriodEnd: subscription.cancel_at_period_end === true || subscription.cancel_at != null,
    currentPeriodEnd: typeof periodEnd === "number" ? periodEnd * 1000 : null,
    at,
  };
}

/** Null for an invoice that no subscription made (a one-off invoice on the same account). */
export function invoiceEventOf(invoice: Stripe.Invoice, at: number, planOf: PlanOfPrice): InvoiceEvent | null {
  const details = invoice.parent?.subscription_details;
  const subscriptionId = idOf(details?.subscription ?? null);
  if (!invoice.id || !subscriptionId) return null;
  const line = invoice.lines?.data?.find((l) => l.pricing?.price_details?.price) ?? invoice.lines?.data?.[0];
  const priceId = idOf((line?.pricing?.price_details?.price as string | { id: string } | undefined) ?? null);
  return {
    invoiceId: invoice.id,
    subscriptionId,
    customerId: idOf(invoice.customer) ?? "",
    uid: details?.metadata?.uid || null,
    planId: planOf(priceId),
    periodInvoice: invoice.billing_reason === "subscription_create" || invoice.billing_reason === "subscription_cycle",
    amountCents: invoice.status === "paid" ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency.toLowerCase(),
    periodStart: typeof line?.period?.start === "number" ? line.period.start * 1000 : null,
    periodEnd: typeof line?.period?.end === "number" ? line.period.end * 1000 : null,
    at,
  };
}

function eventOf(event: Stripe.Event, planOf: PlanOfPrice): PaymentEvent | null {
  const at = event.created * 1000;
  if (event.type === "checkout.session.completed" && event.data.object.mode === "subscription") {
    const session = event.data.object;
    const uid = session.metadata?.uid;
    const subscriptionId = idOf(session.subscription);
    const customerId = idOf(session.customer);
    // A subscription checkout that is not ours (a Payment Link, another app on the account).
    if (!uid || !subscriptionId || !customerId) return null;
    return { type: "subscription.started", uid, subscriptionId, customerId, at };
  }
  if (
    event.type === "customer.subscription.created" ||
    event.type === "customer.subscription.updated" ||
    event.type === "customer.subscription.deleted"
  ) {
    return {
      type: "subscription.changed",
      ...snapshotFromSubscription(event.data.object, at, planOf, event.type === "customer.subscription.deleted"),
    };
  }
  if (event.type === "invoice.paid" || event.type === "invoice.payment_failed") {
    const invoice = invoiceEventOf(event.data.object, at, planOf);
    return invoice && { type: event.type, ...invoice };
  }
  if (FULFILLING_EVENTS.has(event.type)) {
    const fulfilment = fulfilmentFromSession(event.data.object as Stripe.Checkout.Session);
    return fulfilment ? { type: "checkout.paid", ...fulfilment } : null;
  }
  if (event.type === "charge.refunded")
    return { type: "charge.refunded", ...refundFromCharge(event.data.object as Stripe.Charge) };
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
  const planByPrice = new Map(
    Object.entries(config.planPrices).map(([planId, priceId]) => [priceId, planId as PlanId]),
  );
  const planOf: PlanOfPrice = (priceId) => (priceId ? (planByPrice.get(priceId) ?? null) : null);

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

    async createCheckout({
      uid,
      email,
      pack,
      priceId,
      origin,
      idempotencyKey,
      customerId,
    }: CheckoutRequest): Promise<CheckoutSession> {
      if (config.prices[pack.id] !== priceId) throw new Error(`Price ${priceId} is not the price of pack ${pack.id}.`);
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [{ price: priceId, quantity: 1 }],
          client_reference_id: uid,
          // The member's customer when there is one (decision 017); otherwise Stripe refuses an
          // empty address, and without one its page asks for it.
          ...(customerId ? { customer: customerId } : { customer_email: email || undefined }),
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
      return eventOf(event, planOf);
    },

    testBilling: null,

    planPriceIdFor(planId) {
      return config.planPrices[planId];
    },

    planForPriceId(priceId) {
      const planId = planByPrice.get(priceId);
      return planId ? planById(planId) : null;
    },

    async createCustomer({ uid, email, idempotencyKey }) {
      const customer = await stripe.customers.create(
        { email: email || undefined, metadata: { uid } },
        { idempotencyKey },
      );
      return customer.id;
    },

    async createSubscriptionCheckout({ uid, customerId, plan, priceId, origin, idempotencyKey }) {
      if (config.planPrices[plan.id] !== priceId)
        throw new Error(`Price ${priceId} is not the price of plan ${plan.id}.`);
      const session = await stripe.checkout.sessions.create(
        {
          mode: "subscription",
          customer: customerId,
          line_items: [{ price: priceId, quantity: 1 }],
          client_reference_id: uid,
          metadata: { uid, plan: plan.id },
          // Copied onto the subscription and from there onto each invoice, so every event says whose it is.
          subscription_data: { metadata: { uid, plan: plan.id } },
          success_url: `${origin}/subscriptions?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${origin}/subscriptions?checkout=cancelled`,
        },
        { idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url.`);
      return { sessionId: session.id, url: session.url };
    },

    async createBillingPortal({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return { url: session.url };
    },

    async refund({ checkoutId, providerIds, idempotencyKey }) {
      const paymentIntent = providerIds.paymentIntentId;
      if (!paymentIntent)
        throw new RefundRefusedError(
          `Payment ${checkoutId} has no Stripe payment intent to refund.`,
          "no_payment_intent",
        );
      try {
        // The SP come back out when Stripe confirms with charge.refunded, not now: a refund can
        // still fail (or wait) on Stripe's side.
        await stripe.refunds.create({ payment_intent: paymentIntent, metadata: { checkoutId } }, { idempotencyKey });
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          throw new RefundRefusedError(`Stripe refused the refund: ${error.message}`, "refused", error.message);
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
