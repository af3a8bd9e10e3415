// Checkout over a real server, on SQLite and MySQL: the quote (address validation, totals from the
// per-site rules, fingerprint), and place-order with idempotency keys — replay, reuse with another
// payload, malformed keys, stale quotes, price tampering, 20 concurrent duplicates, expired and
// abandoned records, and the order's binding to the account or the guest session.
import { expect } from 'chai';
import type { Db } from '../../runtime/db.js';
import type { Site } from '../../runtime/sites/store.js';
import { validateAgainst } from '../../runtime/schemas/validate.js';
import { computeTotals } from '../../runtime/checkout/pricing.js';
import { canonicalJson, sha256Hex } from '../../runtime/checkout/fingerprint.js';
import { dbNow, toDbTime } from '../../runtime/time.js';
import { newId } from '../../runtime/ids.js';
import { TestBrowser, type TestResponse } from '../helpers/browser.js';
import type { TestServer } from '../helpers/server.js';
import { forEachEngine } from '../helpers/engines.js';
import {
  ADDRESS,
  browserWithCart,
  idempotencyKey,
  insertVariant,
  makeAccount,
  signIn,
  startCommerceServer,
  type VariantRow,
} from '../helpers/commerce.js';

const NORMALIZED_ADDRESS = { ...ADDRESS, line2: '', region: '', phone: '' };

forEachEngine('http/checkout', (engineCtx) => {
  let server: TestServer;
  let db: Db;
  let site: Site;
  let v: VariantRow[];

  before(async function () {
    this.timeout(120000);
    ({ server, db, site, variants: v } = await startCommerceServer(engineCtx.url(), { variants: 3 }));
  });
  after(async () => {
    await server?.close();
  });

  async function quote(
    browser: TestBrowser,
    token: string,
    address: unknown = ADDRESS,
  ): Promise<TestResponse> {
    return browser.postJson('/_post/checkout/quote', { shipping_address: address }, token);
  }

  async function place(
    browser: TestBrowser,
    token: string,
    body: Record<string, unknown>,
  ): Promise<TestResponse> {
    return browser.postJson(
      '/_post/checkout/place-order',
      { shipping_address: ADDRESS, note: '', ...body },
      token,
    );
  }

  /** A browser with a cart and its quote, ready to place an order. */
  async function readyToOrder(lines: Array<[string, number]> = [[v[0].id, 2]], browser?: TestBrowser) {
    const ready = await browserWithCart(server.url, lines, browser);
    const q = await quote(ready.browser, ready.token);
    expect(q.status, q.text).to.equal(200);
    return { ...ready, quote: q.json as { Fingerprint: string; GrandTotalAmount: number } };
  }

  async function ordersOfSession(browser: TestBrowser): Promise<Array<Record<string, unknown>>> {
    return db('orders')
      .where({ site_id: site.id, session_id: browser.cookies.get('sf_session')! })
      .select();
  }

  describe('checkout/quote', () => {
    it('prices the cart with the site rules: lines, shipping, tax, total, currency and a fingerprint', async () => {
      const { browser, token } = await browserWithCart(server.url, [
        [v[0].id, 2],
        [v[1].id, 1],
      ]);
      const res = await quote(browser, token);
      expect(res.status, res.text).to.equal(200);
      expect(validateAgainst('quote', res.json), res.text).to.deep.equal([]);
      expect(res.headers.get('cache-control')).to.include('no-store');
      const totals = computeTotals(
        [
          { unitPrice: v[0].price_minor, quantity: 2 },
          { unitPrice: v[1].price_minor, quantity: 1 },
        ],
        site,
      );
      expect(res.json).to.include({
        Currency: 'EUR',
        SubtotalAmount: totals.subtotal,
        ShippingFeeAmount: totals.shipping,
        TaxAmount: totals.tax,
        DiscountAmount: 0,
        GrandTotalAmount: totals.total,
      });
      expect(res.json.Items).to.deep.equal([
        {
          variant_id: v[0].id,
          quantity: 2,
          ProductName: res.json.Items[0].ProductName,
          VariantName: res.json.Items[0].VariantName,
          UnitPrice: v[0].price_minor,
          LineTotal: v[0].price_minor * 2,
        },
        {
          variant_id: v[1].id,
          quantity: 1,
          ProductName: res.json.Items[1].ProductName,
          VariantName: res.json.Items[1].VariantName,
          UnitPrice: v[1].price_minor,
          LineTotal: v[1].price_minor,
        },
      ]);
      // The same cart and address give the same fingerprint; another address another one.
      expect(
        (await quote(browser, token, { ...ADDRESS, name: ' Ada Lovelace ', country: 'gb' })).json.Fingerprint,
      ).to.equal(res.json.Fingerprint);
      expect((await quote(browser, token, { ...ADDRESS, line2: 'Flat 2' })).json.Fingerprint).not.to.equal(
        res.json.Fingerprint,
      );
    });

    it('applies the default rules: 4.95 shipping below 50.00, free from 50.00, 20% tax on goods and shipping', async () => {
      const cheap = await insertVariant(db, site.id, { price: 1000 });
      const small = await browserWithCart(server.url, [[cheap, 1]]);
      expect((await quote(small.browser, small.token)).json).to.include({
        SubtotalAmount: 1000,
        ShippingFeeAmount: 495,
        TaxAmount: 299,
        GrandTotalAmount: 1794,
      });
      const big = await browserWithCart(server.url, [[cheap, 5]]);
      expect((await quote(big.browser, big.token)).json).to.include({
        SubtotalAmount: 5000,
        ShippingFeeAmount: 0,
        TaxAmount: 1000,
        GrandTotalAmount: 6000,
      });
    });

    it('names each bad address field in a 422', async () => {
      const { browser, token } = await browserWithCart(server.url, [[v[0].id, 1]]);
      const res = await quote(browser, token, {
        name: '',
        line1: 'x',
        city: 'y',
        postal_code: '!!',
        country: 'XX',
        phone: 'call me',
      });
      expect(res.status).to.equal(422);
      expect(res.json.error.code).to.equal('validation_failed');
      expect(res.json.error.fields).to.have.all.keys('name', 'postal_code', 'country', 'phone');
      const missing = await browser.postJson('/_post/checkout/quote', {}, token);
      expect(missing.status).to.equal(422);
      expect(missing.json.error.fields).to.have.all.keys('shipping_address');
    });

    it('answers 422 cart_empty without a cart, and creates no session', async () => {
      const browser = new TestBrowser(server.url);
      const token = await browser.csrfToken('/');
      const res = await quote(browser, token);
      expect(res.status).to.equal(422);
      expect(res.json.error.code).to.equal('cart_empty');
      expect(browser.cookies.has('sf_session')).to.equal(false);
      const emptied = await browserWithCart(server.url, [[v[0].id, 1]]);
      await emptied.browser.postJson('/_post/cart/remove', { variant_id: v[0].id }, emptied.token);
      expect((await quote(emptied.browser, emptied.token)).json.error.code).to.equal('cart_empty');
    });

    it('answers 422 cart_unavailable_lines while an unavailable line is in the cart', async () => {
      const soon = await insertVariant(db, site.id);
      const { browser, token } = await browserWithCart(server.url, [
        [v[0].id, 1],
        [soon, 1],
      ]);
      await db('variants').where({ id: soon }).update({ available: false });
      const res = await quote(browser, token);
      expect(res.status).to.equal(422);
      expect(res.json.error.code).to.equal('cart_unavailable_lines');
      await browser.postJson('/_post/cart/remove', { variant_id: soon }, token);
      expect((await quote(browser, token)).status).to.equal(200);
    });
  });

  describe('checkout/place-order', () => {
    it('creates the order from the database, empties the cart, binds it to the guest session, answers 201 {ID, Number}', async () => {
      const {
        browser,
        token,
        quote: q,
      } = await readyToOrder([
        [v[0].id, 2],
        [v[1].id, 1],
      ]);
      const res = await place(browser, token, {
        idempotency_key: idempotencyKey(),
        quote_fingerprint: q.Fingerprint,
        note: ' Leave at the door ',
      });
      expect(res.status, res.text).to.equal(201);
      expect(Object.keys(res.json).sort()).to.deep.equal(['ID', 'Number']);
      expect(res.json.ID).to.match(/^[0-9a-f-]{36}$/);
      expect(res.json.Number).to.match(/^SF-[2-9A-HJ-NP-Z]{8}$/);
      const order = await db('orders').where({ id: res.json.ID }).first();
      expect(order).to.include({
        site_id: site.id,
        account_id: null,
        session_id: browser.cookies.get('sf_session'),
        number: res.json.Number,
        note: 'Leave at the door',
        currency: 'EUR',
        total_minor: q.GrandTotalAmount,
      });
      expect(JSON.parse(order.shipping_address)).to.deep.equal(NORMALIZED_ADDRESS);
      const lines = await db('order_lines').where({ order_id: res.json.ID }).orderBy('position');
      expect(lines.map((l) => [l.variant_id, l.quantity, l.unit_price_minor])).to.deep.equal([
        [v[0].id, 2, v[0].price_minor],
        [v[1].id, 1, v[1].price_minor],
      ]);
      const cart = await browser.postJson('/_post/cart/get', {}, token);
      expect(cart.json.Items).to.deep.equal([]);
    });

    it('replays the stored answer for the same key and payload (same ID), and rejects the key with another payload', async () => {
      const { browser, token, quote: q } = await readyToOrder();
      const key = idempotencyKey();
      const body = { idempotency_key: key, quote_fingerprint: q.Fingerprint, note: 'first' };
      const first = await place(browser, token, body);
      expect(first.status).to.equal(201);
      const again = await place(browser, token, body);
      expect(again.status).to.equal(201);
      expect(again.json).to.deep.equal(first.json);
      expect(again.headers.get('idempotent-replayed')).to.equal('true');
      const other = await place(browser, token, { ...body, note: 'second' });
      expect(other.status).to.equal(422);
      expect(other.json.error.code).to.equal('idempotency_key_reused');
      const otherAddress = await browser.postJson(
        '/_post/checkout/place-order',
        { ...body, shipping_address: { ...ADDRESS, city: 'Paris' } },
        token,
      );
      expect(otherAddress.json.error.code).to.equal('idempotency_key_reused');
      expect(await ordersOfSession(browser)).to.have.length(1);
    });

    it('binds a key to its browser session: another browser with the same key and payload is rejected', async () => {
      const a = await readyToOrder([[v[0].id, 1]]);
      const key = idempotencyKey();
      expect(
        (await place(a.browser, a.token, { idempotency_key: key, quote_fingerprint: a.quote.Fingerprint }))
          .status,
      ).to.equal(201);
      const b = await readyToOrder([[v[0].id, 1]]);
      expect(b.quote.Fingerprint).to.equal(a.quote.Fingerprint);
      const res = await place(b.browser, b.token, {
        idempotency_key: key,
        quote_fingerprint: b.quote.Fingerprint,
      });
      expect(res.status).to.equal(422);
      expect(res.json.error.code).to.equal('idempotency_key_reused');
      expect(await ordersOfSession(b.browser)).to.have.length(0);
    });

    it('rejects a missing or malformed key with 422 idempotency_key_invalid and stores nothing', async () => {
      const { browser, token, quote: q } = await readyToOrder();
      const before = await db('idempotency_records').count({ n: '*' }).first();
      for (const key of [
        undefined,
        null,
        '',
        'short-key-123',
        'x'.repeat(65),
        'has spaces in the key!!',
        'ümlaut-key-1234567',
        1234567890123456,
        ['a'.repeat(32)],
      ]) {
        const res = await place(browser, token, { idempotency_key: key, quote_fingerprint: q.Fingerprint });
        expect(res.status, JSON.stringify(key)).to.equal(422);
        expect(res.json.error.code).to.equal('idempotency_key_invalid');
      }
      expect(await db('idempotency_records').count({ n: '*' }).first()).to.deep.equal(before);
      expect(await ordersOfSession(browser)).to.have.length(0);
      // 16 and 64 characters of the allowed alphabet are fine.
      expect(
        (await place(browser, token, { idempotency_key: 'A-b_'.repeat(4), quote_fingerprint: q.Fingerprint }))
          .status,
      ).to.equal(201);
    });

    it('validates fingerprint, address and note (422 validation_failed naming the fields)', async () => {
      const { browser, token, quote: q } = await readyToOrder();
      const res = await browser.postJson(
        '/_post/checkout/place-order',
        {
          idempotency_key: idempotencyKey(),
          quote_fingerprint: 'nope',
          shipping_address: { ...ADDRESS, country: 'ZZ' },
          note: 'x'.repeat(1001),
        },
        token,
      );
      expect(res.status).to.equal(422);
      expect(res.json.error.code).to.equal('validation_failed');
      expect(res.json.error.fields).to.have.all.keys('quote_fingerprint', 'country', 'note');
      const note = await place(browser, token, {
        idempotency_key: idempotencyKey(),
        quote_fingerprint: q.Fingerprint,
        note: 'é'.repeat(1000),
      });
      expect(note.status).to.equal(201);
    });

    it('answers 409 quote_stale after a cart change, deletes the key, and accepts the same key with a fresh quote', async () => {
      const { browser, token, quote: q } = await readyToOrder([[v[0].id, 1]]);
      await browser.postJson('/_post/cart/update', { variant_id: v[0].id, quantity: 2 }, token);
      const key = idempotencyKey();
      const stale = await place(browser, token, { idempotency_key: key, quote_fingerprint: q.Fingerprint });
      expect(stale.status).to.equal(409);
      expect(stale.json.error.code).to.equal('quote_stale');
      expect(
        await db('idempotency_records').where({ site_id: site.id, idempotency_key: key }).first(),
      ).to.equal(undefined);
      expect(await ordersOfSession(browser)).to.have.length(0);
      const fresh = await quote(browser, token);
      const res = await place(browser, token, {
        idempotency_key: key,
        quote_fingerprint: fresh.json.Fingerprint,
      });
      expect(res.status, res.text).to.equal(201);
    });

    it('answers 409 quote_stale when a price changed or the address differs from the quote', async () => {
      const variant = await insertVariant(db, site.id, { price: 1200 });
      const { browser, token, quote: q } = await readyToOrder([[variant, 1]]);
      const otherAddress = await browser.postJson(
        '/_post/checkout/place-order',
        {
          idempotency_key: idempotencyKey(),
          quote_fingerprint: q.Fingerprint,
          shipping_address: { ...ADDRESS, postal_code: 'SW1Y 4JJ' },
          note: '',
        },
        token,
      );
      expect(otherAddress.status).to.equal(409);
      await db('variants').where({ id: variant }).update({ price_minor: 1300 });
      const res = await place(browser, token, {
        idempotency_key: idempotencyKey(),
        quote_fingerprint: q.Fingerprint,
      });
      expect(res.status).to.equal(409);
      expect(res.json.error.code).to.equal('quote_stale');
    });

    it('ignores client prices: price keys change nothing, a forged fingerprint is stale', async () => {
      const { browser, token, quote: q } = await readyToOrder([[v[0].id, 1]]);
      const forged = await place(browser, token, {
        idempotency_key: idempotencyKey(),
        quote_fingerprint: 'f'.repeat(64),
      });
      expect(forged.status).to.equal(409);
      const res = await place(browser, token, {
        idempotency_key: idempotencyKey(),
        quote_fingerprint: q.Fingerprint,
        price: 1,
        UnitPrice: 1,
        GrandTotalAmount: 1,
        Items: [{ variant_id: v[0].id, quantity: 1, UnitPrice: 1 }],
        lines: [{ variant_id: v[0].id, unit_price: 1 }],
      });
      expect(res.status, res.text).to.equal(201);
      const order = await db('orders').where({ id: res.json.ID }).first();
      expect(order.total_minor).to.equal(q.GrandTotalAmount);
      expect((await db('order_lines').where({ order_id: res.json.ID }).first()).unit_price_minor).to.equal(
        v[0].price_minor,
      );
    });

    it('answers 422 for an empty cart and for an unavailable line, keeping no record', async () => {
      const fresh = new TestBrowser(server.url);
      const freshToken = await fresh.csrfToken('/');
      const none = await place(fresh, freshToken, {
        idempotency_key: idempotencyKey(),
        quote_fingerprint: 'a'.repeat(64),
      });
      expect(none.status).to.equal(422);
      expect(none.json.error.code).to.equal('cart_empty');

      const soon = await insertVariant(db, site.id);
      const { browser, token, quote: q } = await readyToOrder([[soon, 1]]);
      await db('variants').where({ id: soon }).update({ available: false });
      const key = idempotencyKey();
      const res = await place(browser, token, { idempotency_key: key, quote_fingerprint: q.Fingerprint });
      expect(res.status).to.equal(422);
      expect(res.json.error.code).to.equal('cart_unavailable_lines');
      expect(
        await db('idempotency_records').where({ site_id: site.id, idempotency_key: key }).first(),
      ).to.equal(undefined);
      await browser.postJson('/_post/cart/remove', { variant_id: soon }, token);
      const empty = await place(browser, token, { idempotency_key: key, quote_fingerprint: q.Fingerprint });
      expect(empty.json.error.code).to.equal('cart_empty');
    });

    it('20 concurrent identical requests create exactly one order and all answer with its ID (duplicates wait for it)', async function () {
      this.timeout(60000);
      const {
        browser,
        token,
        quote: q,
      } = await readyToOrder([
        [v[0].id, 1],
        [v[2].id, 3],
      ]);
      const body = {
        idempotency_key: idempotencyKey(),
        quote_fingerprint: q.Fingerprint,
        shipping_address: ADDRESS,
        note: 'race',
      };
      const results = await Promise.all(
        Array.from({ length: 20 }, () => browser.postJson('/_post/checkout/place-order', body, token)),
      );
      const orders = await ordersOfSession(browser);
      expect(orders).to.have.length(1);
      for (const r of results) {
        expect(r.status, r.text).to.equal(201);
        expect(r.json.ID).to.equal(orders[0].id);
      }
      expect(results.filter((r) => r.headers.get('idempotent-replayed') !== 'true')).to.have.length(1);
      const retry = await browser.postJson('/_post/checkout/place-order', body, token);
      expect(retry.status).to.equal(201);
      expect(retry.json.ID).to.equal(orders[0].id);
      expect(await db('order_lines').where({ order_id: orders[0].id })).to.have.length(2);
    });

    it('20 concurrent requests with different keys for one cart create exactly one order', async function () {
      this.timeout(60000);
      const { browser, token, quote: q } = await readyToOrder([[v[1].id, 2]]);
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          browser.postJson(
            '/_post/checkout/place-order',
            {
              idempotency_key: idempotencyKey(),
              quote_fingerprint: q.Fingerprint,
              shipping_address: ADDRESS,
              note: '',
            },
            token,
          ),
        ),
      );
      for (const r of results) expect(r.status, r.text).to.be.oneOf([201, 409, 422]);
      expect(results.filter((r) => r.status === 201)).to.have.length(1);
      expect(await ordersOfSession(browser)).to.have.length(1);
    });

    /**
     * Stores a `processing` record for a fresh key and this browser's payload (the ADDRESS, no note),
     * as another serve process does while it places the order.
     */
    async function holdKeyElsewhere(
      browser: TestBrowser,
      fingerprint: string,
    ): Promise<{ key: string; orderId: string }> {
      const key = idempotencyKey();
      const orderId = newId();
      const hash = sha256Hex(
        canonicalJson({
          session: browser.cookies.get('sf_session'),
          quote_fingerprint: fingerprint,
          shipping_address: NORMALIZED_ADDRESS,
          note: '',
        }),
      );
      await db('idempotency_records').insert({
        site_id: site.id,
        idempotency_key: key,
        request_hash: hash,
        state: 'processing',
        order_id: orderId,
        created_at: dbNow(),
        expires_at: toDbTime(new Date(Date.now() + 24 * 3600 * 1000)),
      });
      return { key, orderId };
    }

    it('a duplicate waits for the attempt in progress and answers with its order', async () => {
      const { browser, token, quote: q } = await readyToOrder([[v[0].id, 1]]);
      // another process holds the key and is placing the order
      const { key, orderId } = await holdKeyElsewhere(browser, q.Fingerprint);
      const duplicate = place(browser, token, { idempotency_key: key, quote_fingerprint: q.Fingerprint });
      await new Promise((r) => setTimeout(r, 150));
      const body = { ID: orderId, Number: 'SF-WAITED1' };
      await db('idempotency_records')
        .where({ site_id: site.id, idempotency_key: key })
        .update({ state: 'completed', response_status: 201, response_body: JSON.stringify(body) });
      const res = await duplicate;
      expect(res.status, res.text).to.equal(201);
      expect(res.json).to.deep.equal(body);
      expect(res.headers.get('idempotent-replayed')).to.equal('true');
    });

    it('answers 503 idempotency_in_progress with Retry-After when the attempt in progress takes too long, and takes over an abandoned one', async function () {
      this.timeout(30000);
      const { browser, token, quote: q } = await readyToOrder([[v[0].id, 1]]);
      const { key } = await holdKeyElsewhere(browser, q.Fingerprint);
      const busy = await place(browser, token, { idempotency_key: key, quote_fingerprint: q.Fingerprint });
      expect(busy.status).to.equal(503);
      expect(busy.json.error.code).to.equal('idempotency_in_progress');
      expect(busy.headers.get('retry-after')).to.equal('1');
      // The attempt's process died a minute ago: a retry takes the record over and places the order.
      await db('idempotency_records')
        .where({ site_id: site.id, idempotency_key: key })
        .update({ created_at: toDbTime(new Date(Date.now() - 60_000)) });
      const res = await place(browser, token, { idempotency_key: key, quote_fingerprint: q.Fingerprint });
      expect(res.status, res.text).to.equal(201);
      const record = await db('idempotency_records')
        .where({ site_id: site.id, idempotency_key: key })
        .first();
      expect(record).to.include({ state: 'completed', order_id: res.json.ID, response_status: 201 });
    });

    it('keeps keys 24 hours; an expired key may be used again', async () => {
      const { browser, token, quote: q } = await readyToOrder([[v[0].id, 1]]);
      const key = idempotencyKey();
      const first = await place(browser, token, { idempotency_key: key, quote_fingerprint: q.Fingerprint });
      const record = await db('idempotency_records')
        .where({ site_id: site.id, idempotency_key: key })
        .first();
      const kept =
        new Date(record.expires_at.replace(' ', 'T') + 'Z').getTime() -
        new Date(record.created_at.replace(' ', 'T') + 'Z').getTime();
      expect(kept).to.be.at.least(24 * 3600 * 1000);
      await db('idempotency_records')
        .where({ site_id: site.id, idempotency_key: key })
        .update({ expires_at: toDbTime(new Date(Date.now() - 1000)) });
      const next = await readyToOrder([[v[1].id, 1]], browser);
      const second = await place(browser, next.token, {
        idempotency_key: key,
        quote_fingerprint: next.quote.Fingerprint,
      });
      expect(second.status, second.text).to.equal(201);
      expect(second.json.ID).not.to.equal(first.json.ID);
    });

    it('binds the order to the signed-in, active account; a blocked account orders as a guest session', async () => {
      const email = await makeAccount(db, site);
      const signedIn = await signIn(server.url, email);
      const { browser, token, quote: q } = await readyToOrder([[v[0].id, 1]], signedIn);
      const res = await place(browser, token, {
        idempotency_key: idempotencyKey(),
        quote_fingerprint: q.Fingerprint,
      });
      expect(res.status).to.equal(201);
      const account = await db('accounts').where({ site_id: site.id, email }).first('id');
      expect(await db('orders').where({ id: res.json.ID }).first('account_id')).to.deep.equal({
        account_id: account.id,
      });

      const next = await readyToOrder([[v[0].id, 1]], browser);
      await db('accounts').where({ id: account.id }).update({ blocked_at: dbNow() });
      const blocked = await place(browser, next.token, {
        idempotency_key: idempotencyKey(),
        quote_fingerprint: next.quote.Fingerprint,
      });
      expect(blocked.status, blocked.text).to.equal(201);
      expect(
        await db('orders').where({ id: blocked.json.ID }).first('account_id', 'session_id'),
      ).to.deep.equal({ account_id: null, session_id: browser.cookies.get('sf_session') });
    });
  });
});
