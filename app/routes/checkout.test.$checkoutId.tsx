/**
 * The labelled test checkout (PAYMENTS=test only): stands in for Stripe's hosted page so the whole
 * top-up flow can be used and tested without a payment account. Nothing is charged.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getStore } from "~/engine/index.server";
import { getPayments } from "~/engine/payments/index.server";
import type { AppCheckoutPage } from "~/engine/payments/types";
import { TestCheckout } from "~/components/wallet/test-checkout";
import { formatPrice, formatSp, intlLocale } from "~/utils/format";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { loadingNamespaces } from "~/i18n/client-loader";
import { useTranslation } from "react-i18next";
import { fulfilCheckout } from "~/features/wallet/fulfil.server";
import { requireUser } from "~/features/auth/auth.server";
import { pageMeta } from "~/utils/meta";
import { checkoutNotFound, testCheckoutAction } from "./checkout.test.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

export const handle = { i18n: "wallet" };
export const clientLoader = loadingNamespaces("wallet");

const successUrl = (id: string) => `/checkout?${new URLSearchParams({ status: "success", session_id: id })}`;
const CANCELLED_URL = "/checkout?status=cancelled";

// The page exists only while the configured provider has the app serve its checkout page (the
// test checkout): with Stripe configured, nobody may mark a checkout paid by posting here.
async function requireCheckoutPage(request: Request, profileLanguage: string): Promise<AppCheckoutPage> {
  const page = getPayments()?.checkoutPage;
  if (!page) throw await checkoutNotFound(request, profileLanguage);
  return page;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const page = await requireCheckoutPage(request, user.profile.language);
  const checkout = await page.get(params.checkoutId ?? "", user.uid);
  if (!checkout) throw await checkoutNotFound(request, user.profile.language);
  if (checkout.status === "paid") throw redirect(successUrl(checkout.id));
  if (checkout.status === "cancelled") throw redirect(CANCELLED_URL);
  const language = await languageOf(request, user.profile.language);
  const locale = intlLocale(language);
  return {
    title: fixedT(language, "wallet")("test.payTitle"),
    sp: formatSp(checkout.pack.sp, locale),
    price: formatPrice(checkout.pack.amountCents, checkout.pack.currency, locale),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  return testCheckoutAction(request, params.checkoutId ?? "", async (t, profileLanguage) => {
    const page = await requireCheckoutPage(request, profileLanguage);
    return {
      confirm: { intent: "pay", label: t("test.payButton") },
      complete: async (id, uid) => {
        await fulfilCheckout(await getStore(), await page.pay(id, uid));
        return successUrl(id);
      },
      cancel: async (id, uid) => {
        await page.cancel(id, uid);
        return CANCELLED_URL;
      },
      closedMessage: () => t("test.closed"),
    };
  });
}

export default function TestCheckoutPage() {
  const { sp, price } = useLoaderData<typeof loader>();
  const { t } = useTranslation("wallet");
  return (
    <TestCheckout
      note={t("test.payNote")}
      title={t("test.buy", { sp })}
      sp={{ label: t("test.pack"), value: sp }}
      price={{ label: t("test.price"), value: price }}
      confirm={{ intent: "pay", label: t("test.pay", { price }) }}
      back={{ to: "/dashboard", label: t("checkout.backToDashboard") }}
    />
  );
}
