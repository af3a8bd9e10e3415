// Money is integer minor units plus an ISO 4217 currency; this turns it into the template shape.

/** The template object for an amount: {amount, currency, formatted}. */
export interface Money {
  amount: number;
  currency: string;
  formatted: string;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string): Intl.NumberFormat {
  let f = formatters.get(currency);
  if (!f) {
    f = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
    formatters.set(currency, f);
  }
  return f;
}

/** Minor-unit digits of a currency (2 for EUR, 0 for JPY). */
export function minorDigits(currency: string): number {
  return formatter(currency).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Builds the money object for an amount in minor units. */
export function money(amount: number, currency: string): Money {
  return { amount, currency, formatted: formatter(currency).format(amount / 10 ** minorDigits(currency)) };
}
