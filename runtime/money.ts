// Money is integer minor units plus an ISO 4217 currency; this turns it into the template shape.

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
