/**
 * The labelled test checkout (PAYMENTS=test only): stands in for Stripe's hosted page so the whole
 * top-up flow can be used and tested without a payment account. Nothing is charged.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { getStore } from "~/engine/index.server";
import { getPayments } from "~/engine/payments/index.server";
import { CheckoutClosedError, CheckoutNotFoundError, type AppCheckoutPage } from "~/engine/payments/types";
import { CheckoutShell } from "~/components/wallet/checkout-shell";
import { formatPrice, formatSp } from "~/features/wallet/format";
import { fulfilCheckout } from "~/features/wallet/fulfil.server";
import { requireUser } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta";
import { assertSameOrigin } from "~/utils/origin.server";

export const meta: MetaFunction = ({ matches }) => pageMeta({ title: "Test payment", matches });

const Intent = z.object({ intent: z.enum(["pay", "cancel"]) });

const successUrl = (id: string) => `/checkout?${new URLSearchParams({ status: "success", session_id: id })}`;
const CANCELLED_URL = "/checkout?status=cancelled";

function notFound() {
  return data({ error: "This checkout does not exist." }, { status: 404 });
}

// The page exists only while the configured provider has the app serve its checkout page (the
// test checkout): with Stripe configured, nobody may mark a checkout paid by posting here.
function requireCheckoutPage(): AppCheckoutPage {
  const page = getPayments()?.checkoutPage;
  if (!page) throw notFound();
  return page;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const checkout = await requireCheckoutPage().get(params.checkoutId ?? "", user.uid);
  if (!checkout) throw notFound();
  if (checkout.status === "paid") throw redirect(successUrl(checkout.id));
  if (checkout.status === "cancelled") throw redirect(CANCELLED_URL);
  return { sp: formatSp(checkout.pack.sp), price: formatPrice(checkout.pack.amountCents, checkout.pack.currency) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const page = requireCheckoutPage();
  const parsed = Intent.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "Choose Pay or Cancel." }, { status: 400 });

  const id = params.checkoutId ?? "";
  const store = await getStore();
  try {
    if (parsed.data.intent === "cancel") {
      await page.cancel(id, user.uid);
      return redirect(CANCELLED_URL);
    }
    await fulfilCheckout(store, await page.pay(id, user.uid));
    return redirect(successUrl(id));
  } catch (error) {
    if (error instanceof CheckoutNotFoundError) throw notFound();
    if (error instanceof CheckoutClosedError) {
      return data({ error: "This checkout is already closed. Start a new top-up from your wallet." }, { status: 409 });
    }
    throw error;
  }
}

export default function TestCheckoutPage() {
  const { sp, price } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <CheckoutShell>
      <p
        role="note"
        className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-800 ring-1 ring-amber-200"
      >
        Test payment — no card is charged
      </p>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900">Buy {sp}</h1>
      <dl className="mt-4 divide-y divide-slate-100 text-sm">
        <div className="flex justify-between py-2">
          <dt className="text-slate-600">Pack</dt>
          <dd className="font-semibold text-coin-600">{sp}</dd>
        </div>
        <div className="flex justify-between py-2">
          <dt className="text-slate-600">Price</dt>
          <dd className="font-semibold text-slate-900">{price}</dd>
        </div>
      </dl>
      {actionData?.error ? (
        <p role="alert" className="mt-4 text-sm text-red-600">
          {actionData.error}{" "}
          <Link to="/dashboard" className="font-medium underline">
            Back to dashboard
          </Link>
        </p>
      ) : null}
      <Form method="post" className="mt-8 flex flex-col gap-3 sm:flex-row-reverse">
        <button type="submit" name="intent" value="pay" className="btn-primary flex-1" disabled={busy}>
          Pay {price}
        </button>
        <button type="submit" name="intent" value="cancel" className="btn-secondary flex-1" disabled={busy}>
          Cancel
        </button>
      </Form>
    </CheckoutShell>
  );
}
