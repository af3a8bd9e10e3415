// Stock over a real server, on SQLite and MySQL: 50 concurrent buyers of the last 5 units (each with
// its own session, cart and key) get exactly 5 orders and 45 × 409 out_of_stock, never a 5xx, and
// the stock ends at 0; a multi-line order short on one line takes nothing; a replay of a placed
// order takes no stock again; the quote marks short lines; a variant with stock 0 is 422 on
// cart/add and shown unavailable on its page, while a line already in a cart stays removable.
import { expect } from 'chai';
import type { Db } from '../../runtime/db.js';
import type { Site } from '../../runtime/sites/store.js';
import { validateAgainst } from '../../runtime/schemas/validate.js';
import { TestBrowser, type TestResponse } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { forEachEngine } from '../helpers/engines.js';
import {
  ADDRESS,
  browserWithCart,
  idempotencyKey,
  insertVariant,
  startCommerceServer,
  summarizeAnswers,
} from '../helpers/commerce.js';

const BUYERS = 50;
const UNITS = 5;

forEachEngine('http/inventory', (engineCtx) => {
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

  const stockOf = async (variantId: string) =>
    ((await db('variants').where({ id: variantId }).first('stock')) as { stock: number | null }).stock;
  const setStock = (variantId: string, stock: number | null) =>
    db('variants').where({ id: variantId }).update({ stock });

  /** A browser with these lines in its cart and their quote, ready to place an order. */
  async function readyToOrder(lines: Array<[string, number]>) {
    const ready = await browserWithCart(server.url, lines);
    const q = await ready.browser.postJson(
      '/_post/checkout/quote',
      { shipping_address: ADDRESS },
      ready.token,
    );
    expect(q.status, q.text).to.equal(200);
    const body = {
      idempotency_key: idempotencyKey(),
      quote_fingerprint: q.json.Fingerprint as string,
      shipping_address: ADDRESS,
      note: '',
    };
    return { ...ready, quote: q, body };
  }

  const place = (b: { browser: TestBrowser; token: string; body: Record<string, unknown> }) =>
    b.browser.postJson('/_post/checkout/place-order', b.body, b.token);

  it(`${BUYERS} concurrent buyers of the last ${UNITS} units: exactly ${UNITS} orders, the rest 409 out_of_stock`, async function () {
    this.timeout(120000);
    const variant = await insertVariant(db, site.id, { price: 1500 });
    await setStock(variant, UNITS);
    const buyers = [];
    for (let i = 0; i < BUYERS; i++) buyers.push(await readyToOrder([[variant, 1]]));
    const results = await Promise.all(buyers.map(place));
    process.stdout.write(`      answers: ${summarizeAnswers(results)}\n`);
    expect(results.filter((r) => r.status >= 500).map((r) => r.text)).to.deep.equal([]);
    const placed = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 409);
    expect(placed).to.have.length(UNITS);
    expect(refused).to.have.length(BUYERS - UNITS);
    for (const r of refused) {
      expect(r.json.error.code, r.text).to.equal('out_of_stock');
      expect(r.json.error.lines, r.text).to.deep.equal([
        {
          variant_id: variant,
          sku: r.json.error.lines[0].sku,
          ProductName: r.json.error.lines[0].ProductName,
          VariantName: 'Only',
          quantity: 1,
          stock: 0,
        },
      ]);
      expect(r.json.error.message).to.include('sold out');
    }
    expect(await stockOf(variant)).to.equal(0);
    const lines = (await db('order_lines').where({ variant_id: variant }).select('order_id')) as Array<{
      order_id: string;
    }>;
    expect(lines.map((l) => l.order_id).sort()).to.deep.equal(placed.map((r) => r.json.ID as string).sort());
    // The refused buyers keep their carts (nothing was ordered): the line is now unavailable.
    const loser = buyers[results.indexOf(refused[0])];
    const cart = await loser.browser.postJson('/_post/cart/get', {}, loser.token);
    expect(cart.json.Items[0]).to.include({ variant_id: variant, Available: false });
  });

  it('a replay of a placed order returns it and takes no stock again', async () => {
    const variant = await insertVariant(db, site.id);
    await setStock(variant, 3);
    const buyer = await readyToOrder([[variant, 2]]);
    const first = await place(buyer);
    expect(first.status, first.text).to.equal(201);
    expect(await stockOf(variant)).to.equal(1);
    const again: TestResponse[] = [];
    for (let i = 0; i < 3; i++) again.push(await place(buyer));
    for (const r of again) {
      expect(r.status, r.text).to.equal(201);
      expect(r.json.ID).to.equal(first.json.ID);
      expect(r.headers.get('idempotent-replayed')).to.equal('true');
    }
    expect(await stockOf(variant)).to.equal(1);
  });

  it('an order short on one line takes nothing from the others; the quote marks the short line', async () => {
    const plenty = await insertVariant(db, site.id);
    const scarce = await insertVariant(db, site.id);
    const untracked = await insertVariant(db, site.id);
    await setStock(plenty, 10);
    await setStock(scarce, 5);
    const buyer = await readyToOrder([
      [plenty, 3],
      [scarce, 4],
      [untracked, 7],
    ]);
    expect(buyer.quote.json.Items.some((i: { StockShort?: boolean }) => i.StockShort)).to.equal(false);
    await setStock(scarce, 2); // sold elsewhere since the quote
    const q = await buyer.browser.postJson(
      '/_post/checkout/quote',
      { shipping_address: ADDRESS },
      buyer.token,
    );
    expect(q.status, q.text).to.equal(200);
    expect(validateAgainst('quote', q.json), q.text).to.deep.equal([]);
    expect(q.json.Fingerprint, 'stock is no part of the fingerprint').to.equal(buyer.body.quote_fingerprint);
    const short = q.json.Items.filter((i: { StockShort?: boolean }) => i.StockShort);
    expect(short).to.have.length(1);
    expect(short[0]).to.include({ variant_id: scarce, StockShort: true, StockLeft: 2 });

    const res = await place(buyer);
    expect(res.status, res.text).to.equal(409);
    expect(res.json.error.code).to.equal('out_of_stock');
    expect(
      res.json.error.lines.map((l: { variant_id: string; stock: number }) => [l.variant_id, l.stock]),
    ).to.deep.equal([[scarce, 2]]);
    expect(await stockOf(plenty)).to.equal(10);
    expect(await stockOf(scarce)).to.equal(2);
    expect(await stockOf(untracked)).to.equal(null);
    const orders = await db('orders').where({ session_id: buyer.browser.cookies.get('sf_session')! });
    expect(orders).to.have.length(0);

    // After restocking, the same cart orders (a new key: the client dropped the refused one) and
    // takes each tracked line's units; the untracked line stays untracked.
    await setStock(scarce, 4);
    const ok = await place({ ...buyer, body: { ...buyer.body, idempotency_key: idempotencyKey() } });
    expect(ok.status, ok.text).to.equal(201);
    expect([await stockOf(plenty), await stockOf(scarce), await stockOf(untracked)]).to.deep.equal([
      7,
      0,
      null,
    ]);
  });

  it('stock 0: cart/add is 422 variant_unavailable, the page shows it unavailable, a cart line stays removable', async function () {
    this.timeout(30000);
    const variant = await insertVariant(db, site.id);
    await setStock(variant, 1);
    const { browser, token } = await browserWithCart(server.url, [[variant, 1]]);
    await setStock(variant, 0);
    const add = await browser.postJson('/_post/cart/add', { variant_id: variant, quantity: 1 }, token);
    expect(add.status, add.text).to.equal(422);
    expect(add.json.error.code).to.equal('variant_unavailable');
    const q = await browser.postJson('/_post/checkout/quote', { shipping_address: ADDRESS }, token);
    expect(q.status, q.text).to.equal(422);
    expect(q.json.error.code).to.equal('cart_unavailable_lines');
    const cart = await browser.postJson('/_post/cart/get', {}, token);
    expect(cart.json.Items).to.have.length(1);
    expect(cart.json.Items[0]).to.include({ variant_id: variant, Available: false });
    const removed = await browser.postJson('/_post/cart/remove', { variant_id: variant }, token);
    expect(removed.status, removed.text).to.equal(200);
    expect(removed.json.Items).to.deep.equal([]);

    // The starter theme's product page, without the catalog cache.
    const slug = (
      (await db('products as p')
        .join('variants as v', 'v.product_id', 'p.id')
        .where({ 'v.id': variant })
        .first('p.slug')) as { slug: string }
    ).slug;
    const pages = await startTestServer(engineCtx.url(), { catalogCacheMs: 0 });
    try {
      const soldOut = await new TestBrowser(pages.url).get(`/products/${slug}`);
      expect(soldOut.status).to.equal(200);
      expect(soldOut.text).to.include('This product is sold out at the moment.');
      await setStock(variant, 2);
      const back = await new TestBrowser(pages.url).get(`/products/${slug}`);
      expect(back.text).to.not.include('This product is sold out at the moment.');
      await setStock(variant, null);
      const untracked = await new TestBrowser(pages.url).get(`/products/${slug}`);
      expect(untracked.text).to.not.include('This product is sold out at the moment.');
    } finally {
      await pages.close();
    }
  });
});
