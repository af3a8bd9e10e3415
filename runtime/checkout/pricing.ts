// The one place totals are computed: quotes, placed orders and seeded demo orders all use it; and
// the one check that an order stays within MAX_ORDER_AMOUNT_MINOR, used by the cart and checkout.
import type { Site } from '../sites/store.js';
import { HttpError } from '../errors.js';
import { MAX_ORDER_AMOUNT_MINOR } from '../money.js';

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

/**
 * True when every amount of the totals is a safe whole number of at most MAX_ORDER_AMOUNT_MINOR.
 * Prices come from BIGINT columns, so unit price × quantity can pass 2^53 and lose precision (never
 * overflow: it is a float); such a total is far above the maximum and refused all the same.
 */
export function withinOrderLimit(totals: Totals): boolean {
  return [totals.subtotal, totals.shipping, totals.tax, totals.discount, totals.total].every(
    (amount) => Number.isSafeInteger(amount) && amount <= MAX_ORDER_AMOUNT_MINOR,
  );
}

/** Throws 422 amount_too_large when the totals pass MAX_ORDER_AMOUNT_MINOR (see withinOrderLimit). */
export function assertWithinOrderLimit(totals: Totals): void {
  if (!withinOrderLimit(totals)) throw new HttpError('amount_too_large');
}
