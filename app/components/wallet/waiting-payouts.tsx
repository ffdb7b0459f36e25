import { Link } from "@remix-run/react";
import { formatEntryTime } from "~/features/wallet/labels";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { formatSp } from "~/utils/format";
import type { WaitingPayout } from "~/features/bookings/views.server";
import { WalletRow } from "./wallet-history";

/**
 * A mentor's payments that wait in escrow until their learners verify their e-mail (decision 024):
 * not in the balance or the history yet, so the wallet says where they are.
 */
export function WaitingPayouts({ payouts, timeZone }: { payouts: WaitingPayout[]; timeZone: string }) {
  const locale = useFormatLocale();
  if (payouts.length === 0) return null;
  const total = payouts.reduce((sum, p) => sum + p.amount, 0);
  return (
    <section
      className="card mb-6 border-amber-200 bg-amber-50 p-0"
      aria-labelledby="wallet-waiting-title"
      data-testid="waiting-payouts"
    >
      <div className="px-4 pt-4 sm:px-6">
        <h2 id="wallet-waiting-title" className="text-base font-semibold text-amber-950">
          {formatSp(total, locale)} waiting for email verification
        </h2>
        <p className="mt-1 text-sm text-amber-900">
          These SP will be released to your wallet once the learner has verified their email.
        </p>
      </div>
      <ul className="mt-2 divide-y divide-amber-100">
        {payouts.map((p) => (
          <WalletRow
            key={p.bookingId}
            testId="waiting-payout"
            title={
              <Link
                to={`/session/${p.bookingId}`}
                className="block break-words font-medium text-slate-900 hover:underline"
              >
                <bdi>{p.skillLabel}</bdi> ({p.durationMinutes} min) with <bdi>{p.learnerName}</bdi>
              </Link>
            }
            detail={<time dateTime={new Date(p.start).toISOString()}>{formatEntryTime(p.start, timeZone)}</time>}
            amount={
              <span className="whitespace-nowrap font-semibold tabular-nums text-amber-900">
                {formatSp(p.amount, locale)}
              </span>
            }
          />
        ))}
      </ul>
    </section>
  );
}
