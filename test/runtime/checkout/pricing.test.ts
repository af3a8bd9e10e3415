// Totals and the maximum order amount without a database: the boundary, the worst cart the caps
// allow (100 lines × 999 at the largest price a BIGINT column holds), and odd amounts.
import { expect } from 'chai';
import { HttpError } from '../../../runtime/errors.js';
import { MAX_ORDER_AMOUNT_MINOR } from '../../../runtime/money.js';
import {
  assertWithinOrderLimit,
  computeTotals,
  withinOrderLimit,
  type PricingRules,
  type Totals,
} from '../../../runtime/checkout/pricing.js';

const NO_FEES: PricingRules = { shippingFeeMinor: 0, freeShippingMinMinor: null, taxRateBp: 0 };
const DEFAULT_RULES: PricingRules = { shippingFeeMinor: 495, freeShippingMinMinor: 5000, taxRateBp: 2000 };
/** The largest value of a signed 64-bit column, as a JavaScript number reads it (rounded up to 2^63). */
const BIGINT_MAX_READ = Number('9223372036854775807');

function code(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (err) {
    expect(err).to.be.instanceOf(HttpError);
    return (err as HttpError).code;
  }
}

function totals(overrides: Partial<Totals>): Totals {
  return { subtotal: 0, shipping: 0, tax: 0, discount: 0, total: 0, ...overrides };
}

describe('runtime/checkout/pricing', () => {
  it('accepts an order of exactly the maximum and refuses one minor unit more', () => {
    const at = computeTotals([{ unitPrice: MAX_ORDER_AMOUNT_MINOR, quantity: 1 }], NO_FEES);
    expect(at.total).to.equal(MAX_ORDER_AMOUNT_MINOR);
    expect(withinOrderLimit(at)).to.equal(true);
    expect(code(() => assertWithinOrderLimit(at))).to.equal(null);
    const over = computeTotals([{ unitPrice: MAX_ORDER_AMOUNT_MINOR + 1, quantity: 1 }], NO_FEES);
    expect(withinOrderLimit(over)).to.equal(false);
    expect(code(() => assertWithinOrderLimit(over))).to.equal('amount_too_large');
  });

  it('counts shipping and tax: goods just under the maximum are refused once tax is added', () => {
    const goods = MAX_ORDER_AMOUNT_MINOR - 1000;
    expect(withinOrderLimit(computeTotals([{ unitPrice: goods, quantity: 1 }], NO_FEES))).to.equal(true);
    const taxed = computeTotals([{ unitPrice: goods, quantity: 1 }], DEFAULT_RULES);
    expect(taxed.total).to.be.above(MAX_ORDER_AMOUNT_MINOR);
    expect(code(() => assertWithinOrderLimit(taxed))).to.equal('amount_too_large');
  });

  it('prices €25,000 × 999 exactly, past 2^31 − 1 and within the maximum', () => {
    const t = computeTotals([{ unitPrice: 2_500_000, quantity: 999 }], DEFAULT_RULES);
    expect(t).to.deep.equal({
      subtotal: 2_497_500_000,
      shipping: 0,
      tax: 499_500_000,
      discount: 0,
      total: 2_997_000_000,
    });
    expect(t.total).to.be.above(2 ** 31 - 1);
    expect(withinOrderLimit(t)).to.equal(true);
  });

  it('never overflows: 100 lines × 999 at the largest BIGINT price give finite totals, refused with 422', () => {
    const lines = Array.from({ length: 100 }, () => ({ unitPrice: BIGINT_MAX_READ, quantity: 999 }));
    for (const rules of [NO_FEES, DEFAULT_RULES, { ...DEFAULT_RULES, taxRateBp: 1_000_000 }]) {
      const t = computeTotals(lines, rules);
      for (const amount of Object.values(t)) expect(Number.isFinite(amount), String(amount)).to.equal(true);
      expect(code(() => assertWithinOrderLimit(t))).to.equal('amount_too_large');
    }
  });

  it('refuses amounts that are not whole safe numbers (NaN, fractions, beyond 2^53) on any field', () => {
    for (const field of ['subtotal', 'shipping', 'tax', 'discount', 'total'] as const) {
      for (const bad of [Number.NaN, Infinity, 1.5, 2 ** 53, MAX_ORDER_AMOUNT_MINOR + 1])
        expect(withinOrderLimit(totals({ [field]: bad })), `${field} = ${bad}`).to.equal(false);
    }
    expect(withinOrderLimit(totals({}))).to.equal(true);
  });
});
