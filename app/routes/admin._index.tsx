import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BarChart } from "~/components/admin/bar-chart";
import { computeOverview } from "~/features/admin/metrics.server";
import { formatPrice } from "~/utils/format";
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
  const locale = useFormatLocale();
  const money = (cents: number) => (o.currency ? formatPrice(cents, o.currency, locale) : String(cents));
  const balanced = o.sp.balances === o.sp.ledger;
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold tracking-tight">The community at a glance</h1>
      <section aria-label="Members" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure
          label="Members"
          value={o.members.total}
          detail={`${o.members.new7} new in 7 days, ${o.members.new30} in 30`}
          to="/admin/members"
        />
        <Figure label="Active in 7 days" value={o.members.active7} detail={`${o.members.active30} active in 30 days`} />
        <Figure label="Open disputes" value={o.open.disputes} to="/admin/disputes" />
        <Figure label="Open reports" value={o.open.reports} />
      </section>
      <section aria-label="SP" className="grid gap-4 sm:grid-cols-3">
        <Figure label="SP in circulation (sum of balances)" value={`${o.sp.balances} SP`} />
        <Figure
          label="Sum of ledger entries"
          value={`${o.sp.ledger} SP`}
          detail={
            balanced
              ? "Equal to the balances: the ledger reconciles."
              : "DIFFERS from the balances: run npm run reconcile."
          }
        />
        <Figure
          label="SP held in escrow"
          value={`${o.sp.escrow} SP`}
          detail="Requested, accepted and disputed sessions"
        />
      </section>
      <section aria-label="Last 30 days" className="grid gap-4 lg:grid-cols-2">
        <BarChart
          title="SP bought per day"
          days={o.perDay.spBought.days}
          values={o.perDay.spBought.values}
          format={(v) => `${v} SP`}
        />
        <BarChart
          title="Money taken per day"
          days={o.perDay.moneyTaken.days}
          values={o.perDay.moneyTaken.values}
          format={money}
        />
        <BarChart
          title="Sessions booked per day"
          days={o.perDay.sessionsBooked.days}
          values={o.perDay.sessionsBooked.values}
        />
        <BarChart
          title="Sessions completed per day"
          days={o.perDay.sessionsCompleted.days}
          values={o.perDay.sessionsCompleted.values}
        />
      </section>
      <section aria-labelledby="exports-heading" className="card">
        <h2 id="exports-heading" className="text-base font-semibold">
          Export as CSV
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Every record, for a spreadsheet. Each export is written to the audit log.
        </p>
        <ul className="mt-4 flex flex-wrap gap-3">
          {EXPORTS.map(([kind, label]) => (
            <li key={kind}>
              <a href={`/admin/${kind}.csv`} className="btn-secondary" download>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

const EXPORTS = [
  ["members", "Members"],
  ["ledger", "Ledger"],
  ["payments", "Payments"],
  ["bookings", "Bookings"],
  ["reports", "Reports"],
] as const;

export { action };
