import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useFormatLocale } from "~/i18n/use-format-locale";
import {
  formatEntryTime,
  isKnownTransactionType,
  transactionTypeLabel,
  type NamedSkill,
} from "~/features/wallet/labels";
import { SignedAmount } from "./amount";
import { EntryLine } from "./entry-line";

export interface HistoryRow {
  id: string;
  amount: number;
  type: string;
  description: string;
  label: string;
  params: Record<string, string | number>;
  timestamp: number;
  /** The booking's skill named for the reader by the loader; a live row has none (EntryLine names it). */
  skill?: NamedSkill;
}

/** One line of the wallet: what, when, and how many SP. */
export function WalletRow({
  testId,
  title,
  detail,
  amount,
}: {
  testId: string;
  title: ReactNode;
  detail: ReactNode;
  amount: ReactNode;
}) {
  return (
    <li data-testid={testId} className="flex items-center justify-between gap-4 px-4 py-3 sm:px-6">
      <div className="min-w-0">
        {title}
        <p className="mt-0.5 text-xs text-slate-500">{detail}</p>
      </div>
      {amount}
    </li>
  );
}

/** The wallet's entries as a list, in the order given (the page passes newest first). */
export function WalletHistory({ rows, timeZone }: { rows: HistoryRow[]; timeZone: string }) {
  const { t } = useTranslation("wallet");
  const locale = useFormatLocale();
  return (
    <ul className="divide-y divide-slate-100" data-testid="wallet-history">
      {rows.map((row) => (
        <WalletRow
          key={row.id}
          testId="wallet-history-row"
          title={
            <p className="truncate font-medium text-slate-900">
              <EntryLine entry={row} />
            </p>
          }
          detail={
            <>
              <span className="font-medium text-slate-600">
                {isKnownTransactionType(row.type) ? t(`types.${row.type}`) : transactionTypeLabel(row.type)}
              </span>
              <span aria-hidden="true"> · </span>
              <time dateTime={new Date(row.timestamp).toISOString()}>
                {formatEntryTime(row.timestamp, timeZone, locale)}
              </time>
            </>
          }
          amount={<SignedAmount amount={row.amount} />}
        />
      ))}
    </ul>
  );
}

/**
 * Rows in newest-first order without duplicates: later sources (older pages, live entries) only
 * add what the earlier ones lack.
 */
export function mergeNewestFirst(...sources: HistoryRow[][]): HistoryRow[] {
  const byId = new Map<string, HistoryRow>();
  for (const rows of sources) for (const row of rows) if (!byId.has(row.id)) byId.set(row.id, row);
  return [...byId.values()].sort((a, b) => b.timestamp - a.timestamp || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}
