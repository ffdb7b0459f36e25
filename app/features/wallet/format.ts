/**
 * Money and SP as people read them. A fixed default locale keeps server-rendered text and hydrated
 * text identical; a page that knows the reader's locale can pass it.
 */
const DEFAULT_LOCALE = "en-IE";

// Building an Intl formatter costs far more than using one, and the header formats on every render.
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

export function formatPrice(amountCents: number, currency: string, locale = DEFAULT_LOCALE): string {
  return formatter(locale, { style: "currency", currency: currency.toUpperCase() }).format(amountCents / 100);
}

export function formatSp(amount: number, locale = DEFAULT_LOCALE): string {
  return `${formatter(locale, { maximumFractionDigits: 0 }).format(amount)} SP`;
}
