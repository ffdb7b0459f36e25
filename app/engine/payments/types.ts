/**
 * The PaymentProvider port (ARCHITECTURE.md): start a hosted checkout for an SP pack and turn the
 * provider's word that it was paid into a FulfilmentEvent. Amounts always come from the pack table
 * (./packs.ts), never from the browser.
 */
import type { SubscriptionStatus } from "~/documents/subscriptions";
import type { Pack, PackId } from "./packs";
import type { Plan, PlanId } from "./plans";

export interface CheckoutRequest {
  uid: string;
  email: string;
  pack: Pack;
  priceId: string;
  /** Where the provider sends the person back: `${origin}/checkout?…`. */
  origin: string;
  /** Repeating a request with the same key returns the same checkout instead of a second one. */
  idempotencyKey: string;
  /** The member's customer at the provider (decision 017), so packs and plans share one. */
  customerId?: string;
}

export interface CheckoutSession {
  sessionId: string;
  url: string;
}

/** A paid checkout, ready to be credited by fulfilCheckout. */
export interface FulfilmentEvent {
  /** The provider's checkout id; `payments/{checkoutId}` and entry `topup_{checkoutId}` are keyed by it. */
  checkoutId: string;
  uid: string;
  packId: PackId;
  sp: number;
  amountCents: number;
  currency: string;
  /** The provider's own ids (payment intent, customer, …) for support and refunds. */
  providerIds: Record<string, string>;
}

/**
 * The provider's word that a charge was refunded (Stripe's `charge.refunded`, or the test
 * checkout at once). Carries what identifies the payment; the SP come back out by applyRefund.
 */
export interface RefundEvent {
  /** `payments/{checkoutId}` when the provider knows it; otherwise the payment intent finds it. */
  checkoutId: string | null;
  paymentIntentId: string | null;
  /** The provider's id for this refund (a charge id on Stripe): for support. */
  providerRefId: string;
  /** Whole cents refunded so far on the charge, and whether that is all of it. */
  amountRefundedCents: number;
  fullyRefunded: boolean;
  currency: string;
}

/** Subscription states the app knows (decision 017); the provider's others map onto these. */
export type { SubscriptionStatus };

/** A subscription checkout completed: links the provider's customer and subscription to a member. */
export interface SubscriptionStartedEvent {
  subscriptionId: string;
  customerId: string;
  uid: string;
  /** When the provider said so, in ms: events are ordered by it. */
  at: number;
}

/** The provider's word on a subscription as it stands at `at` (created, updated or deleted). */
export interface SubscriptionSnapshot {
  subscriptionId: string;
  customerId: string;
  /** From the subscription's metadata; null when it has none (the customer then tells who). */
  uid: string | null;
  /** Null for a price that is not one of our plans. */
  planId: PlanId | null;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  /** End of the period paid for, in ms; null when unknown. */
  currentPeriodEnd: number | null;
  at: number;
}

/** An invoice of a subscription was paid, or a payment of it failed. */
export interface InvoiceEvent {
  invoiceId: string;
  subscriptionId: string;
  customerId: string;
  uid: string | null;
  /** The plan of the invoice's price; null for a price that is not one of ours. */
  planId: PlanId | null;
  /**
   * Whether the invoice pays a period of the plan (first invoice or renewal) and so earns its
   * allowance; a proration after a plan change does not.
   */
  periodInvoice: boolean;
  amountCents: number;
  currency: string;
  periodStart: number | null;
  periodEnd: number | null;
  at: number;
}

/** What a webhook can tell the app; parseWebhook answers null for every other event. */
export type PaymentEvent =
  | ({ type: "checkout.paid" } & FulfilmentEvent)
  | ({ type: "charge.refunded" } & RefundEvent)
  | ({ type: "subscription.started" } & SubscriptionStartedEvent)
  | ({ type: "subscription.changed" } & SubscriptionSnapshot)
  | ({ type: "invoice.paid" } & InvoiceEvent)
  | ({ type: "invoice.payment_failed" } & InvoiceEvent);

export type SubscriptionEvent = Extract<
  PaymentEvent,
  { type: "subscription.started" | "subscription.changed" | "invoice.paid" | "invoice.payment_failed" }
>;

export interface CustomerRequest {
  uid: string;
  email: string;
  /** `customer_{uid}`: a second request, or a race of two, yields the same customer. */
  idempotencyKey: string;
}

export interface SubscriptionCheckoutRequest {
  uid: string;
  customerId: string;
  plan: Plan;
  priceId: string;
  /** Where the provider sends the person back: `${origin}/subscriptions?…`. */
  origin: string;
  idempotencyKey: string;
}

export interface BillingPortalRequest {
  customerId: string;
  /** Where the portal's "return" link leads. */
  returnUrl: string;
}

/**
 * The labelled test billing (PAYMENTS=test only): plays Stripe's part for subscriptions. Each verb
 * answers the events Stripe would send, which the caller applies exactly as the webhook does.
 */
export interface TestBilling {
  /** The open test subscription checkout of `uid` with this id, or null. */
  getCheckout(
    id: string,
    uid: string,
  ): Promise<{ id: string; plan: Plan; status: "open" | "completed" | "cancelled" } | null>;
  /** Subscribes: the checkout completes, the subscription starts and its first invoice is paid. */
  completeCheckout(id: string, uid: string): Promise<SubscriptionEvent[]>;
  cancelCheckout(id: string, uid: string): Promise<void>;
  /**
   * "Renew now": the next period begins and its invoice is paid; after a failed payment, the open
   * invoice is paid instead (Stripe's retry). At the end of a period cancelled at period end, the
   * subscription ends.
   */
  renew(uid: string): Promise<SubscriptionEvent[]>;
  /** A renewal whose payment fails: the subscription is past due until renew pays it. */
  failRenewal(uid: string): Promise<SubscriptionEvent[]>;
  /** At period end (it stays paid until then) or at once; `resume` undoes a cancellation at period end. */
  cancel(uid: string, when: "period_end" | "now"): Promise<SubscriptionEvent[]>;
  resume(uid: string): Promise<SubscriptionEvent[]>;
}

export interface RefundRequest {
  checkoutId: string;
  /** As stored on the payment at fulfilment. */
  providerIds: Record<string, string>;
  amountCents: number;
  currency: string;
  /** Repeating a request with the same key never refunds twice. */
  idempotencyKey: string;
}

export interface RefundStarted {
  /**
   * The refund, already confirmed (the test checkout): apply it now. Null when the provider
   * confirms later by webhook (Stripe), and only then do the SP come back out.
   */
  confirmed: RefundEvent | null;
}

/**
 * Why the provider will not refund (decision 077): pages name the code in the reader's language,
 * with the provider's own words (`detail`) as it gave them; the English message is for logs.
 */
export type RefundRefusalReason =
  "no_payment_intent" | "refused" | "not_test_checkout" | "unknown_checkout" | "never_paid";

/** The provider cannot refund this payment (not one of its own, no charge to refund, refused). */
export class RefundRefusedError extends Error {
  constructor(
    message: string,
    readonly reason: RefundRefusalReason,
    /** The provider's own words, for "refused". */
    readonly detail = "",
  ) {
    super(message);
    this.name = "RefundRefusedError";
  }
}

/**
 * A checkout page the app serves itself (the labelled test checkout). Stripe hosts its own page,
 * so its provider has none; the page's route asks the port for this instead of naming an engine.
 */
export interface AppCheckoutPage {
  /** The checkout if it exists and belongs to `uid`; anyone else's looks missing. */
  get(id: string, uid: string): Promise<{ id: string; status: "open" | "paid" | "cancelled"; pack: Pack } | null>;
  /** Records the payment and returns it for fulfilment; CheckoutClosedError once cancelled. */
  pay(id: string, uid: string): Promise<FulfilmentEvent>;
  /** CheckoutClosedError once paid. */
  cancel(id: string, uid: string): Promise<void>;
}

export interface PaymentProvider {
  readonly kind: "stripe" | "test";
  /** Null when the provider hosts its own checkout page. */
  readonly checkoutPage: AppCheckoutPage | null;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** null for events that need no action; throws WebhookSignatureError when the signature is bad. */
  parseWebhook(rawBody: string, signature: string | null): PaymentEvent | null;
  /** Asks the provider whether the checkout was paid: the event when it was, null when not (yet). */
  retrieveCheckout(sessionId: string): Promise<FulfilmentEvent | null>;
  /** Gives the whole payment back; RefundRefusedError when the provider will not. */
  refund(request: RefundRequest): Promise<RefundStarted>;
  priceIdFor(packId: PackId): string;
  packForPriceId(priceId: string): Pack | null;

  // Subscriptions (decision 017)
  /** Null unless this is the labelled test billing. */
  readonly testBilling: TestBilling | null;
  /** Creates the member's customer; the same idempotency key answers the same customer. */
  createCustomer(request: CustomerRequest): Promise<string>;
  /** A hosted checkout in subscription mode for one plan. */
  createSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<CheckoutSession>;
  /** A session of the provider's customer portal (plan, payment method, invoices, cancel). */
  createBillingPortal(request: BillingPortalRequest): Promise<{ url: string }>;
  planPriceIdFor(planId: PlanId): string;
  planForPriceId(priceId: string): Plan | null;
}

export class WebhookSignatureError extends Error {
  constructor(message = "The webhook signature could not be verified.") {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

/** The provider does not know this checkout (or it belongs to another integration). */
export class CheckoutNotFoundError extends Error {
  constructor(sessionId: string) {
    super(`Checkout ${sessionId} was not found.`);
    this.name = "CheckoutNotFoundError";
  }
}

/**
 * The provider reports a payment that does not match our pack table (wrong amount, currency or
 * owner). It is never credited; someone must look at it.
 */
export class PaymentMismatchError extends Error {
  constructor(checkoutId: string, detail: string) {
    super(`Checkout ${checkoutId} does not match its pack: ${detail}`);
    this.name = "PaymentMismatchError";
  }
}

/**
 * Why the test billing refused a change (decision 077): pages name the code in the reader's
 * language; the English message is for logs.
 */
export type CheckoutClosedReason =
  "closed" | "checkout_cancelled" | "already_subscribed" | "no_subscription" | "already_failed" | "ends_at_period_end";

/** The checkout was already paid or cancelled: it cannot be paid or cancelled again. */
export class CheckoutClosedError extends Error {
  constructor(
    message: string,
    readonly reason: CheckoutClosedReason = "closed",
  ) {
    super(message);
    this.name = "CheckoutClosedError";
  }
}
