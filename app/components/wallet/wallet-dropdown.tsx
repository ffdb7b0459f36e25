import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useFormatLocale } from "~/i18n/use-format-locale";
import type { FeedPayloads, TransactionPayload } from "~/engine/live/feeds";
import { formatSp, relativeTime } from "~/utils/format";
import { Icon } from "../icons";
import { useLiveFeedValue } from "../live/use-live-feed";
import { usePopup } from "../use-popup";
import { SignedAmount } from "./amount";
import { EntryLine } from "./entry-line";
import { Coin } from "./coin";

interface WalletDropdownProps {
  balance: number;
  onTopUp: () => void;
}

const asList = (latest: TransactionPayload[]): TransactionPayload[] | null => latest;

function onTransactionsError(error: Error, set: (value: FeedPayloads["transactions"]) => void) {
  // As SPEC.md §8 has a failed wallet read show a balance of 0: a warning, and no entries.
  console.warn("Wallet transactions read failed:", error.message);
  set([]);
}

/**
 * The latest entries come from the live feed alone, which the page subscribes to anyway and which
 * sends them as soon as it connects: they are drawn only when the menu is opened, so the layout's
 * loader no longer puts them into every signed-in document (decision 169). `null` until the
 * stream has spoken.
 */
function useLatestTransactions(): TransactionPayload[] | null {
  return useLiveFeedValue("transactions", null, asList, { onError: onTransactionsError });
}

/** SPEC.md §2: balance, the latest 3 transactions or "No recent activity", See more, and top-up. */
export function WalletDropdown({ balance, onTopUp }: WalletDropdownProps) {
  const transactions = useLatestTransactions();
  const { open, toggle, close, root, trigger, panelId } = usePopup();
  const { t } = useTranslation();
  const locale = useFormatLocale();

  return (
    <div ref={root} className="relative">
      <button
        ref={trigger}
        type="button"
        data-tour="wallet"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        className="flex items-center gap-2 rounded-full border border-amber-200 bg-amber-50 py-1 ps-1.5 pe-3 text-sm font-semibold text-amber-900 hover:bg-amber-100"
      >
        <Coin className="h-6 w-6" />
        {/* Named by what it shows (WCAG 2.5.3): "Wallet: 200 SP". */}
        <span className="sr-only">{t("wallet.buttonLabel")}</span>
        <span data-testid="wallet-balance" className="whitespace-nowrap tabular-nums">
          {formatSp(balance, locale)}
        </span>
      </button>
      {open ? (
        <div
          id={panelId}
          role="dialog"
          aria-label={t("wallet.dialog")}
          className="absolute end-0 z-40 mt-2 w-[min(20rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white shadow-lg"
        >
          <div className="border-b border-slate-100 px-4 py-3">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{t("wallet.balance")}</p>
            <p className="mt-0.5 text-2xl font-bold tabular-nums">{formatSp(balance, locale)}</p>
          </div>
          <div className="px-4 py-3">
            <p className="mb-2 text-xs font-medium uppercase tracking-wide text-slate-500">{t("wallet.recent")}</p>
            {transactions === null ? (
              <p className="py-2 text-sm text-slate-500" role="status">
                {t("loading")}
              </p>
            ) : transactions.length === 0 ? (
              <p className="py-2 text-sm text-slate-500">{t("wallet.empty")}</p>
            ) : (
              <ul className="space-y-2" data-testid="wallet-transactions">
                {transactions.map((entry) => (
                  <li key={entry.id} className="flex items-start justify-between gap-3 text-sm">
                    <div className="min-w-0">
                      <p className="truncate text-slate-800">
                        <EntryLine entry={entry} />
                      </p>
                      <p className="text-xs text-slate-500" suppressHydrationWarning>
                        {relativeTime(entry.timestamp, locale)}
                      </p>
                    </div>
                    <SignedAmount amount={entry.amount} />
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="flex gap-2 border-t border-slate-100 px-4 py-3">
            <Link to="/wallet" onClick={() => close("select")} className="btn-secondary flex-1">
              {t("wallet.seeMore")}
            </Link>
            <button
              type="button"
              onClick={() => {
                close("select");
                onTopUp();
              }}
              className="btn-primary flex-1"
            >
              <Icon name="plus" className="h-4 w-4" />
              {t("wallet.topUp")}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
