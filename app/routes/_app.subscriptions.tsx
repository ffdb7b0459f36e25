/**
 * /subscriptions (issue 16, decision 017): the plans side by side, the member's plan with its
 * status, renewal and the SP each period credited; Subscribe through the same checkout route as
 * packs, Manage billing through the provider's portal, and the labelled test billing's controls
 * when PAYMENTS=test.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { PageHeader } from "~/components/page-header";
import { PlusBadge } from "~/components/plus-badge";
import { startCheckout } from "~/engine/payments/checkout.client";
import { SAVED_LIMIT } from "~/features/subscriptions/labels";
import { formatPrice } from "~/utils/format";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { requireUser } from "~/features/auth/auth.server";
import { languageOf } from "~/i18n/i18n.server";
import { pageMeta } from "~/utils/meta";
import { subscriptionsAction, subscriptionsPage } from "./_app.subscriptions.server";

export const meta: MetaFunction = ({ matches }) => pageMeta({ title: "Subscriptions", matches });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return subscriptionsPage(user, new URL(request.url), await languageOf(request, user.profile.language));
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return subscriptionsAction(user, request);
}

type PageData = Awaited<ReturnType<typeof subscriptionsPage>>;

const CONFIRM_POLLS = 15;
const CONFIRM_POLL_MS = 2_000;

/**
 * Back from Stripe Checkout, the webhook may not have arrived yet: ask again for a while so the
 * plan shows up without a reload.
 */
function useAwaitConfirmation(waiting: boolean) {
  const { revalidate, state } = useRevalidator();
  const [polls, setPolls] = useState(0);
  useEffect(() => {
    if (!waiting || polls >= CONFIRM_POLLS || state !== "idle") return;
    const timer = setTimeout(() => {
      setPolls((n) => n + 1);
      revalidate();
    }, CONFIRM_POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, polls, state, revalidate]);
}

const PLUS_PERKS = [
  "A Plus badge on your public profile",
  `Save up to ${SAVED_LIMIT.plus} profiles (Free: ${SAVED_LIMIT.free})`,
  "Unused SP stay in your wallet",
];

export default function SubscriptionsPage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useAwaitConfirmation(page.checkout === "success" && page.current.planId === null);
  return (
    <>
      <PageHeader title="Subscriptions" description="A monthly or yearly plan that tops up your SP every period." />
      {page.checkout === "success" ? (
        <p
          role="status"
          className="mb-4 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-800"
        >
          {page.current.planId
            ? `Welcome to ${page.current.name}! Your SP for this period are in your wallet.`
            : "Thank you! Your subscription is being confirmed and will show here in a moment."}
        </p>
      ) : page.checkout === "cancelled" ? (
        <p role="status" className="mb-4 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
          Checkout cancelled. Nothing was charged.
        </p>
      ) : null}
      {actionData && "error" in actionData ? (
        <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {actionData.error}
        </p>
      ) : null}
      <CurrentPlan page={page} />
      <h2 className="mb-3 mt-8 text-lg font-semibold text-slate-900">Plans</h2>
      <PlanCards page={page} />
      {page.testBilling && page.current.live ? <TestBillingPanel cancelling={page.current.cancelling} /> : null}
      <History periods={page.periods} />
    </>
  );
}

function CurrentPlan({ page }: { page: PageData }) {
  const { current } = page;
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="current-plan" className="card">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="current-plan" className="text-sm font-medium text-slate-500">
            Your plan
          </h2>
          <p className="mt-1 flex items-center gap-2 text-xl font-bold text-slate-900">
            <span data-testid="current-plan">{current.name}</span>
            {current.planId ? <PlusBadge /> : null}
          </p>
          {current.status ? (
            <p className="mt-1 text-sm text-slate-700">
              Status:{" "}
              <span
                data-testid="subscription-status"
                className={current.status.key === "past_due" ? "font-semibold text-red-700" : "font-semibold"}
              >
                {current.status.label}
              </span>
            </p>
          ) : current.wasCancelled ? (
            <p className="mt-1 text-sm text-slate-700">
              Status:{" "}
              <span data-testid="subscription-status" className="font-semibold">
                Cancelled
              </span>
            </p>
          ) : null}
          {current.periodEnd ? (
            <p className="mt-1 text-sm text-slate-700" data-testid="next-renewal">
              {current.cancelling
                ? `Ends on ${current.periodEnd}`
                : current.status?.key === "past_due"
                  ? `Due now: ${current.renewal}; the period ends on ${current.periodEnd}`
                  : `Renews on ${current.periodEnd}: ${current.renewal}`}
            </p>
          ) : null}
          {current.status?.key === "past_due" ? (
            <p className="mt-2 text-sm text-red-700">
              The last payment failed. Update your payment method under Manage billing; your perks stay while the
              payment is retried.
            </p>
          ) : null}
        </div>
        {page.canManage ? (
          <Form method="post">
            <button type="submit" name="intent" value="portal" className="btn-secondary" disabled={busy}>
              Manage billing
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}

function PlanCards({ page }: { page: PageData }) {
  const locale = useFormatLocale();
  const [processing, setProcessing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const subscribed = page.current.planId !== null;

  async function subscribe(planId: string, priceId: string) {
    setError(null);
    setProcessing(planId);
    // startCheckout navigates away on success; it only returns when the subscription could not start.
    setError(await startCheckout(priceId));
    setProcessing(null);
  }

  return (
    <>
      {error ? (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-3">
        <li className="card flex flex-col">
          <h3 className="text-base font-semibold text-slate-900">Free</h3>
          <p className="mt-1 text-2xl font-bold">{formatPrice(0, "eur", locale)}</p>
          <ul className="mt-3 flex-1 space-y-1 text-sm text-slate-600">
            <li>Buy SP packs whenever you need them</li>
            <li>Save up to {SAVED_LIMIT.free} profiles</li>
          </ul>
          {!subscribed ? <p className="mt-4 text-sm font-semibold text-slate-500">Current plan</p> : null}
        </li>
        {page.plans.map((plan) => (
          <li
            key={plan.id}
            className={`card flex flex-col ${page.current.planId === plan.id ? "ring-2 ring-brand-500" : ""}`}
            data-testid={`plan-${plan.id}`}
          >
            <h3 className="flex items-center gap-2 text-base font-semibold text-slate-900">
              {plan.name} <PlusBadge />
            </h3>
            <p className="mt-1 text-2xl font-bold">
              {plan.price} <span className="text-sm font-normal text-slate-500">/ {plan.interval}</span>
            </p>
            <p className="mt-1 text-sm font-semibold text-amber-700">
              {plan.sp} every {plan.interval}
            </p>
            <ul className="mt-3 flex-1 space-y-1 text-sm text-slate-600">
              {PLUS_PERKS.map((perk) => (
                <li key={perk}>{perk}</li>
              ))}
            </ul>
            {page.current.planId === plan.id ? (
              <p className="mt-4 text-sm font-semibold text-brand-700">Current plan</p>
            ) : subscribed ? (
              <p className="mt-4 text-sm text-slate-500">Switch plans under Manage billing.</p>
            ) : plan.priceId ? (
              <button
                type="button"
                className="btn-primary mt-4"
                disabled={processing !== null}
                onClick={() => subscribe(plan.id, plan.priceId!)}
              >
                {processing === plan.id ? "Processing…" : `Subscribe to ${plan.name}`}
              </button>
            ) : (
              <p className="mt-4 text-sm text-amber-800">Payments are not configured on this server.</p>
            )}
          </li>
        ))}
      </ul>
      {page.testBilling ? (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-xs font-medium text-amber-800">
          Test mode: subscriptions use the test billing and no card is charged.
        </p>
      ) : null}
    </>
  );
}

function TestBillingPanel({ cancelling }: { cancelling: boolean }) {
  const busy = useNavigation().state !== "idle";
  return (
    <section
      id="test-billing"
      aria-labelledby="test-billing-title"
      className="mt-8 rounded-2xl border-2 border-dashed border-amber-300 bg-amber-50 p-5"
    >
      <h2 id="test-billing-title" className="text-base font-semibold text-amber-900">
        Test billing — no card is charged
      </h2>
      <p className="mt-1 text-sm text-amber-800">
        Plays Stripe's part on this test server: each button sends the events Stripe would send.
      </p>
      <Form method="post" className="mt-4 flex flex-wrap gap-2">
        <button type="submit" name="intent" value="renew" className="btn-primary" disabled={busy}>
          Renew now
        </button>
        {cancelling ? (
          <button type="submit" name="intent" value="resume" className="btn-secondary" disabled={busy}>
            Resume plan
          </button>
        ) : (
          <>
            <button type="submit" name="intent" value="fail" className="btn-secondary" disabled={busy}>
              Renew with a failed payment
            </button>
            <button type="submit" name="intent" value="cancel_period_end" className="btn-secondary" disabled={busy}>
              Cancel at period end
            </button>
          </>
        )}
        <button type="submit" name="intent" value="cancel_now" className="btn-danger" disabled={busy}>
          Cancel now
        </button>
      </Form>
    </section>
  );
}

function History({ periods }: { periods: PageData["periods"] }) {
  return (
    <section aria-labelledby="sp-credited" className="mt-8">
      <h2 id="sp-credited" className="mb-3 text-lg font-semibold text-slate-900">
        SP credited by your plan
      </h2>
      {periods.length === 0 ? (
        <p className="text-sm text-slate-600">
          No periods yet. Each paid period of a plan shows here with the SP it added.
        </p>
      ) : (
        <div className="card overflow-x-auto p-0">
          <table className="w-full text-start text-sm">
            <thead className="border-b border-slate-200 text-slate-500">
              <tr>
                <th className="px-4 py-2 font-medium">Paid on</th>
                <th className="hidden px-4 py-2 font-medium sm:table-cell">Period</th>
                <th className="px-4 py-2 font-medium">Plan</th>
                <th className="px-4 py-2 font-medium">Paid</th>
                <th className="px-4 py-2 text-end font-medium">SP</th>
              </tr>
            </thead>
            <tbody>
              {periods.map((p) => (
                <tr key={p.id} className="border-b border-slate-100 last:border-0" data-testid="credited-period">
                  <td className="px-4 py-2">{p.paidOn}</td>
                  {/* On a phone the period drops out; the date paid says when. */}
                  <td className="hidden px-4 py-2 sm:table-cell">{p.period}</td>
                  <td className="px-4 py-2">{p.plan}</td>
                  <td className="whitespace-nowrap px-4 py-2">{p.amount}</td>
                  <td className="whitespace-nowrap px-4 py-2 text-end font-semibold text-amber-700">+{p.sp}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
