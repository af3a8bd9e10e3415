// Cart rules without HTTP: quantity parsing (JSON vs form), variant ids, and the response body.
import { expect } from 'chai';
import { HttpError } from '../../../runtime/errors.js';
import { cartResponse, parseQuantity, parseVariantId } from '../../../runtime/cart/service.js';
import type { CartLineRow } from '../../../runtime/cart/store.js';

function code(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (err) {
    expect(err).to.be.instanceOf(HttpError);
    return (err as HttpError).code;
  }
}

function line(overrides: Partial<CartLineRow>): CartLineRow {
  return {
    variant_id: '11111111-1111-4111-8111-111111111111',
    quantity: 2,
    sku: 'SKU',
    variant_name: 'Small',
    price_minor: 1000,
    currency: 'EUR',
    available: 1,
    stock: null,
    product_slug: 'thing',
    product_name: 'Thing',
    ...overrides,
  };
}

describe('runtime/cart/service', () => {
  describe('parseQuantity', () => {
    const json = { form: false };
    const form = { form: true };

    it('accepts JSON integers 1–999 only', () => {
      expect(parseQuantity(1, json)).to.equal(1);
      expect(parseQuantity(999, json)).to.equal(999);
      for (const bad of [0, 1000, -1, 2.5, '3', null, true, [], {}, Number.NaN, Infinity])
        expect(
          code(() => parseQuantity(bad, json)),
          String(bad),
        ).to.equal('quantity_invalid');
    });

    it('accepts decimal text from forms', () => {
      expect(parseQuantity('3', form)).to.equal(3);
      expect(parseQuantity(' 12 ', form)).to.equal(12);
      for (const bad of ['0', '1000', '-1', '2.5', '1e2', 'abc', '0x10', ['1', '2']])
        expect(
          code(() => parseQuantity(bad, form)),
          String(bad),
        ).to.equal('quantity_invalid');
    });

    it('lets 0 through only where allowed, and applies the default for a missing value', () => {
      expect(parseQuantity('0', form, { allowZero: true })).to.equal(0);
      expect(parseQuantity(undefined, json, { missing: 1 })).to.equal(1);
      expect(parseQuantity('', form, { missing: 1 })).to.equal(1);
      expect(code(() => parseQuantity(undefined, json))).to.equal('quantity_invalid');
      expect(code(() => parseQuantity(null, json, { missing: 1 }))).to.equal('quantity_invalid');
    });
  });

  it('parseVariantId accepts canonical UUIDs (any case) and 404s everything else', () => {
    expect(parseVariantId(' 11111111-1111-4111-8111-11111111111A ')).to.equal(
      '11111111-1111-4111-8111-11111111111a',
    );
    for (const bad of [undefined, null, 7, '', 'nope', '11111111111141118111111111111111', "1' OR 1=1"])
      expect(code(() => parseVariantId(bad))).to.equal('variant_not_found');
  });

  describe('cartResponse', () => {
    it('is empty with Subtotal 0 and the site currency for no lines', () => {
      expect(cartResponse([], 'EUR')).to.deep.equal({
        Items: [],
        Subtotal: 0,
        Currency: 'EUR',
        ItemCount: 0,
      });
    });

    it('counts available lines only in Subtotal and ItemCount', () => {
      const body = cartResponse(
        [
          line({}),
          line({
            variant_id: '22222222-2222-4222-8222-222222222222',
            quantity: 3,
            price_minor: 250,
            available: 0,
          }),
        ],
        'EUR',
      );
      expect(body.Subtotal).to.equal(2000);
      expect(body.ItemCount).to.equal(2);
      expect(body.Currency).to.equal('EUR');
      expect(body.Items[1]).to.deep.equal({
        variant_id: '22222222-2222-4222-8222-222222222222',
        quantity: 3,
        Available: false,
        ProductName: 'Thing',
        VariantName: 'Small',
        Slug: 'thing',
        UnitPrice: 250,
        LineTotal: 750,
      });
    });

    it('has a null Subtotal and Currency when lines mix currencies', () => {
      const body = cartResponse(
        [line({}), line({ variant_id: '22222222-2222-4222-8222-222222222222', currency: 'USD' })],
        'EUR',
      );
      expect(body.Subtotal).to.equal(null);
      expect(body.Currency).to.equal(null);
    });
  });
});
