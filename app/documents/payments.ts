/**
 * `payments/{checkoutId}`: one SP pack bought through the payment provider, written once in the
 * transaction that credits it (features/wallet/fulfil.server.ts) and later marked by its refund
 * (features/wallet/refunds.server.ts, features/admin/payments.server.ts). Only the server reads or
 * writes payments (the Firestore rules deny every client). Decision: docs/decisions/023-documents-typed-once.md.
 *
 * Money is read strictly: SP and cents that are not whole numbers read as NaN, never as a default,
 * so no refund is decided on a figure the payment does not hold. A status this version does not know
 * reads as "refunded", closed, so nothing moves SP on a guess. Every other field is lenient.
 */
import { z } from "zod/v4";
import {
  count,
  getParsed,
  isRecord,
  money,
  oneOf,
  pick,
  text,
  wholeOrNaN,
  type DocReader,
  type StoredDoc,
  withId,
} from "./fields";

export const PAYMENTS = "payments";
export const paymentPath = (checkoutId: string) => `${PAYMENTS}/${checkoutId}`;

export const PAYMENT_STATUSES = ["paid", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const REFUND_STATUSES = ["requested", "failed", "partial", "refunded"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** What a payment's refund has come to; a field is present only once something set it. */
export interface PaymentRefund {
  status: RefundStatus;
  requestedBy?: string;
  requestedAt?: number;
  reason?: string;
  providerRefId?: string;
  amountRefundedCents?: number;
  refundedAt?: number;
  /** SP the pack credited that the member had spent before the refund was confirmed. */
  shortfallSp?: number;
  updatedAt?: number;
  /** Why the provider refused (status "failed"), in English as the refusal said it. */
  error?: string;
  /** The refusal's code (engine/payments/types.ts RefundRefusalReason), for the page's words. */
  errorCode?: string;
  /** The provider's own words inside the refusal, as it gave them. */
  errorDetail?: string;
}

const REFUND_TEXT = ["requestedBy", "reason", "providerRefId", "error", "errorCode", "errorDetail"] as const;
const REFUND_TIMES = ["requestedAt", "refundedAt", "updatedAt"] as const;
const REFUND_MONEY = ["amountRefundedCents", "shortfallSp"] as const;

/**
 * Only the fields that are there are kept, so a writer that spreads the refund it read (to add the
 * provider's confirmation) stores what it stored before and nothing more. A refund in a state this
 * version does not know reads as "requested": asked, with no SP moved.
 */
const refundSchema = z.unknown().transform((v): PaymentRefund | null => {
  if (!isRecord(v)) return null;
  const refund: PaymentRefund = { status: pick(REFUND_STATUSES, "requested", v.status) };
  for (const key of REFUND_TEXT) {
    const value = v[key];
    if (typeof value === "string") refund[key] = value;
  }
  for (const key of REFUND_TIMES) {
    const value = v[key];
    if (typeof value === "number" && Number.isFinite(value)) refund[key] = value;
  }
  for (const key of REFUND_MONEY) if (v[key] !== undefined) refund[key] = wholeOrNaN(v[key]);
  return refund;
});

/** The provider's ids of the payment (checkout session, payment intent, test checkout); others dropped. */
const providerIdsSchema = z.unknown().transform((v) => {
  const ids: Record<string, string> = {};
  if (isRecord(v)) for (const [key, id] of Object.entries(v)) if (typeof id === "string") ids[key] = id;
  return ids;
});

export const paymentSchema = z.object({
  uid: text(),
  /** The pack's id (engine/payments/packs.ts); read as stored, a later version may sell others. */
  pack: text(),
  /** Whole SP the pack credited; NaN when malformed. */
  sp: money(),
  /** Whole cents charged; NaN when malformed. */
  amount: money(),
  currency: text(),
  status: oneOf(PAYMENT_STATUSES, "refunded"),
  providerIds: providerIdsSchema,
  fulfilledAt: count(),
  /** Set once a refund is asked for or reported; null before. */
  refund: refundSchema,
});
/** `payments/{checkoutId}` */
export type PaymentDoc = z.output<typeof paymentSchema>;
export interface Payment extends PaymentDoc {
  id: string;
}
/** What fulfilment stores: a new payment has no refund. */
export type NewPaymentDoc = Omit<PaymentDoc, "refund" | "status"> & { status: "paid" };

export const readPayment: (doc: StoredDoc) => Payment = withId(paymentSchema);
export async function getPayment(reader: DocReader, checkoutId: string): Promise<Payment | null> {
  return getParsed(reader, paymentPath(checkoutId), (data) => readPayment({ id: checkoutId, data }));
}
