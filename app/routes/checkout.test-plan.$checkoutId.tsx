/**
 * The labelled test billing's subscription checkout (PAYMENTS=test only, decision 017): stands in
 * for Stripe Checkout in subscription mode. Subscribing applies the events Stripe would send
 * through the webhook's own code (applySubscriptionEvent). Nothing is charged.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TestCheckout } from "~/components/wallet/test-checkout";
import { getStore } from "~/engine/index.server";
import { getPayments } from "~/engine/payments/index.server";
import type { TestBilling } from "~/engine/payments/types";
import { applySubscriptionEvent } from "~/features/subscriptions/apply.server";
import { planLabel } from "~/features/subscriptions/labels";
import { formatPrice, formatSp, intlLocale } from "~/utils/format";
import { languageOf } from "~/i18n/i18n.server";
import { requireUser } from "~/features/auth/auth.server";
import { pageMeta } from "~/utils/meta";
import { checkoutNotFound, testCheckoutAction } from "./checkout.test.server";

export const meta: MetaFunction = ({ matches }) => pageMeta({ title: "Test subscription", matches });

// Only the test billing serves this page: with Stripe configured nobody may subscribe by posting here.
function requireTestBilling(): TestBilling {
  const billing = getPayments()?.testBilling;
  if (!billing) throw checkoutNotFound();
  return billing;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const checkout = await requireTestBilling().getCheckout(params.checkoutId ?? "", user.uid);
  if (!checkout) throw checkoutNotFound();
  if (checkout.status === "completed") throw redirect("/subscriptions?checkout=success");
  if (checkout.status === "cancelled") throw redirect("/subscriptions?checkout=cancelled");
  const { plan } = checkout;
  const locale = intlLocale(await languageOf(request, user.profile.language));
  return {
    name: planLabel(plan.id),
    sp: formatSp(plan.sp, locale),
    price: formatPrice(plan.amountCents, plan.currency, locale),
    interval: plan.interval,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  return testCheckoutAction(request, params.checkoutId ?? "", () => {
    const billing = requireTestBilling();
    return {
      confirm: { intent: "subscribe", label: "Subscribe" },
      complete: async (id, uid) => {
        const store = await getStore();
        for (const event of await billing.completeCheckout(id, uid)) await applySubscriptionEvent(store, event);
        return "/subscriptions?checkout=success";
      },
      cancel: async (id, uid) => {
        await billing.cancelCheckout(id, uid);
        return "/subscriptions?checkout=cancelled";
      },
      closedMessage: (error) => error.message,
    };
  });
}

export default function TestPlanCheckoutPage() {
  const { name, sp, price, interval } = useLoaderData<typeof loader>();
  return (
    <TestCheckout
      note="Test subscription — no card is charged"
      title={`Subscribe to ${name}`}
      sp={{ label: `SP every ${interval}`, value: sp }}
      price={{ label: "Price", value: `${price} / ${interval}` }}
      confirm={{ intent: "subscribe", label: `Subscribe for ${price} / ${interval}` }}
      back={{ to: "/subscriptions", label: "Back to subscriptions" }}
    />
  );
}
