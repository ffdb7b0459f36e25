/**
 * Refunds of SP packs. Money goes back through the payment provider; the SP come back out of the
 * wallet only when the provider confirms (Stripe's `charge.refunded`, or the test checkout at
 * once), as entry `refund_payment_{checkoutId}` written in the same transaction as the payment's
 * new status, so however many confirmations arrive, the SP are taken once.
 */
import type { RefundEvent } from "~/engine/payments/types";
import type { DocStore, Transaction } from "~/engine/store/types";
import { addNotification } from "~/features/notifications/notifications.server";
import { getPayment, PAYMENTS, paymentPath, type PaymentDoc } from "~/documents/payments";
import { getWallet } from "~/documents/wallets";
import { assertDocId, LedgerError, prepareEntry } from "./ledger.server";

export function paymentRefundEntryId(checkoutId: string): string {
  return `refund_payment_${checkoutId}`;
}

/** Money is read strictly (documents/payments.ts): a payment whose SP are not whole says so, never defaults. */
const holdsWholeSp = (payment: Pick<PaymentDoc, "sp">) => Number.isSafeInteger(payment.sp) && payment.sp > 0;
const MALFORMED =
  "This payment's record holds no whole number of SP, so what to take back is unknown: settle it with an SP adjustment and a refund in Stripe's dashboard.";

/** Why a refund is refused, named in the admin's language as admin `payments.refusals.<code>` (decision 077). */
export type RefundRefusal = "refunded" | "malformed_payment" | "malformed_balance" | "spent";

export type RefundDecision =
  { ok: true } | { ok: false; refusal: RefundRefusal; values: Record<string, number>; message: string };

const refuse = (refusal: RefundRefusal, message: string, values: Record<string, number> = {}): RefundDecision => ({
  ok: false,
  refusal,
  values,
  message,
});

/**
 * Whether a pack may be refunded now. A refund takes back every SP the pack credited; once the
 * member has spent some of them, taking them back would push the wallet below zero (or take SP
 * that came from elsewhere), so it is refused and says why: as a code with its values for the
 * page, and in English for logs.
 */
export function refundDecision(payment: Pick<PaymentDoc, "sp" | "status">, balance: number): RefundDecision {
  if (payment.status === "refunded") return refuse("refunded", "This payment was refunded already.");
  if (!holdsWholeSp(payment)) return refuse("malformed_payment", MALFORMED);
  if (!Number.isSafeInteger(balance))
    return refuse("malformed_balance", "The member's wallet holds a malformed balance: reconcile it before refunding.");
  if (balance < payment.sp) {
    const spent = payment.sp - balance;
    return refuse(
      "spent",
      `This purchase credited ${payment.sp} SP and the member holds ${balance} SP now: they have spent ${spent} SP of it, so it cannot be refunded. Settle it with an SP adjustment and a refund in Stripe's dashboard if it must be made.`,
      { sp: payment.sp, balance, spent },
    );
  }
  return { ok: true };
}

export interface AppliedRefund {
  /** False when this refund was applied before, or is not a full refund. */
  applied: boolean;
  checkoutId: string | null;
  /** SP taken back now. */
  sp: number;
  /** SP the pack credited that could not be taken back (the member had spent them meanwhile). */
  shortfallSp: number;
}

async function findPayment(store: DocStore | Transaction, event: RefundEvent): Promise<string | null> {
  if (event.checkoutId) return event.checkoutId;
  if (!event.paymentIntentId) return null;
  const found = await store.query({
    collection: PAYMENTS,
    where: [["providerIds.paymentIntentId", "==", event.paymentIntentId]],
    limit: 1,
  });
  return found[0]?.id ?? null;
}

/**
 * Applies the provider's confirmation. A full refund takes the pack's SP back out (down to zero
 * if the member spent some meanwhile: the ledger never goes below zero, and the shortfall is kept
 * on the payment for the admins to see). A partial refund (made in Stripe's dashboard) takes no
 * SP and is recorded on the payment. A refund of a charge that is not one of our payments
 * changes nothing.
 */
export async function applyRefund(store: DocStore, event: RefundEvent, now = Date.now()): Promise<AppliedRefund> {
  const checkoutId = await findPayment(store, event);
  if (!checkoutId) return { applied: false, checkoutId: null, sp: 0, shortfallSp: 0 };
  assertDocId("checkout id", checkoutId);
  const path = paymentPath(checkoutId);

  return store.transaction(async (tx) => {
    const payment = await getPayment(tx, checkoutId);
    if (!payment) return { applied: false, checkoutId, sp: 0, shortfallSp: 0 };
    const { uid, sp } = payment;
    if (payment.status === "refunded") return { applied: false, checkoutId, sp: 0, shortfallSp: 0 };
    // The provider has given the money back; refusing (the webhook answers 500, Stripe retries and
    // shows it failing) is better than marking the payment refunded with SP taken on a guess.
    if (!holdsWholeSp(payment) || !uid) throw new LedgerError(`Payment ${checkoutId}: ${MALFORMED}`);
    const refund = {
      ...(payment.refund ?? {}),
      providerRefId: event.providerRefId,
      amountRefundedCents: event.amountRefundedCents,
    };
    if (!event.fullyRefunded) {
      tx.update(path, { refund: { ...refund, status: "partial", updatedAt: now } });
      return { applied: false, checkoutId, sp: 0, shortfallSp: 0 };
    }

    const { balance } = await getWallet(tx, uid);
    // A malformed balance (NaN) takes nothing back here; the ledger refuses the wallet elsewhere.
    const takeBack = Math.min(sp, Math.max(0, Number.isNaN(balance) ? 0 : balance));
    const shortfallSp = sp - takeBack;
    if (takeBack > 0) {
      const entry = await prepareEntry(
        tx,
        uid,
        {
          id: paymentRefundEntryId(checkoutId),
          amount: -takeBack,
          type: "top_up_refund",
          description: `Top-up refunded: ${sp} SP`,
          label: "top_up_refund",
          params: { sp },
          ref: path,
        },
        now,
      );
      entry.commit();
    }
    tx.update(path, {
      status: "refunded",
      refund: { ...refund, status: "refunded", refundedAt: now, shortfallSp },
    });
    addNotification(
      tx,
      uid,
      {
        id: paymentRefundEntryId(checkoutId),
        type: "top_up",
        kind: "top_up_refunded",
        params: { sp, taken: takeBack, cents: payment.amount, currency: payment.currency },
        link: "/wallet",
      },
      now,
    );
    return { applied: true, checkoutId, sp: takeBack, shortfallSp };
  });
}
