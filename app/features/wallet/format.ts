/**
 * Money and SP as people read them. A fixed default locale keeps server-rendered text and hydrated
 * text identical; a page that knows the reader's locale can pass it.
 */
const DEFAULT_LOCALE = "en-IE";

export function formatPrice(amountCents: number, currency: string, locale = DEFAULT_LOCALE): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() }).format(amountCents / 100);
}

export function formatSp(amount: number, locale = DEFAULT_LOCALE): string {
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(amount)} SP`;
}
