/**
 * /subscriptions (issue 16, decision 017): the plans side by side, the member's plan with its
 * status, renewal and the SP each period credited; Subscribe through the same checkout route as
 * packs, Manage billing through the provider's portal, and the labelled test billing's controls
 * when PAYMENTS=test. In the reader's language (decision 077, namespace "wallet").
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { Fragment, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/page-header";
import { PlusBadge } from "~/components/plus-badge";
import { startCheckout } from "~/engine/payments/checkout.client";
import { isStoredPlanName, planName, SAVED_LIMIT, statusName } from "~/features/subscriptions/labels";
import { formatDate, formatPrice } from "~/utils/format";
import type { DateRangePart } from "~/utils/format-range";
import { loadingNamespaces } from "~/i18n/client-loader";
import { interleave } from "~/i18n/interleave";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { requireUser } from "~/features/auth/auth.server";
import { languageOf } from "~/i18n/i18n.server";
import { pageMeta } from "~/utils/meta";
import { subscriptionsAction, subscriptionsPage } from "./_app.subscriptions.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

export const handle = { i18n: "wallet" };
export const clientLoader = loadingNamespaces("wallet");

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

/** A day in the member's zone, written by Intl in the reader's locale (a `<time>`, decision 061). */
function Day({ ms, timeZone }: { ms: number; timeZone: string }) {
  const locale = useFormatLocale();
  return <time dateTime={new Date(ms).toISOString()}>{formatDate(ms, locale, timeZone, { dateStyle: "medium" })}</time>;
}

/**
 * A credited period as the reader's locale writes a range (its separator, a shared year said once),
 * each end in its own `<time>`; the cell keeps it on one line. The server wrote the parts: the
 * browser's Intl writes some ranges' separators differently, which would not hydrate (decision 136).
 */
function DayRange({ start, end, parts }: { start: number; end: number; parts: DateRangePart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.source === "shared" ? (
          <Fragment key={i}>{part.text}</Fragment>
        ) : (
          <time key={i} dateTime={new Date(part.source === "startRange" ? start : end).toISOString()}>
            {part.text}
          </time>
        ),
      )}
    </>
  );
}

/** A plan's name; one a later version sold has no words here and shows as stored. */
function PlanName({ planId }: { planId: string | null }) {
  const { t } = useTranslation("wallet");
  return isStoredPlanName(planId) ? <span translate="no">{planName(planId, t)}</span> : <>{planName(planId, t)}</>;
}

const PLUS_PERKS = ["subscriptions.perks.badge", "subscriptions.perks.saved", "subscriptions.perks.keep"] as const;

export default function SubscriptionsPage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("wallet");
  useAwaitConfirmation(page.checkout === "success" && page.current.planId === null);
  return (
    <>
      <PageHeader title={t("subscriptions.title")} description={t("subscriptions.description")} />
      {page.checkout === "success" ? (
        <p
          role="status"
          className="mb-4 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-800"
        >
          {page.current.planId
            ? t("subscriptions.checkout.welcome", { plan: planName(page.current.planId, t) })
            : t("subscriptions.checkout.confirming")}
        </p>
      ) : page.checkout === "cancelled" ? (
        <p role="status" className="mb-4 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
          {t("subscriptions.checkout.cancelled")}
        </p>
      ) : null}
      {actionData && "error" in actionData ? (
        <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {actionData.error}
        </p>
      ) : null}
      <CurrentPlan page={page} />
      <h2 className="mb-3 mt-8 text-lg font-semibold text-slate-900">{t("subscriptions.plansTitle")}</h2>
      <PlanCards page={page} />
      {page.testBilling && page.current.live ? (
        <TestBillingPanel cancelling={page.current.status === "cancelling"} />
      ) : null}
      <History periods={page.periods} timeZone={page.timeZone} />
    </>
  );
}

function CurrentPlan({ page }: { page: PageData }) {
  const { current, timeZone } = page;
  const { t } = useTranslation("wallet");
  const busy = useNavigation().state !== "idle";
  const periodEnd = current.periodEnd ? <Day ms={current.periodEnd} timeZone={timeZone} /> : null;
  return (
    <section aria-labelledby="current-plan" className="card">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="current-plan" className="text-sm font-medium text-slate-500">
            {t("subscriptions.current.title")}
          </h2>
          <p className="mt-1 flex items-center gap-2 text-xl font-bold text-slate-900">
            <span data-testid="current-plan">
              <PlanName planId={current.planId} />
            </span>
            {current.planId ? <PlusBadge /> : null}
          </p>
          {current.status ? (
            <p className="mt-1 text-sm text-slate-700">
              {interleave(
                (mark) => t("subscriptions.current.status", { status: mark }),
                <span
                  data-testid="subscription-status"
                  className={current.status === "past_due" ? "font-semibold text-red-700" : "font-semibold"}
                >
                  {statusName(current.status, t)}
                </span>,
              )}
            </p>
          ) : null}
          {periodEnd ? (
            <p className="mt-1 text-sm text-slate-700" data-testid="next-renewal">
              {interleave(
                (mark) =>
                  current.status === "cancelling" || !current.renewal
                    ? t("subscriptions.current.ends", { date: mark })
                    : t(current.status === "past_due" ? "subscriptions.current.due" : "subscriptions.current.renews", {
                        date: mark,
                        price: current.renewal.price,
                        sp: current.renewal.sp,
                      }),
                periodEnd,
              )}
            </p>
          ) : null}
          {current.status === "past_due" ? (
            <p className="mt-2 text-sm text-red-700">{t("subscriptions.current.pastDue")}</p>
          ) : null}
        </div>
        {page.canManage ? (
          <Form method="post">
            <button type="submit" name="intent" value="portal" className="btn-secondary" disabled={busy}>
              {t("subscriptions.manage")}
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}

function PlanCards({ page }: { page: PageData }) {
  const { t } = useTranslation("wallet");
  const locale = useFormatLocale();
  const [processing, setProcessing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const subscribed = page.current.planId !== null;

  async function subscribe(planId: string, priceId: string) {
    setError(null);
    setProcessing(planId);
    // startCheckout navigates away on success; it only returns when the subscription could not start.
    const refusal = await startCheckout(priceId);
    setError(refusal && (refusal.message ?? t("subscriptions.errors.startFailed")));
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
          <h3 className="text-base font-semibold text-slate-900">{t("subscriptions.free")}</h3>
          <p className="mt-1 text-2xl font-bold">{formatPrice(0, "eur", locale)}</p>
          <ul className="mt-3 flex-1 space-y-1 text-sm text-slate-600">
            <li>{t("subscriptions.freePerks.packs")}</li>
            <li>{t("subscriptions.freePerks.saved", { count: SAVED_LIMIT.free })}</li>
          </ul>
          {!subscribed ? (
            <p className="mt-4 text-sm font-semibold text-slate-500">{t("subscriptions.currentPlan")}</p>
          ) : null}
        </li>
        {page.plans.map((plan) => {
          const name = planName(plan.id, t);
          return (
            <li
              key={plan.id}
              className={`card flex flex-col ${page.current.planId === plan.id ? "ring-2 ring-brand-500" : ""}`}
              data-testid={`plan-${plan.id}`}
            >
              <h3 className="flex items-center gap-2 text-base font-semibold text-slate-900">
                {name} <PlusBadge />
              </h3>
              <p className="mt-1 text-2xl font-bold">
                {plan.price}{" "}
                <span className="text-sm font-normal text-slate-500">
                  {t("subscriptions.perInterval", { interval: plan.interval })}
                </span>
              </p>
              <p className="mt-1 text-sm font-semibold text-amber-700">
                {t("subscriptions.spEvery", { sp: plan.sp, interval: plan.interval })}
              </p>
              <ul className="mt-3 flex-1 space-y-1 text-sm text-slate-600">
                {PLUS_PERKS.map((perk) => (
                  <li key={perk}>{t(perk, { plus: SAVED_LIMIT.plus, free: SAVED_LIMIT.free })}</li>
                ))}
              </ul>
              {page.current.planId === plan.id ? (
                <p className="mt-4 text-sm font-semibold text-brand-700">{t("subscriptions.currentPlan")}</p>
              ) : subscribed ? (
                <p className="mt-4 text-sm text-slate-500">{t("subscriptions.switch")}</p>
              ) : plan.priceId ? (
                <button
                  type="button"
                  className="btn-primary mt-4"
                  disabled={processing !== null}
                  onClick={() => subscribe(plan.id, plan.priceId!)}
                >
                  {processing === plan.id
                    ? t("topUp.processing", { ns: "common" })
                    : t("subscriptions.subscribe", { plan: name })}
                </button>
              ) : (
                <p className="mt-4 text-sm text-amber-800">{t("subscriptions.paymentsOff")}</p>
              )}
            </li>
          );
        })}
      </ul>
      {page.testBilling ? (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-xs font-medium text-amber-800">
          {t("subscriptions.testMode")}
        </p>
      ) : null}
    </>
  );
}

function TestBillingPanel({ cancelling }: { cancelling: boolean }) {
  const { t } = useTranslation("wallet");
  const busy = useNavigation().state !== "idle";
  return (
    <section
      id="test-billing"
      aria-labelledby="test-billing-title"
      className="mt-8 rounded-2xl border-2 border-dashed border-amber-300 bg-amber-50 p-5"
    >
      <h2 id="test-billing-title" className="text-base font-semibold text-amber-900">
        {t("subscriptions.testBilling.title")}
      </h2>
      <p className="mt-1 text-sm text-amber-800">{t("subscriptions.testBilling.intro")}</p>
      <Form method="post" className="mt-4 flex flex-wrap gap-2">
        <button type="submit" name="intent" value="renew" className="btn-primary" disabled={busy}>
          {t("subscriptions.testBilling.renew")}
        </button>
        {cancelling ? (
          <button type="submit" name="intent" value="resume" className="btn-secondary" disabled={busy}>
            {t("subscriptions.testBilling.resume")}
          </button>
        ) : (
          <>
            <button type="submit" name="intent" value="fail" className="btn-secondary" disabled={busy}>
              {t("subscriptions.testBilling.fail")}
            </button>
            <button type="submit" name="intent" value="cancel_period_end" className="btn-secondary" disabled={busy}>
              {t("subscriptions.testBilling.cancelPeriodEnd")}
            </button>
          </>
        )}
        <button type="submit" name="intent" value="cancel_now" className="btn-danger" disabled={busy}>
          {t("subscriptions.testBilling.cancelNow")}
        </button>
      </Form>
    </section>
  );
}

function History({ periods, timeZone }: { periods: PageData["periods"]; timeZone: string }) {
  const { t } = useTranslation("wallet");
  return (
    <section aria-labelledby="sp-credited" className="mt-8">
      <h2 id="sp-credited" className="mb-3 text-lg font-semibold text-slate-900">
        {t("subscriptions.history.title")}
      </h2>
      {periods.length === 0 ? (
        <p className="text-sm text-slate-600">{t("subscriptions.history.empty")}</p>
      ) : (
        <div className="card overflow-x-auto p-0">
          <table className="w-full break-normal text-start text-sm">
            <thead className="border-b border-slate-200 text-slate-500">
              <tr>
                <th className="px-2 py-2 sm:px-4 font-medium">{t("subscriptions.history.paidOn")}</th>
                <th className="hidden px-2 py-2 sm:px-4 font-medium sm:table-cell">
                  {t("subscriptions.history.period")}
                </th>
                <th className="px-2 py-2 sm:px-4 font-medium">{t("subscriptions.history.plan")}</th>
                <th className="px-2 py-2 sm:px-4 font-medium">{t("subscriptions.history.paid")}</th>
                <th className="px-2 py-2 sm:px-4 text-end font-medium">SP</th>
              </tr>
            </thead>
            <tbody>
              {periods.map((p) => (
                <tr key={p.id} className="border-b border-slate-100 last:border-0" data-testid="credited-period">
                  <td className="whitespace-nowrap px-2 py-2 sm:px-4">
                    <Day ms={p.paidAt} timeZone={timeZone} />
                  </td>
                  {/* On a phone the period drops out; the date paid says when. */}
                  <td className="hidden whitespace-nowrap px-2 py-2 sm:px-4 sm:table-cell">
                    {p.period ? <DayRange {...p.period} /> : null}
                  </td>
                  <td className="px-2 py-2 sm:px-4">
                    <PlanName planId={p.planId} />
                  </td>
                  <td className="whitespace-nowrap px-2 py-2 sm:px-4">{p.amount}</td>
                  <td className="whitespace-nowrap px-2 py-2 sm:px-4 text-end font-semibold text-amber-700">
                    <span dir="ltr">+{p.sp}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
