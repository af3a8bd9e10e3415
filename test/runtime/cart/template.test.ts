import { expect } from 'chai';
import { cartObject } from '../../../runtime/cart/template.js';
import type { CartLineRow } from '../../../runtime/cart/store.js';

const line = (over: Partial<CartLineRow> = {}): CartLineRow => ({
  variant_id: 'v1',
  quantity: 2,
  sku: 'TEA-1',
  variant_name: '100 g',
  price_minor: 1250,
  currency: 'EUR',
  available: true,
  stock: null,
  product_slug: 'tea',
  product_name: 'Tea',
  ...over,
});

describe('runtime/cart/template', () => {
  it('formats unit prices, line totals and the total for the site’s locale', () => {
    const plain = (s: string | undefined) => s?.replace(/[\u00a0\u202f]/g, ' ');
    const fr = cartObject([line()], 'fr');
    expect(plain(fr.items[0].unit_price?.formatted)).to.equal('12,50 €');
    expect(plain(fr.items[0].line_total?.formatted)).to.equal('25,00 €');
    expect(plain(fr.total_price?.formatted)).to.equal('25,00 €');
    const en = cartObject([line()], 'en');
    expect(en.total_price).to.deep.equal({ amount: 2500, currency: 'EUR', formatted: '€25.00' });
  });
});
