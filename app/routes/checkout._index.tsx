/**
 * /checkout: where the payment provider sends the person back. A paid checkout is credited here
 * too (idempotently, alongside the webhook), so the SP show up even when the webhook is late.
 */
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { getStore } from "~/engine/index.server";
import { getPayments } from "~/engine/payments/index.server";
import { CheckoutNotFoundError, PaymentMismatchError, type FulfilmentEvent } from "~/engine/payments/types";
import { CheckoutShell } from "~/components/wallet/checkout-shell";
import { formatSp, intlLocale } from "~/utils/format";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { loadingNamespaces } from "~/i18n/client-loader";
import { useTranslation } from "react-i18next";
import { interleave } from "~/i18n/interleave";
import { fulfilCheckout } from "~/features/wallet/fulfil.server";
import { getBalance } from "~/features/wallet/ledger.server";
import { requireUser } from "~/features/auth/auth.server";
import { pageMeta } from "~/utils/meta";
import { Search } from "./checkout._index.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

export const handle = { i18n: "wallet" };
export const clientLoader = loadingNamespaces("wallet");

type Outcome =
  | { state: "paid"; sp: string; balance: string }
  | { state: "pending" | "cancelled" | "not_found" | "unavailable" | "problem" };

async function confirm(sessionId: string, uid: string, locale: string): Promise<Outcome> {
  const payments = getPayments();
  if (!payments) return { state: "unavailable" };
  let event: FulfilmentEvent | null;
  try {
    event = await payments.retrieveCheckout(sessionId);
  } catch (error) {
    if (error instanceof CheckoutNotFoundError) return { state: "not_found" };
    if (error instanceof PaymentMismatchError) {
      console.error("checkout:", error.message);
      return { state: "problem" };
    }
    // The provider is unreachable: the webhook will still credit, so wait rather than fail.
    console.error("checkout: could not ask the payment provider", error);
    return { state: "pending" };
  }
  if (!event) return { state: "pending" };
  // Someone else's checkout id: say nothing about it.
  if (event.uid !== uid) return { state: "not_found" };
  const store = await getStore();
  await fulfilCheckout(store, event);
  return { state: "paid", sp: formatSp(event.sp, locale), balance: formatSp(await getBalance(store, uid), locale) };
}

export async function loader({ request }: LoaderFunctionArgs): Promise<Outcome & { title: string }> {
  const user = await requireUser(request);
  const language = await languageOf(request, user.profile.language);
  const title = fixedT(language, "wallet")("checkout.title");
  const search = Search.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!search.success) throw redirect("/dashboard");
  const { status, session_id: sessionId } = search.data;
  if (status === "cancelled") return { state: "cancelled", title };
  if (status !== "success" || !sessionId) throw redirect("/dashboard");
  return { ...(await confirm(sessionId, user.uid, intlLocale(language))), title };
}

// Confirmation usually takes seconds; ask again for a minute, then leave it to the refresh link.
const POLL_MS = 3_000;
const POLL_LIMIT = 20;

function usePollWhilePending(pending: boolean) {
  const revalidator = useRevalidator();
  const [polls, setPolls] = useState(0);
  useEffect(() => {
    if (!pending || polls >= POLL_LIMIT || revalidator.state !== "idle") return;
    const timer = setTimeout(() => {
      setPolls((n) => n + 1);
      revalidator.revalidate();
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, polls, revalidator]);
}

function DashboardLink({ primary = false }: { primary?: boolean }) {
  const { t } = useTranslation("wallet");
  return (
    <Link to="/dashboard" className={primary ? "btn-primary" : "btn-secondary"}>
      {t("checkout.backToDashboard")}
    </Link>
  );
}

export default function CheckoutReturnPage() {
  const outcome = useLoaderData<typeof loader>();
  const location = useLocation();
  usePollWhilePending(outcome.state === "pending");
  const { t } = useTranslation("wallet");

  return (
    <CheckoutShell>
      <div className="text-center" aria-live="polite">
        {outcome.state === "paid" ? (
          <>
            <h1 className="text-3xl font-bold tracking-tight text-amber-600">
              {t("checkout.added", { sp: outcome.sp })}
            </h1>
            <p className="mt-3 text-slate-600">
              {interleave(
                (mark) => t("checkout.balance", { balance: mark }),
                <strong className="font-semibold text-slate-900">{outcome.balance}</strong>,
              )}
            </p>
            <div className="mt-8 flex justify-center gap-3">
              <Link to="/wallet" className="btn-secondary">
                {t("checkout.viewWallet")}
              </Link>
              <DashboardLink primary />
            </div>
          </>
        ) : outcome.state === "pending" ? (
          <>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("checkout.pending.title")}</h1>
            <p className="mt-3 text-slate-600">{t("checkout.pending.body")}</p>
            <div className="mt-8 flex justify-center gap-3">
              <Link to={`${location.pathname}${location.search}`} className="btn-primary" preventScrollReset>
                {t("checkout.refresh")}
              </Link>
              <DashboardLink />
            </div>
          </>
        ) : outcome.state === "cancelled" ? (
          <>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("checkout.cancelled")}</h1>
            <div className="mt-8">
              <DashboardLink primary />
            </div>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">
              {t(`checkout.trouble.${outcome.state}`)}
            </h1>
            <div className="mt-8">
              <DashboardLink primary />
            </div>
          </>
        )}
      </div>
    </CheckoutShell>
  );
}
