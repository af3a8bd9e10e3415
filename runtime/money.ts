// Money is integer minor units plus an ISO 4217 currency; this turns it into the template shape.

/**
 * The largest amount one order may reach, in minor units (10^12: €10,000,000,000.00, ¥1,000,000,000,000).
 * Every amount of an accepted order (unit prices, line totals, subtotal, shipping, tax, grand total)
 * is at most this, so it is exact in a JavaScript number (2^53 ≈ 9·10^15) and fits the BIGINT money
 * columns (2^63 ≈ 9·10^18) with room to spare. Carts and checkout refuse more with 422
 * amount_too_large, so nothing reaches the database to fail there as a 5xx.
 */
export const MAX_ORDER_AMOUNT_MINOR = 1_000_000_000_000;

/** The template object for an amount: {amount, currency, formatted}. */
export interface Money {
  amount: number;
  currency: string;
  formatted: string;
}

/** The locale money is formatted in when the caller names none (a site's default locale). */
export const DEFAULT_MONEY_LOCALE = 'en';

interface CurrencyFormat {
  formatter: Intl.NumberFormat;
  /** 10 ** minor-unit digits: 100 for EUR, 1 for JPY. */
  divisor: number;
}

// Building an Intl.NumberFormat costs ~50 µs and resolvedOptions() builds a fresh object on every
// call (it showed up at ~8% of a catalog render's CPU), so each (locale, currency) pair is worked out
// once. Locales come from the sites table (a handful), currencies from ISO 4217: the map stays small.
const formats = new Map<string, CurrencyFormat>();

function formatOf(currency: string, locale: string): CurrencyFormat {
  const key = `${locale}|${currency}`;
  let f = formats.get(key);
  if (!f) {
    const formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
    f = { formatter, divisor: 10 ** digits };
    formats.set(key, f);
  }
  return f;
}

/** Builds the money object for an amount in minor units, formatted for a locale (`fr`: "12,50 €"). */
export function money(amount: number, currency: string, locale: string = DEFAULT_MONEY_LOCALE): Money {
  const f = formatOf(currency, locale);
  return { amount, currency, formatted: f.formatter.format(amount / f.divisor) };
}

let knownCurrencies: Set<string> | null = null;

/** True for an ISO 4217 code this runtime can format (Intl's list), e.g. EUR, JPY. */
export function isKnownCurrency(currency: string): boolean {
  knownCurrencies ??= new Set(Intl.supportedValuesOf('currency'));
  return knownCurrencies.has(currency);
}

/** Digits of the currency's minor unit: 2 for EUR, 0 for JPY, 3 for KWD. */
export function minorDigits(currency: string): number {
  return Math.log10(formatOf(currency, DEFAULT_MONEY_LOCALE).divisor);
}
