/**
 * The labelled test billing's subscription checkout (PAYMENTS=test only, decision 017): stands in
 * for Stripe Checkout in subscription mode. Subscribing applies the events Stripe would send
 * through the webhook's own code (applySubscriptionEvent). Nothing is charged.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { CheckoutShell } from "~/components/wallet/checkout-shell";
import { getStore } from "~/engine/index.server";
import { getPayments } from "~/engine/payments/index.server";
import { CheckoutClosedError, CheckoutNotFoundError, type TestBilling } from "~/engine/payments/types";
import { applySubscriptionEvent } from "~/features/subscriptions/apply.server";
import { planLabel } from "~/features/subscriptions/labels";
import { formatPrice, formatSp } from "~/features/wallet/format";
import { requireUser } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta";
import { assertSameOrigin } from "~/utils/origin.server";

export const meta: MetaFunction = ({ matches }) => pageMeta({ title: "Test subscription", matches });

const Intent = z.object({ intent: z.enum(["subscribe", "cancel"]) });

function notFound() {
  return data({ error: "This checkout does not exist." }, { status: 404 });
}

// Only the test billing serves this page: with Stripe configured nobody may subscribe by posting here.
function requireTestBilling(): TestBilling {
  const billing = getPayments()?.testBilling;
  if (!billing) throw notFound();
  return billing;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const checkout = await requireTestBilling().getCheckout(params.checkoutId ?? "", user.uid);
  if (!checkout) throw notFound();
  if (checkout.status === "completed") throw redirect("/subscriptions?checkout=success");
  if (checkout.status === "cancelled") throw redirect("/subscriptions?checkout=cancelled");
  const { plan } = checkout;
  return {
    name: planLabel(plan.id),
    sp: formatSp(plan.sp),
    price: formatPrice(plan.amountCents, plan.currency),
    interval: plan.interval,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const billing = requireTestBilling();
  const parsed = Intent.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "Choose Subscribe or Cancel." }, { status: 400 });
  const id = params.checkoutId ?? "";
  try {
    if (parsed.data.intent === "cancel") {
      await billing.cancelCheckout(id, user.uid);
      return redirect("/subscriptions?checkout=cancelled");
    }
    const store = await getStore();
    for (const event of await billing.completeCheckout(id, user.uid)) await applySubscriptionEvent(store, event);
    return redirect("/subscriptions?checkout=success");
  } catch (error) {
    if (error instanceof CheckoutNotFoundError) throw notFound();
    if (error instanceof CheckoutClosedError) return data({ error: `${error.message}` }, { status: 409 });
    throw error;
  }
}

export default function TestPlanCheckoutPage() {
  const { name, sp, price, interval } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <CheckoutShell>
      <p
        role="note"
        className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-800 ring-1 ring-amber-200"
      >
        Test subscription — no card is charged
      </p>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900">Subscribe to {name}</h1>
      <dl className="mt-4 divide-y divide-slate-100 text-sm">
        <div className="flex justify-between py-2">
          <dt className="text-slate-600">SP every {interval}</dt>
          <dd className="font-semibold text-coin-600">{sp}</dd>
        </div>
        <div className="flex justify-between py-2">
          <dt className="text-slate-600">Price</dt>
          <dd className="font-semibold text-slate-900">
            {price} / {interval}
          </dd>
        </div>
      </dl>
      {actionData?.error ? (
        <p role="alert" className="mt-4 text-sm text-red-600">
          {actionData.error}{" "}
          <Link to="/subscriptions" className="font-medium underline">
            Back to subscriptions
          </Link>
        </p>
      ) : null}
      <Form method="post" className="mt-8 flex flex-col gap-3 sm:flex-row-reverse">
        <button type="submit" name="intent" value="subscribe" className="btn-primary flex-1" disabled={busy}>
          Subscribe for {price} / {interval}
        </button>
        <button type="submit" name="intent" value="cancel" className="btn-secondary flex-1" disabled={busy}>
          Cancel
        </button>
      </Form>
    </CheckoutShell>
  );
}
