/** /subscriptions's data and actions (decision 017); the page itself is _app.subscriptions.tsx. */
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { getSubscription } from "~/documents/subscriptions";
import { getStore } from "~/engine/index.server";
import { getPayments } from "~/engine/payments/index.server";
import { PLANS } from "~/engine/payments/plans";
import { CheckoutClosedError } from "~/engine/payments/types";
import { applySubscriptionEvent } from "~/features/subscriptions/apply.server";
import { findCustomer } from "~/features/subscriptions/customer.server";
import { planLabel, STATUS_LABELS } from "~/features/subscriptions/labels";
import { listPeriods } from "~/features/subscriptions/read.server";
import { activePlan, displayStatus } from "~/features/subscriptions/state";
import { formatDate, formatPrice, formatSp, intlLocale } from "~/utils/format";
import type { CurrentUser } from "~/features/auth/auth.server";
import { readForm } from "~/utils/forms.server";
import { publicOrigin } from "~/utils/origin.server";
import { redirectWithToast } from "~/utils/toast.server";

export async function subscriptionsPage(user: CurrentUser, url: URL, language: string) {
  const payments = getPayments();
  const store = await getStore();
  const timeZone = user.profile.timezone;
  const locale = intlLocale(language);
  const day = (ms: number) => formatDate(ms, locale, timeZone, { dateStyle: "medium" });
  const [subscription, periods, customerId] = await Promise.all([
    getSubscription(store, user.uid),
    listPeriods(store, user.uid),
    payments ? findCustomer(store, payments, user.uid) : Promise.resolve(null),
  ]);
  const plan = activePlan(subscription);
  const status = subscription ? displayStatus(subscription) : null;
  const checkout = url.searchParams.get("checkout");

  return {
    paymentsOn: payments !== null,
    testBilling: payments?.testBilling != null,
    canManage: payments !== null && customerId !== null,
    checkout: checkout === "success" || checkout === "cancelled" ? checkout : null,
    current: {
      planId: plan?.id ?? null,
      name: planLabel(plan?.id ?? null),
      status: status && status !== "cancelled" ? { key: status, label: STATUS_LABELS[status] } : null,
      /** "Renews on …" or, when cancelling, "Ends on …". */
      periodEnd: plan && subscription?.currentPeriodEnd ? day(subscription.currentPeriodEnd) : null,
      renewal:
        plan && status !== "cancelling"
          ? `${formatPrice(plan.amountCents, plan.currency, locale)} for ${formatSp(plan.sp, locale)}`
          : null,
      wasCancelled: status === "cancelled",
      /** The test billing's panel has something to act on. */
      live: subscription !== null && subscription.status !== "canceled",
      cancelling: status === "cancelling",
    },
    plans: PLANS.map((p) => ({
      id: p.id,
      name: planLabel(p.id),
      price: formatPrice(p.amountCents, p.currency, locale),
      interval: p.interval,
      sp: formatSp(p.sp, locale),
      priceId: payments?.planPriceIdFor(p.id) ?? null,
    })),
    periods: periods.map((p) => ({
      id: p.id,
      paidOn: day(p.paidAt),
      period: p.periodStart && p.periodEnd ? `${day(p.periodStart)} – ${day(p.periodEnd)}` : "",
      plan: planLabel(p.planId),
      sp: formatSp(p.sp, locale),
      amount: formatPrice(p.amountCents, p.currency, locale),
    })),
  };
}

const Intent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("portal") }),
  z.object({ intent: z.enum(["renew", "fail", "cancel_period_end", "cancel_now", "resume"]) }),
]);

const TEST_DONE: Record<string, string> = {
  renew: "Renewed: the next period has begun.",
  fail: "The renewal's payment failed (test).",
  cancel_period_end: "Your plan will end at the end of this period.",
  cancel_now: "Your subscription is cancelled.",
  resume: "Your plan will renew again.",
};

export async function subscriptionsAction(user: CurrentUser, request: Request) {
  const parsed = Intent.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ error: "Choose one of the buttons on this page." }, { status: 400 });
  const payments = getPayments();
  if (!payments) return data({ error: "Payments are not configured on this server." }, { status: 503 });
  const store = await getStore();

  if (parsed.data.intent === "portal") {
    const customerId = await findCustomer(store, payments, user.uid);
    if (!customerId)
      return data({ error: "There is no billing to manage yet: subscribe or buy a pack first." }, { status: 404 });
    try {
      const portal = await payments.createBillingPortal({
        customerId,
        returnUrl: `${publicOrigin(request)}/subscriptions`,
      });
      return redirect(portal.url);
    } catch (error) {
      console.error("subscriptions: the payment provider refused the billing portal", error);
      return data({ error: "Billing could not be opened. Please try again in a moment." }, { status: 502 });
    }
  }

  // The test billing's controls: absent unless PAYMENTS=test (never with Stripe, never on Firebase).
  const billing = payments.testBilling;
  if (!billing) return data({ error: "Test billing is not available on this server." }, { status: 404 });
  const intent = parsed.data.intent;
  try {
    const events =
      intent === "renew"
        ? await billing.renew(user.uid)
        : intent === "fail"
          ? await billing.failRenewal(user.uid)
          : intent === "resume"
            ? await billing.resume(user.uid)
            : await billing.cancel(user.uid, intent === "cancel_now" ? "now" : "period_end");
    // The webhook's own code path: what Stripe's events would do, these do.
    for (const event of events) await applySubscriptionEvent(store, event);
  } catch (error) {
    if (error instanceof CheckoutClosedError) return data({ error: error.message }, { status: 409 });
    throw error;
  }
  return redirectWithToast("/subscriptions", {
    type: intent === "fail" ? "info" : "success",
    title: TEST_DONE[intent],
  });
}
