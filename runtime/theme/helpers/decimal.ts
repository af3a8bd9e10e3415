// Usage: {{decimal product.price}}  → "12.50": a money object's amount in major units, `.` as separator
// (the digits of its currency: "1200" for JPY, "1.250" for KWD), for machine-read markup such as JSON-LD.
import { minorDigits } from '../../money.js';
import type { HelperDefinition } from './types.js';

/** Minor units as a decimal string with the currency's digits: (1250, 'EUR') → "12.50". */
export function decimalAmount(amount: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = amount < 0 ? '-' : '';
  const text = String(Math.abs(Math.trunc(amount))).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

export const decimalHelper: HelperDefinition = {
  name: 'decimal',
  usage: '{{decimal product.price}}',
  signature: { params: [{ name: 'money', type: 'any' }], returns: 'string' },
  create() {
    return function (...args: unknown[]) {
      const money = (args.length > 1 ? args[0] : null) as { amount?: unknown; currency?: unknown } | null;
      if (!money || typeof money.amount !== 'number' || typeof money.currency !== 'string') return '';
      try {
        return decimalAmount(money.amount, money.currency);
      } catch {
        return ''; // not an ISO 4217 code Intl knows
      }
    };
  },
};
