import { expect } from 'chai';
import { lintFiles, lintPage, spans, where } from '../helpers.js';

describe('check-theme rule client-side-price', () => {
  it('reports price fields in cart/checkout forms', () => {
    const src =
      '<form method="post" action="/_post/cart/add">\n<input name="variant_id">\n<input type="hidden" name="unit_price" value="10">\n<input name="items[0][total]">\n</form>';
    expect(where(lintPage('client-side-price', src))).to.deep.equal([
      'pages/index.hbs:3',
      'pages/index.hbs:4',
    ]);
  });

  it('reports price keys in script payloads to cart/checkout (inline and by variable)', () => {
    const js = [
      "fetch('/_post/cart/add', { method: 'POST', body: JSON.stringify({ variant_id: id, quantity: 1, price: p }) });",
      'const payload = { quote_fingerprint: f, grand_total: t };',
      "fetch('/_post/checkout/place-order', { method: 'POST', body: JSON.stringify(payload) });",
    ].join('\n');
    expect(where(lintFiles('client-side-price', { 'assets/js/a.js': js }))).to.deep.equal([
      'assets/js/a.js:1',
      'assets/js/a.js:2',
    ]);
    expect(where(lintPage('client-side-price', `<script>\n${js}\n</script>`))).to.deep.equal([
      'pages/index.hbs:2',
      'pages/index.hbs:3',
    ]);
  });

  it('accepts variant_id and quantity only, and prices shown on the page', () => {
    const src =
      '<p>{{cart.total_price}}</p><form method="post" action="/_post/cart/add"><input name="variant_id"><input name="quantity"></form>\n<form action="/search"><input name="price"></form>';
    expect(lintPage('client-side-price', src)).to.deep.equal([]);
    expect(
      lintFiles('client-side-price', {
        'assets/js/a.js':
          "post('/_post/cart/add', { variant_id: id, quantity: q });\nconst price = el.dataset.price;\n",
      }),
    ).to.deep.equal([]);
  });

  it('follows shorthand, quoted and spread keys, and reports the key itself', () => {
    const js = [
      "post('/_post/cart/add', { variant_id, price });",
      "post('/_post/cart/add', { 'unitPrice': 1 });",
      "const extra = { total: 3 }; post('/_post/checkout/quote', { ...extra });",
    ].join('\n');
    const findings = lintFiles('client-side-price', { 'assets/js/a.js': js });
    expect(findings.map((f) => f.message.split(':')[0])).to.deep.equal([
      'script sends "price" to /_post/cart/add',
      'script sends "unitPrice" to /_post/cart/add',
      'script sends "total" to /_post/checkout/quote',
    ]);
    expect(spans(findings)).to.deep.equal(['1:39-1:44', '2:27-2:38', '3:17-3:22']);
  });

  it('ignores keys the call does not send: members of a variable, callbacks, other endpoints', () => {
    const js = [
      "const state = { price: 1, id: 2 }; post('/_post/cart/add', { id: state.id });",
      "post('/_post/cart/add', { id }).then(() => ({ total: 1 }));",
      "post('/_post/profile/update', { amount: 1 });",
    ].join('\n');
    expect(lintFiles('client-side-price', { 'assets/js/a.js': js })).to.deep.equal([]);
  });
});
