import { Link } from "@remix-run/react";
import { formatEntryTime } from "~/features/wallet/labels";
import { useTranslation } from "react-i18next";
import { interleave } from "~/i18n/interleave";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { formatSp } from "~/utils/format";
import type { WaitingPayout } from "~/features/bookings/views.server";
import { WalletRow } from "./wallet-history";
import { IsolatedName } from "~/components/members/isolated-name";

/**
 * A mentor's payments that wait in escrow until their learners verify their e-mail (decision 024):
 * not in the balance or the history yet, so the wallet says where they are.
 */
export function WaitingPayouts({ payouts, timeZone }: { payouts: WaitingPayout[]; timeZone: string }) {
  const locale = useFormatLocale();
  const { t } = useTranslation("wallet");
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
          {t("waiting.title", { sp: formatSp(total, locale) })}
        </h2>
        <p className="mt-1 text-sm text-amber-900">{t("waiting.body")}</p>
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
                {interleave(
                  (mark) => t("waiting.session", { skill: mark, minutes: p.durationMinutes, name: "\u2064" }),
                  <bdi translate={p.skillOwn ? "no" : undefined}>{p.skillLabel}</bdi>,
                  { mark: "\u2064", element: <IsolatedName name={p.learnerName} /> },
                )}
              </Link>
            }
            detail={
              <time dateTime={new Date(p.start).toISOString()}>{formatEntryTime(p.start, timeZone, locale)}</time>
            }
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
