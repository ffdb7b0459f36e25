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
import { packById } from "~/engine/payments/packs";
import { paymentPath, type NewPaymentDoc } from "~/documents/payments";

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
  const path = paymentPath(event.checkoutId);
  const entryId = topUpEntryId(event.checkoutId);

  return store.transaction(async (tx) => {
    if (await tx.get(path)) return { credited: false };
    const entry = await prepareEntry(
      tx,
      event.uid,
      {
        id: entryId,
        amount: event.sp,
        type: "top_up",
        description: `Top-up: ${event.sp} SP`,
        label: "top_up",
        params: { sp: event.sp },
        ref: path,
      },
      now,
    );

    const payment: NewPaymentDoc = {
      uid: event.uid,
      pack: event.packId,
      sp: event.sp,
      amount: event.amountCents,
      currency: event.currency,
      status: "paid",
      providerIds: event.providerIds,
      fulfilledAt: now,
    };
    tx.create(path, payment);
    entry.commit();
    if (!entry.alreadyApplied) {
      addNotification(
        tx,
        event.uid,
        {
          id: entryId,
          type: "top_up",
          kind: "top_up_added",
          params: { sp: event.sp, cents: event.amountCents, currency: event.currency },
          link: "/wallet",
        },
        now,
      );
    }
    return { credited: !entry.alreadyApplied };
  });
}
