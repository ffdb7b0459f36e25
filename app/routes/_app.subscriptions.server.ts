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
import { listPeriods } from "~/features/subscriptions/read.server";
import { activePlan, displayStatus } from "~/features/subscriptions/state";
import { formatPrice, formatSp, intlLocale } from "~/utils/format";
import { formatDateRangeParts } from "~/utils/format-range";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import type { CurrentUser } from "~/features/auth/auth.server";
import { readForm } from "~/utils/forms.server";
import { publicOrigin } from "~/utils/origin.server";
import { redirectWithToast } from "~/utils/toast.server";

export async function subscriptionsPage(user: CurrentUser, url: URL, language: string) {
  const payments = getPayments();
  const store = await getStore();
  const locale = intlLocale(language);
  const [subscription, periods, customerId] = await Promise.all([
    getSubscription(store, user.uid),
    listPeriods(store, user.uid),
    payments ? findCustomer(store, payments, user.uid) : Promise.resolve(null),
  ]);
  const plan = activePlan(subscription);
  const status = subscription ? displayStatus(subscription) : null;
  const checkout = url.searchParams.get("checkout");

  const timeZone = user.profile.timezone || "UTC";
  // Codes, times and amounts: the page words them in the reader's language (decision 077); single
  // dates are written by Intl in the member's zone, on the server and in the browser alike. A range
  // of days is written here only: Node's and Chromium's Intl disagree on its separator (decision 136).
  return {
    title: fixedT(language, "wallet")("subscriptions.title"),
    timeZone,
    paymentsOn: payments !== null,
    testBilling: payments?.testBilling != null,
    canManage: payments !== null && customerId !== null,
    checkout: checkout === "success" || checkout === "cancelled" ? checkout : null,
    current: {
      planId: plan?.id ?? null,
      status,
      /** When the paid period ends: "Renews on …" or, when cancelling, "Ends on …". */
      periodEnd: plan && subscription?.currentPeriodEnd ? subscription.currentPeriodEnd : null,
      renewal:
        plan && status !== "cancelling"
          ? { price: formatPrice(plan.amountCents, plan.currency, locale), sp: formatSp(plan.sp, locale) }
          : null,
      /** The test billing's panel has something to act on. */
      live: subscription !== null && subscription.status !== "canceled",
    },
    plans: PLANS.map((p) => ({
      id: p.id,
      price: formatPrice(p.amountCents, p.currency, locale),
      interval: p.interval,
      sp: formatSp(p.sp, locale),
      priceId: payments?.planPriceIdFor(p.id) ?? null,
    })),
    periods: periods.map((p) => ({
      id: p.id,
      paidAt: p.paidAt,
      period:
        p.periodStart && p.periodEnd
          ? {
              start: p.periodStart,
              end: p.periodEnd,
              parts: formatDateRangeParts(p.periodStart, p.periodEnd, locale, timeZone),
            }
          : null,
      planId: p.planId,
      sp: formatSp(p.sp, locale),
      amount: formatPrice(p.amountCents, p.currency, locale),
    })),
  };
}

const Intent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("portal") }),
  z.object({ intent: z.enum(["renew", "fail", "cancel_period_end", "cancel_now", "resume"]) }),
]);

type TestIntent = "renew" | "fail" | "cancel_period_end" | "cancel_now" | "resume";

/** The test billing's confirmations, keys of "wallet". */
const TEST_DONE: Record<TestIntent, string> = {
  renew: "subscriptions.done.renew",
  fail: "subscriptions.done.fail",
  cancel_period_end: "subscriptions.done.cancel_period_end",
  cancel_now: "subscriptions.done.cancel_now",
  resume: "subscriptions.done.resume",
};

/** Every answer in the member's language (decision 077). */
export async function subscriptionsAction(user: CurrentUser, request: Request) {
  const t = fixedT(await languageOf(request, user.profile.language), "wallet");
  const refuse = (key: string, status: number) => data({ error: t(key) }, { status });
  const parsed = Intent.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return refuse("subscriptions.errors.chooseButton", 400);
  const payments = getPayments();
  if (!payments) return refuse("subscriptions.paymentsOff", 503);
  const store = await getStore();

  if (parsed.data.intent === "portal") {
    const customerId = await findCustomer(store, payments, user.uid);
    if (!customerId) return refuse("subscriptions.errors.nothingToManage", 404);
    try {
      const portal = await payments.createBillingPortal({
        customerId,
        returnUrl: `${publicOrigin(request)}/subscriptions`,
      });
      return redirect(portal.url);
    } catch (error) {
      console.error("subscriptions: the payment provider refused the billing portal", error);
      return refuse("subscriptions.errors.portalFailed", 502);
    }
  }

  // The test billing's controls: absent unless PAYMENTS=test (never with Stripe, never on Firebase).
  const billing = payments.testBilling;
  if (!billing) return refuse("subscriptions.errors.testBillingOff", 404);
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
    if (error instanceof CheckoutClosedError) return refuse(`subscriptions.errors.closed.${error.reason}`, 409);
    throw error;
  }
  return redirectWithToast("/subscriptions", {
    type: intent === "fail" ? "info" : "success",
    title: t(TEST_DONE[intent]),
  });
}
