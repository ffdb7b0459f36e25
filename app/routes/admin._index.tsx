import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BarChart } from "~/components/admin/bar-chart";
import { computeOverview } from "~/features/admin/metrics.server";
import { useTranslation } from "react-i18next";
import { formatNumber, formatPrice, formatSp } from "~/utils/format";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { adminContext, refuseWrites as action } from "~/features/admin/guard.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { store } = await adminContext(request);
  return computeOverview(store);
}

function Figure({ label, value, detail, to }: { label: string; value: string | number; detail?: string; to?: string }) {
  const body = (
    <>
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
      {detail ? <p className="mt-1 text-xs text-slate-500">{detail}</p> : null}
    </>
  );
  return to ? (
    <Link to={to} className="card block hover:border-brand-300">
      {body}
    </Link>
  ) : (
    <div className="card">{body}</div>
  );
}

export default function AdminOverview() {
  const o = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const locale = useFormatLocale();
  const money = (cents: number) => (o.currency ? formatPrice(cents, o.currency, locale) : formatNumber(cents, locale));
  const sp = (amount: number) => formatSp(amount, locale);
  const count = (value: number) => formatNumber(value, locale);
  const balanced = o.sp.balances === o.sp.ledger;
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold tracking-tight">{t("overview.title")}</h1>
      <section aria-label={t("overview.members")} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure
          label={t("overview.members")}
          value={count(o.members.total)}
          detail={t("overview.newMembers", { new7: o.members.new7, new30: o.members.new30 })}
          to="/admin/members"
        />
        <Figure
          label={t("overview.active7")}
          value={count(o.members.active7)}
          detail={t("overview.active30", { count: o.members.active30 })}
        />
        <Figure label={t("overview.openDisputes")} value={count(o.open.disputes)} to="/admin/disputes" />
        <Figure label={t("overview.openReports")} value={count(o.open.reports)} />
      </section>
      <section aria-label="SP" className="grid gap-4 sm:grid-cols-3">
        <Figure label={t("overview.circulation")} value={sp(o.sp.balances)} />
        <Figure
          label={t("overview.ledgerSum")}
          value={sp(o.sp.ledger)}
          detail={balanced ? t("overview.balanced") : t("overview.unbalanced")}
        />
        <Figure label={t("overview.escrow")} value={sp(o.sp.escrow)} detail={t("overview.escrowDetail")} />
      </section>
      <section aria-label={t("overview.last30")} className="grid gap-4 lg:grid-cols-2">
        <BarChart
          title={t("overview.spBought")}
          days={o.perDay.spBought.days}
          values={o.perDay.spBought.values}
          format={sp}
        />
        <BarChart
          title={t("overview.moneyTaken")}
          days={o.perDay.moneyTaken.days}
          values={o.perDay.moneyTaken.values}
          format={money}
        />
        <BarChart
          title={t("overview.sessionsBooked")}
          days={o.perDay.sessionsBooked.days}
          values={o.perDay.sessionsBooked.values}
          format={count}
        />
        <BarChart
          title={t("overview.sessionsCompleted")}
          days={o.perDay.sessionsCompleted.days}
          values={o.perDay.sessionsCompleted.values}
          format={count}
        />
      </section>
      <section aria-labelledby="exports-heading" className="card">
        <h2 id="exports-heading" className="text-base font-semibold">
          {t("overview.exports")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("overview.exportsHelp")}</p>
        <ul className="mt-4 flex flex-wrap gap-3">
          {EXPORTS.map(([kind, label]) => (
            <li key={kind}>
              <a href={`/admin/${kind}.csv`} className="btn-secondary" download>
                {t(label)}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

const EXPORTS = [
  ["members", "exports.members"],
  ["ledger", "exports.ledger"],
  ["payments", "exports.payments"],
  ["bookings", "exports.bookings"],
  ["reports", "exports.reports"],
] as const;

export { action };
