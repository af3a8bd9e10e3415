// The one place totals are computed: quotes, placed orders and seeded demo orders all use it.
import type { Site } from '../sites/store.js';

/** Per-site fee and tax rules. */
export type PricingRules = Pick<Site, 'shippingFeeMinor' | 'freeShippingMinMinor' | 'taxRateBp'>;

/** Totals in integer minor units. */
export interface Totals {
  subtotal: number;
  shipping: number;
  tax: number;
  discount: number;
  total: number;
}

/**
 * Totals for lines of unit price × quantity: shipping is the flat fee unless the subtotal reaches the
 * free-shipping threshold; tax is added on goods plus shipping, rounded half up; no discounts exist yet.
 */
export function computeTotals(
  lines: Array<{ unitPrice: number; quantity: number }>,
  rules: PricingRules,
): Totals {
  const subtotal = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const discount = 0;
  const free = rules.freeShippingMinMinor !== null && subtotal - discount >= rules.freeShippingMinMinor;
  const shipping = subtotal === 0 || free ? 0 : rules.shippingFeeMinor;
  const tax = Math.round(((subtotal - discount + shipping) * rules.taxRateBp) / 10000);
  return { subtotal, shipping, tax, discount, total: subtotal - discount + shipping + tax };
}
