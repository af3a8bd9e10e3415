// Large amounts over a real server, on SQLite and MySQL (issue 14): an order past 2^31 − 1 minor
// units is placed (BIGINT money columns) and reads back as numbers, and MAX_ORDER_AMOUNT_MINOR is a
// 422 amount_too_large at cart/add, cart/update, checkout/quote and checkout/place-order, never a 5xx.
import { expect } from 'chai';
import type { Db } from '../../runtime/db.js';
import type { Site } from '../../runtime/sites/store.js';
import { computeTotals } from '../../runtime/checkout/pricing.js';
import { MAX_ORDER_AMOUNT_MINOR } from '../../runtime/money.js';
import { cartLinesForSession } from '../../runtime/cart/store.js';
import { detailsOf } from '../../runtime/orders/store.js';
import { listOrders } from '../../runtime/orders/service.js';
import { validateAgainst } from '../../runtime/schemas/validate.js';
import type { TestBrowser, TestResponse } from '../helpers/browser.js';
import type { TestServer } from '../helpers/server.js';
import { forEachEngine } from '../helpers/engines.js';
import {
  ADDRESS,
  browserWithCart,
  idempotencyKey,
  insertVariant,
  startCommerceServer,
} from '../helpers/commerce.js';

const INT_MAX = 2 ** 31 - 1;

function expectTooLarge(res: TestResponse): void {
  expect(res.status, res.text).to.equal(422);
  expect(res.json.error.code).to.equal('amount_too_large');
}

function quantities(res: TestResponse): Record<string, number> {
  expect(res.status, res.text).to.equal(200);
  return Object.fromEntries(
    (res.json.Items as Array<{ variant_id: string; quantity: number }>).map((i) => [
      i.variant_id,
      i.quantity,
    ]),
  );
}

forEachEngine('http/money limits', (engineCtx) => {
  let server: TestServer;
  let db: Db;
  let site: Site;

  before(async function () {
    this.timeout(120000);
    ({ server, db, site } = await startCommerceServer(engineCtx.url()));
  });
  after(async () => {
    await server?.close();
  });

  const cartOf = (browser: TestBrowser, token: string) => browser.postJson('/_post/cart/get', {}, token);
  const quoteOf = (browser: TestBrowser, token: string) =>
    browser.postJson('/_post/checkout/quote', { shipping_address: ADDRESS }, token);
  const placeOrder = (browser: TestBrowser, token: string, fingerprint: string) =>
    browser.postJson(
      '/_post/checkout/place-order',
      {
        idempotency_key: idempotencyKey(),
        quote_fingerprint: fingerprint,
        shipping_address: ADDRESS,
        note: '',
      },
      token,
    );

  it('places 999 × €25,000 (2,497,500,000 minor units, past INT): quote 200, place-order 201, totals read back as numbers', async () => {
    const price = 2_500_000;
    const variantId = await insertVariant(db, site.id, { price });
    const { browser, token } = await browserWithCart(server.url, [[variantId, 999]]);
    const expected = computeTotals([{ unitPrice: price, quantity: 999 }], site);
    expect(expected.subtotal).to.be.above(INT_MAX);

    const quote = await quoteOf(browser, token);
    expect(quote.status, quote.text).to.equal(200);
    expect(validateAgainst('quote', quote.json), quote.text).to.deep.equal([]);
    expect(quote.json).to.include({
      SubtotalAmount: expected.subtotal,
      ShippingFeeAmount: expected.shipping,
      TaxAmount: expected.tax,
      DiscountAmount: 0,
      GrandTotalAmount: expected.total,
    });
    expect(quote.json.Items[0]).to.include({ UnitPrice: price, LineTotal: price * 999 });

    const placed = await placeOrder(browser, token, quote.json.Fingerprint);
    expect(placed.status, placed.text).to.equal(201);

    // Read back through the app's own queries: BIGINT columns arrive as JavaScript numbers (strict
    // equality would fail on the strings mysql2 gives with bigNumberStrings).
    const order = (await listOrders(db, site.id, 500)).find((o) => o.id === placed.json.ID);
    expect(order?.total.amount).to.equal(expected.total);
    const { lines } = await detailsOf(db, site.id, [placed.json.ID]);
    expect(lines).to.have.length(1);
    expect(lines[0]).to.include({ unit_price_minor: price, quantity: 999, line_total_minor: price * 999 });
    const row = await db('orders')
      .where({ id: placed.json.ID })
      .first('subtotal_minor', 'shipping_minor', 'tax_minor', 'discount_minor', 'total_minor');
    expect(row).to.deep.equal({
      subtotal_minor: expected.subtotal,
      shipping_minor: expected.shipping,
      tax_minor: expected.tax,
      discount_minor: 0,
      total_minor: expected.total,
    });
    expect((await cartOf(browser, token)).json.Items).to.deep.equal([]); // ordering emptied the cart
  });

  it('refuses with 422 amount_too_large, changing nothing, an add or update that takes the cart past the maximum', async () => {
    const price = 800_000_000_000; // €8,000,000,000.00: one fits (with tax), two do not
    expect(computeTotals([{ unitPrice: price, quantity: 1 }], site).total).to.be.at.most(
      MAX_ORDER_AMOUNT_MINOR,
    );
    expect(computeTotals([{ unitPrice: price, quantity: 2 }], site).total).to.be.above(
      MAX_ORDER_AMOUNT_MINOR,
    );
    const big = await insertVariant(db, site.id, { price });
    const small = await insertVariant(db, site.id, { price: 50_000_000 }); // fits, but not 999 of it besides
    const { browser, token } = await browserWithCart(server.url, [[small, 1]]);

    const add = (variant_id: string, quantity: number) =>
      browser.postJson('/_post/cart/add', { variant_id, quantity }, token);
    const update = (variant_id: string, quantity: number) =>
      browser.postJson('/_post/cart/update', { variant_id, quantity }, token);

    expectTooLarge(await add(big, 999));
    expect(quantities(await cartOf(browser, token))).to.deep.equal({ [small]: 1 });

    const one = await add(big, 1);
    expect(quantities(one)).to.deep.equal({ [small]: 1, [big]: 1 });
    const line = one.json.Items.find((i: { variant_id: string }) => i.variant_id === big);
    expect(line).to.include({ UnitPrice: price, LineTotal: price }); // a BIGINT price, as a number
    const sessionId = browser.cookies.get('sf_session')!;
    const stored = (await cartLinesForSession(db, site.id, sessionId)).find((l) => l.variant_id === big);
    expect(stored?.price_minor).to.equal(price);

    expectTooLarge(await add(big, 1)); // a merge to 2
    expectTooLarge(await update(big, 999));
    expectTooLarge(await update(small, 999)); // the other line tips the whole cart over
    expectTooLarge(await add(small, 998));
    expect(quantities(await cartOf(browser, token))).to.deep.equal({ [small]: 1, [big]: 1 });

    const quote = await quoteOf(browser, token);
    expect(quote.status, quote.text).to.equal(200);
    expect(quote.json.GrandTotalAmount).to.equal(
      computeTotals(
        [
          { unitPrice: price, quantity: 1 },
          { unitPrice: 50_000_000, quantity: 1 },
        ],
        site,
      ).total,
    );
  });

  it('answers 422 amount_too_large at quote and place-order once prices rose past the maximum; lowering a quantity still works', async () => {
    const variantId = await insertVariant(db, site.id, { price: 1000 });
    const { browser, token } = await browserWithCart(server.url, [[variantId, 999]]);
    const before = await quoteOf(browser, token);
    expect(before.status, before.text).to.equal(200);

    const risen = 10_000_000_000; // €100,000,000.00 × 999 ≈ 10^13
    await db('variants').where({ id: variantId }).update({ price_minor: risen });
    expectTooLarge(await quoteOf(browser, token));
    expectTooLarge(await placeOrder(browser, token, before.json.Fingerprint));
    expect(
      await db('orders')
        .where({ session_id: browser.cookies.get('sf_session')! })
        .first('id'),
    ).to.equal(undefined);

    const update = (quantity: number) =>
      browser.postJson('/_post/cart/update', { variant_id: variantId, quantity }, token);
    expect(quantities(await update(999))).to.deep.equal({ [variantId]: 999 }); // unchanged: not a raise
    expect(quantities(await update(200))).to.deep.equal({ [variantId]: 200 }); // lower, still too large
    expectTooLarge(await quoteOf(browser, token));
    expect(quantities(await update(50))).to.deep.equal({ [variantId]: 50 });
    expectTooLarge(await update(100)); // a raise past the maximum
    const quote = await quoteOf(browser, token);
    expect(quote.status, quote.text).to.equal(200);
    expect(quote.json.GrandTotalAmount).to.equal(
      computeTotals([{ unitPrice: risen, quantity: 50 }], site).total,
    );
    const placed = await placeOrder(browser, token, quote.json.Fingerprint);
    expect(placed.status, placed.text).to.equal(201);
  });

  it('refuses a variant priced at the largest BIGINT with 422 amount_too_large, not a 5xx', async () => {
    const variantId = await insertVariant(db, site.id, { price: 1 });
    await db('variants')
      .where({ id: variantId })
      .update({ price_minor: db.raw('9223372036854775807') });
    const { browser, token } = await browserWithCart(server.url, []);
    for (const quantity of [1, 999])
      expectTooLarge(await browser.postJson('/_post/cart/add', { variant_id: variantId, quantity }, token));
    expect(quantities(await cartOf(browser, token))).to.deep.equal({});
  });
});
