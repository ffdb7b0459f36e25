/**
 * Credits a paid checkout. The Stripe webhook, the /checkout return page and the test checkout all
 * call this, often for the same checkout at the same moment: `payments/{checkoutId}` and the entry
 * `topup_{checkoutId}` are written in one transaction, so however many deliveries arrive, the SP
 * are credited once.
 */
import type { DocStore } from "~/engine/store/types";
import type { FulfilmentEvent } from "~/engine/payments/types";
import { addNotification } from "~/features/notifications/notifications.server";
import { assertDocId, LedgerError, prepareEntry } from "./ledger.server";
import { formatPrice } from "./format";
import { packById } from "~/engine/payments/packs";

/** `payments/{checkoutId}` */
export interface PaymentDoc {
  uid: string;
  pack: string;
  sp: number;
  /** Whole cents charged. */
  amount: number;
  currency: string;
  status: "paid" | "refunded";
  providerIds: Record<string, string>;
  fulfilledAt: number;
  /** Set once a refund is asked for or reported (features/wallet/refunds.server.ts). */
  refund?: PaymentRefund;
  [field: string]: unknown;
}

export interface PaymentRefund {
  status: "requested" | "failed" | "partial" | "refunded";
  requestedBy?: string;
  requestedAt?: number;
  reason?: string;
  providerRefId?: string;
  amountRefundedCents?: number;
  refundedAt?: number;
  /** SP the pack credited that the member had spent before the refund was confirmed. */
  shortfallSp?: number;
  updatedAt?: number;
  /** Why the provider refused (status "failed"). */
  error?: string;
}

export function topUpEntryId(checkoutId: string): string {
  return `topup_${checkoutId}`;
}

// Providers build events from the pack table already; this guards against a provider bug
// crediting SP that nobody paid for.
function assertMatchesPack(event: FulfilmentEvent): void {
  const pack = packById(event.packId);
  if (!pack || pack.sp !== event.sp || pack.amountCents !== event.amountCents || pack.currency !== event.currency) {
    throw new LedgerError(`Checkout ${event.checkoutId} does not match pack ${event.packId}.`);
  }
}

export async function fulfilCheckout(
  store: DocStore,
  event: FulfilmentEvent,
  now = Date.now(),
): Promise<{ credited: boolean }> {
  assertDocId("checkout id", event.checkoutId);
  assertMatchesPack(event);
  const paymentPath = `payments/${event.checkoutId}`;
  const entryId = topUpEntryId(event.checkoutId);

  return store.transaction(async (tx) => {
    if (await tx.get(paymentPath)) return { credited: false };
    const entry = await prepareEntry(
      tx,
      event.uid,
      { id: entryId, amount: event.sp, type: "top_up", description: `Top-up: ${event.sp} SP`, ref: paymentPath },
      now,
    );

    const payment: PaymentDoc = {
      uid: event.uid,
      pack: event.packId,
      sp: event.sp,
      amount: event.amountCents,
      currency: event.currency,
      status: "paid",
      providerIds: event.providerIds,
      fulfilledAt: now,
    };
    tx.create(paymentPath, payment);
    entry.commit();
    if (!entry.alreadyApplied) {
      addNotification(
        tx,
        event.uid,
        {
          id: entryId,
          type: "top_up",
          title: `+${event.sp} SP added`,
          body: `Your top-up of ${event.sp} SP (${formatPrice(event.amountCents, event.currency)}) is in your wallet.`,
          link: "/wallet",
        },
        now,
      );
    }
    return { credited: !entry.alreadyApplied };
  });
}
