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
import { languageOf } from "~/i18n/i18n.server";
import { fulfilCheckout } from "~/features/wallet/fulfil.server";
import { requireUser } from "~/features/auth/auth.server";
import { pageMeta } from "~/utils/meta";
import { checkoutNotFound, testCheckoutAction } from "./checkout.test.server";

export const meta: MetaFunction = ({ matches }) => pageMeta({ title: "Test payment", matches });

const successUrl = (id: string) => `/checkout?${new URLSearchParams({ status: "success", session_id: id })}`;
const CANCELLED_URL = "/checkout?status=cancelled";

// The page exists only while the configured provider has the app serve its checkout page (the
// test checkout): with Stripe configured, nobody may mark a checkout paid by posting here.
function requireCheckoutPage(): AppCheckoutPage {
  const page = getPayments()?.checkoutPage;
  if (!page) throw checkoutNotFound();
  return page;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const checkout = await requireCheckoutPage().get(params.checkoutId ?? "", user.uid);
  if (!checkout) throw checkoutNotFound();
  if (checkout.status === "paid") throw redirect(successUrl(checkout.id));
  if (checkout.status === "cancelled") throw redirect(CANCELLED_URL);
  const locale = intlLocale(await languageOf(request, user.profile.language));
  return {
    sp: formatSp(checkout.pack.sp, locale),
    price: formatPrice(checkout.pack.amountCents, checkout.pack.currency, locale),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  return testCheckoutAction(request, params.checkoutId ?? "", () => {
    const page = requireCheckoutPage();
    return {
      confirm: { intent: "pay", label: "Pay" },
      complete: async (id, uid) => {
        await fulfilCheckout(await getStore(), await page.pay(id, uid));
        return successUrl(id);
      },
      cancel: async (id, uid) => {
        await page.cancel(id, uid);
        return CANCELLED_URL;
      },
      closedMessage: () => "This checkout is already closed. Start a new top-up from your wallet.",
    };
  });
}

export default function TestCheckoutPage() {
  const { sp, price } = useLoaderData<typeof loader>();
  return (
    <TestCheckout
      note="Test payment — no card is charged"
      title={`Buy ${sp}`}
      sp={{ label: "Pack", value: sp }}
      price={{ label: "Price", value: price }}
      confirm={{ intent: "pay", label: `Pay ${price}` }}
      back={{ to: "/dashboard", label: "Back to dashboard" }}
    />
  );
}
