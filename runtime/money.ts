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

interface CurrencyFormat {
  formatter: Intl.NumberFormat;
  /** 10 ** minor-unit digits: 100 for EUR, 1 for JPY. */
  divisor: number;
}

// resolvedOptions() builds a fresh object on every call and showed up at ~8% of a catalog render's
// CPU, so each currency's formatter and digits are worked out once.
const formats = new Map<string, CurrencyFormat>();

function formatOf(currency: string): CurrencyFormat {
  let f = formats.get(currency);
  if (!f) {
    const formatter = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
    const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
    f = { formatter, divisor: 10 ** digits };
    formats.set(currency, f);
  }
  return f;
}

/** Builds the money object for an amount in minor units. */
export function money(amount: number, currency: string): Money {
  const f = formatOf(currency);
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
  return Math.log10(formatOf(currency).divisor);
}
