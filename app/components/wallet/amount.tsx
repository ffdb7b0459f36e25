import { useFormatLocale } from "~/i18n/use-format-locale";
import { formatSp } from "~/utils/format";

/** A signed SP amount: green credits, plain debits. */
export function SignedAmount({ amount }: { amount: number }) {
  const locale = useFormatLocale();
  const sign = amount > 0 ? "+" : amount < 0 ? "−" : "";
  return (
    <span
      className={`whitespace-nowrap font-semibold tabular-nums ${amount > 0 ? "text-emerald-700" : "text-slate-700"}`}
    >{`${sign}${formatSp(Math.abs(amount), locale)}`}</span>
  );
}
