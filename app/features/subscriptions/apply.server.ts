/**
 * Applies what the payment provider says about a subscription: the Stripe webhook and the test
 * billing both call this, so test mode runs the production path (decision 017). One transaction
 * per event: the state, the period's credit `sub_{invoiceId}` through the ledger, and the
 * notification, so twenty deliveries of one invoice.paid credit once.
 */
import { planById } from "~/engine/payments/plans";
import type { SubscriptionEvent } from "~/engine/payments/types";
import type { DocStore } from "~/engine/store/types";
import { addNotification } from "~/features/notifications/notifications.server";
import { entryPath } from "~/documents/wallets";
import { getSubscription, periodPath, subscriptionPath, type SubscriptionPeriodDoc } from "~/documents/subscriptions";
import { assertDocId, prepareEntry } from "~/features/wallet/ledger.server";
import { uidForCustomer } from "./customer.server";
import { nextState } from "./state";

export function subscriptionEntryId(invoiceId: string): string {
  return `sub_${invoiceId}`;
}

export interface Applied {
  uid: string | null;
  /** SP credited by this delivery (0 for a repeat, or an event that credits nothing). */
  credited: number;
  changed: boolean;
}

export async function applySubscriptionEvent(
  store: DocStore,
  event: SubscriptionEvent,
  now = Date.now(),
): Promise<Applied> {
  const uid = event.uid ?? (await uidForCustomer(store, event.customerId));
  if (!uid) {
    console.warn(
      `subscriptions: ${event.type} for subscription ${event.subscriptionId} names no member of ours; ignored.`,
    );
    return { uid: null, credited: 0, changed: false };
  }
  assertDocId("user id", uid);
  const docPath = subscriptionPath(uid);

  return store.transaction(async (tx) => {
    const current = await getSubscription(tx, uid);

    if (event.type === "invoice.paid") {
      const plan = event.planId ? planById(event.planId) : null;
      // The allowance comes from the plan table, never from the amount; a proration invoice after a plan change earns none.
      const entry =
        plan && event.periodInvoice
          ? await prepareEntry(
              tx,
              uid,
              {
                id: subscriptionEntryId(event.invoiceId),
                amount: plan.sp,
                type: "subscription",
                description: `Plus allowance: ${plan.sp} SP`,
                label: "plus_allowance",
                params: { sp: plan.sp },
                ref: periodPath(uid, event.invoiceId),
              },
              now,
            )
          : null;
      const next = nextState(current, event);
      if (next) tx.set(docPath, next);
      if (plan && entry && !entry.alreadyApplied) {
        entry.commit();
        const period: SubscriptionPeriodDoc = {
          invoiceId: event.invoiceId,
          planId: plan.id,
          sp: plan.sp,
          amountCents: event.amountCents,
          currency: event.currency,
          periodStart: event.periodStart,
          periodEnd: event.periodEnd,
          paidAt: now,
        };
        tx.set(periodPath(uid, event.invoiceId), period);
        addNotification(
          tx,
          uid,
          {
            id: subscriptionEntryId(event.invoiceId),
            type: "subscription",
            kind: "subscription_credited",
            params: { sp: plan.sp, cents: event.amountCents, currency: event.currency },
            link: "/subscriptions",
          },
          now,
        );
      }
      return { uid, credited: entry && !entry.alreadyApplied ? plan!.sp : 0, changed: next !== null };
    }

    if (event.type === "invoice.payment_failed") {
      const paid = await tx.get(entryPath(uid, subscriptionEntryId(event.invoiceId)));
      const next = nextState(current, event, paid !== null);
      if (next) {
        tx.set(docPath, next);
        addNotification(
          tx,
          uid,
          {
            id: `sub_failed_${event.invoiceId}`,
            type: "subscription",
            kind: "subscription_failed",
            params: { cents: event.amountCents, currency: event.currency },
            link: "/subscriptions",
          },
          now,
        );
      }
      return { uid, credited: 0, changed: next !== null };
    }

    const next = nextState(current, event);
    if (next) tx.set(docPath, next);
    return { uid, credited: 0, changed: next !== null };
  });
}
