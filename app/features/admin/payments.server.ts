/**
 * Pack purchases as admins see them, and refunds. A refund is asked of the payment provider after
 * the payment is marked and the audit entry written; the SP come back out only when the provider
 * confirms (features/wallet/refunds.server.ts), so a refund Stripe refuses takes nothing.
 */
import type { PaymentProvider } from "~/engine/payments/types";
import { RefundRefusedError } from "~/engine/payments/types";
import type { DocStore } from "~/engine/store/types";
import { namesOf } from "~/features/members/members.server";
import {
  getPayment,
  PAYMENTS,
  paymentPath,
  readPayment,
  type PaymentRefund,
  type PaymentStatus,
} from "~/documents/payments";
import { applyRefund, paymentRefundEntryId, refundDecision } from "~/features/wallet/refunds.server";
import { getWallet } from "~/documents/wallets";
import { recordAudit } from "./audit.server";
import { AdminActionError } from "./members.server";
import type { ShownName } from "~/features/members/member";

export const PAYMENTS_PAGE_SIZE = 50;

export interface PaymentRow {
  id: string;
  uid: string;
  memberName: ShownName;
  pack: string;
  sp: number;
  amount: number;
  currency: string;
  provider: "Stripe" | "Test checkout";
  status: PaymentStatus;
  refund: PaymentRefund | null;
  fulfilledAt: number;
}

export interface PaymentsPage {
  payments: PaymentRow[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: number | null;
}

/** Newest first. Purchases made in the same millisecond may straddle a page; that is all. */
export async function listPayments(
  store: DocStore,
  {
    before,
    limit = PAYMENTS_PAGE_SIZE,
    language,
  }: { before?: number; limit?: number; /** The admin's, for a gone member's name. */ language: string },
): Promise<PaymentsPage> {
  const docs = await store.query({
    collection: PAYMENTS,
    where: before === undefined ? [] : [["fulfilledAt", "<", before]],
    orderBy: [["fulfilledAt", "desc"]],
    limit: limit + 1,
  });
  const page = docs.slice(0, limit).map(readPayment);
  const names = await namesOf(store, [...new Set(page.map((payment) => payment.uid))], language);
  return {
    payments: page.map((payment) => ({
      id: payment.id,
      uid: payment.uid,
      memberName: names.get(payment.uid)!,
      pack: payment.pack,
      sp: payment.sp,
      amount: payment.amount,
      currency: payment.currency,
      provider: payment.providerIds.testCheckoutId ? "Test checkout" : "Stripe",
      status: payment.status,
      refund: payment.refund,
      fulfilledAt: payment.fulfilledAt,
    })),
    nextBefore: docs.length > limit ? page[page.length - 1].fulfilledAt : null,
  };
}

export type RefundOutcome =
  /** The provider confirmed at once and the SP are out of the wallet. */
  | { status: "refunded"; sp: number }
  /** Asked; the SP come out when the provider's confirmation arrives. */
  | { status: "requested" };

/**
 * Refunds one purchase in full. Refused (409, with the reason) once the member has spent any of
 * its SP, or when it was refunded already. Two admins clicking at once ask the provider once: the
 * mark and the audit entry are written once, and the provider gets the same idempotency key.
 */
export async function refundPayment(
  ports: { store: DocStore; payments: PaymentProvider | null },
  adminUid: string,
  checkoutId: string,
  reason: string,
  now = Date.now(),
): Promise<RefundOutcome> {
  const { store, payments } = ports;
  if (!payments)
    throw new AdminActionError(
      409,
      "Payments are not configured on this server, so nothing can be refunded.",
      "errors.paymentsOff",
    );
  const path = paymentPath(checkoutId);

  const payment = await store.transaction(async (tx) => {
    const payment = await getPayment(tx, checkoutId);
    if (!payment) throw new AdminActionError(404, "This payment does not exist.", "errors.paymentMissing");
    const decision = refundDecision(payment, (await getWallet(tx, payment.uid)).balance);
    if (!decision.ok)
      throw new AdminActionError(409, decision.message, `payments.refusals.${decision.refusal}`, decision.values);
    if (payment.refund?.status !== "requested") {
      const refund: PaymentRefund = { status: "requested", requestedBy: adminUid, requestedAt: now, reason };
      tx.update(path, { refund });
      recordAudit(
        tx,
        {
          actorUid: adminUid,
          action: "payment.refund",
          subjectUid: payment.uid,
          target: path,
          reason,
          before: { status: payment.status },
          after: { refund: "requested", sp: payment.sp, amount: payment.amount, currency: payment.currency },
        },
        now,
      );
    }
    return payment;
  });

  let confirmed;
  try {
    ({ confirmed } = await payments.refund({
      checkoutId,
      providerIds: payment.providerIds,
      amountCents: payment.amount,
      currency: payment.currency,
      idempotencyKey: paymentRefundEntryId(checkoutId),
    }));
  } catch (error) {
    if (!(error instanceof RefundRefusedError)) throw error;
    await store.update(path, {
      refund: {
        status: "failed",
        requestedBy: adminUid,
        requestedAt: now,
        reason,
        error: error.message,
        errorCode: error.reason,
        ...(error.detail ? { errorDetail: error.detail } : {}),
      } satisfies PaymentRefund,
    });
    throw new AdminActionError(409, error.message, `payments.refusals.provider.${error.reason}`, {
      id: checkoutId,
      detail: error.detail,
    });
  }
  if (!confirmed) return { status: "requested" };
  const applied = await applyRefund(store, confirmed, now);
  return { status: "refunded", sp: applied.sp };
}
