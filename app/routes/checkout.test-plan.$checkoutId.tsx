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
import { formatPrice, formatSp, intlLocale } from "~/utils/format";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { loadingNamespaces } from "~/i18n/client-loader";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/features/auth/auth.server";
import { pageMeta } from "~/utils/meta";
import { checkoutNotFound, testCheckoutAction } from "./checkout.test.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

export const handle = { i18n: "wallet" };
export const clientLoader = loadingNamespaces("wallet");

// Only the test billing serves this page: with Stripe configured nobody may subscribe by posting here.
async function requireTestBilling(request: Request, profileLanguage: string): Promise<TestBilling> {
  const billing = getPayments()?.testBilling;
  if (!billing) throw await checkoutNotFound(request, profileLanguage);
  return billing;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const billing = await requireTestBilling(request, user.profile.language);
  const checkout = await billing.getCheckout(params.checkoutId ?? "", user.uid);
  if (!checkout) throw await checkoutNotFound(request, user.profile.language);
  if (checkout.status === "completed") throw redirect("/subscriptions?checkout=success");
  if (checkout.status === "cancelled") throw redirect("/subscriptions?checkout=cancelled");
  const { plan } = checkout;
  const language = await languageOf(request, user.profile.language);
  const locale = intlLocale(language);
  const t = fixedT(language, "wallet");
  return {
    title: t("test.planTitle"),
    name: t(`plans.${plan.id}`),
    sp: formatSp(plan.sp, locale),
    price: formatPrice(plan.amountCents, plan.currency, locale),
    interval: plan.interval,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  return testCheckoutAction(request, params.checkoutId ?? "", async (t, profileLanguage) => {
    const billing = await requireTestBilling(request, profileLanguage);
    return {
      confirm: { intent: "subscribe", label: t("test.subscribeButton") },
      complete: async (id, uid) => {
        const store = await getStore();
        for (const event of await billing.completeCheckout(id, uid)) await applySubscriptionEvent(store, event);
        return "/subscriptions?checkout=success";
      },
      cancel: async (id, uid) => {
        await billing.cancelCheckout(id, uid);
        return "/subscriptions?checkout=cancelled";
      },
      closedMessage: (error) => t(`subscriptions.errors.closed.${error.reason}`),
    };
  });
}

export default function TestPlanCheckoutPage() {
  const { name, sp, price, interval } = useLoaderData<typeof loader>();
  const { t } = useTranslation("wallet");
  return (
    <TestCheckout
      note={t("test.planNote")}
      title={t("test.subscribeTo", { name })}
      sp={{ label: t("test.spEvery", { interval }), value: sp }}
      price={{ label: t("test.price"), value: t("test.pricePer", { price, interval }) }}
      confirm={{ intent: "subscribe", label: t("test.subscribeFor", { price, interval }) }}
      back={{ to: "/subscriptions", label: t("test.backToSubscriptions") }}
    />
  );
}
