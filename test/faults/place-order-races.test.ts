// Place-order under a stampede, on SQLite and MySQL: 50 concurrent identical requests (one session,
// one Idempotency-Key, one body) and 50 concurrent requests with different keys for one cart.
//
// What the contract asks of each answer, through its reference client's states:
// - 2xx with ID: the order exists; the client navigates to it. A replay is the same 201 and body.
// - 409 or 422: "the server rejected the order"; the client drops the pending order and the quote.
// - network failure or 5xx: "the outcome is unknown"; the client keeps the pending order and
//   retries with the same key and payload.
// So a duplicate of an attempt that is still running must not be a 409 (the order is being placed,
// not rejected): it waits for that attempt and answers with its order; only if the attempt takes
// longer than the wait is it 503 idempotency_in_progress with Retry-After, and the retry the client
// then makes gets the order. Requests with other keys for a cart that was just ordered are rejections:
// 422 cart_empty, or 409 quote_stale when the cart changed under them.
import { expect } from 'chai';
import type { Db } from '../../runtime/db.js';
import type { Site } from '../../runtime/sites/store.js';
import type { TestBrowser } from '../helpers/browser.js';
import type { TestServer } from '../helpers/server.js';
import { forEachEngine } from '../helpers/engines.js';
import {
  ADDRESS,
  browserWithCart,
  idempotencyKey,
  makeAccount,
  signIn,
  startCommerceServer,
  type VariantRow,
  summarizeAnswers,
} from '../helpers/commerce.js';

const N = 50;

forEachEngine('faults/place-order races', (engineCtx) => {
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

  async function readyToOrder(browser?: TestBrowser) {
    const ready = await browserWithCart(
      server.url,
      [
        [v[0].id, 1],
        [v[2].id, 2],
      ],
      browser,
    );
    const q = await ready.browser.postJson(
      '/_post/checkout/quote',
      { shipping_address: ADDRESS },
      ready.token,
    );
    expect(q.status, q.text).to.equal(200);
    return { ...ready, fingerprint: q.json.Fingerprint as string };
  }

  for (const who of ['a guest', 'a signed-in account'] as const) {
    it(`${N} concurrent identical place-orders of ${who} create exactly one order; every answer is it (duplicates wait for it)`, async function () {
      this.timeout(120000);
      const browser =
        who === 'a guest' ? undefined : await signIn(server.url, await makeAccount(db, site, 'race'));
      const { browser: b, token, fingerprint } = await readyToOrder(browser);
      const body = {
        idempotency_key: idempotencyKey(),
        quote_fingerprint: fingerprint,
        shipping_address: ADDRESS,
        note: 'stampede',
      };
      const results = await Promise.all(
        Array.from({ length: N }, () => b.postJson('/_post/checkout/place-order', body, token)),
      );
      process.stdout.write(`      answers: ${summarizeAnswers(results)}\n`);

      const orders = await db('orders')
        .where({ site_id: site.id, session_id: b.cookies.get('sf_session')! })
        .select('id', 'account_id');
      expect(orders, 'exactly one order row').to.have.length(1);
      const orderId = orders[0].id as string;
      const placed = results.filter((r) => r.status === 201);
      expect(placed.length, 'at least one request placed the order').to.be.at.least(1);
      for (const r of results) {
        expect(r.status, r.text).to.equal(201);
        expect(r.json.ID, r.text).to.equal(orderId);
        expect(Object.keys(r.json).sort()).to.deep.equal(['ID', 'Number']);
      }
      // All 201s but the one that placed it are replays, with the same body.
      expect(placed.filter((r) => r.headers.get('idempotent-replayed') !== 'true')).to.have.length(1);
      expect(new Set(placed.map((r) => r.text)).size).to.equal(1);
      // A later retry of the same payload gets the same order.
      const retry = await b.postJson('/_post/checkout/place-order', body, token);
      expect(retry.status, retry.text).to.equal(201);
      expect(retry.json.ID).to.equal(orderId);
      expect(retry.headers.get('idempotent-replayed')).to.equal('true');

      expect(await db('order_lines').where({ order_id: orderId })).to.have.length(2);
      const record = await db('idempotency_records')
        .where({ site_id: site.id, idempotency_key: body.idempotency_key })
        .first();
      expect(record).to.include({ state: 'completed', order_id: orderId });
      expect(
        (await b.postJson('/_post/cart/get', {}, token)).json.Items,
        'the cart was emptied',
      ).to.deep.equal([]);
      if (who === 'a signed-in account') expect(orders[0].account_id).to.be.a('string');
    });
  }

  it(`${N} concurrent place-orders with different keys for one cart create one order; the rest are rejected with 409/422`, async function () {
    this.timeout(120000);
    const { browser: b, token, fingerprint } = await readyToOrder();
    const keys = Array.from({ length: N }, () => idempotencyKey());
    const results = await Promise.all(
      keys.map((key) =>
        b.postJson(
          '/_post/checkout/place-order',
          { idempotency_key: key, quote_fingerprint: fingerprint, shipping_address: ADDRESS, note: '' },
          token,
        ),
      ),
    );
    process.stdout.write(`      answers: ${summarizeAnswers(results)}\n`);

    const orders = await db('orders')
      .where({ site_id: site.id, session_id: b.cookies.get('sf_session')! })
      .select('id');
    expect(orders, 'exactly one order row').to.have.length(1);
    const placed = results.filter((r) => r.status === 201);
    expect(placed, 'exactly one 201').to.have.length(1);
    expect(placed[0].json.ID).to.equal(orders[0].id);
    for (const r of results) {
      if (r.status === 201) continue;
      // A clear rejection the client acts on: drop the pending order, review again.
      expect([409, 422], r.text).to.include(r.status);
      expect(r.json.error.code, r.text).to.be.oneOf(['cart_empty', 'quote_stale']);
      expect(r.json.error.message).to.be.a('string').and.not.equal('');
    }
    // Only the key that placed the order is remembered; the rejected ones may be used again.
    const records = await db('idempotency_records')
      .where({ site_id: site.id })
      .whereIn('idempotency_key', keys)
      .select('idempotency_key', 'state');
    expect(records).to.deep.equal([
      { idempotency_key: keys[results.indexOf(placed[0])], state: 'completed' },
    ]);
    expect(await db('order_lines').where({ order_id: orders[0].id })).to.have.length(2);
  });

  it(`${N} concurrent place-orders from ${N} browsers of one account, each with its own cart, create ${N} orders`, async function () {
    this.timeout(120000);
    // Not a race on one cart, but on the same tables: no answer may be a 5xx or a lost order.
    const email = await makeAccount(db, site, 'many');
    const ready = [];
    // One after another: concurrent sign-ins from one address are what the login rate limit stops.
    for (let i = 0; i < N; i++) ready.push(await readyToOrder(await signIn(server.url, email)));
    const results = await Promise.all(
      ready.map(({ browser, token, fingerprint }) =>
        browser.postJson(
          '/_post/checkout/place-order',
          {
            idempotency_key: idempotencyKey(),
            quote_fingerprint: fingerprint,
            shipping_address: ADDRESS,
            note: '',
          },
          token,
        ),
      ),
    );
    process.stdout.write(`      answers: ${summarizeAnswers(results)}\n`);
    for (const r of results) expect(r.status, r.text).to.equal(201);
    expect(new Set(results.map((r) => r.json.ID)).size).to.equal(N);
    const account = (await db('accounts').where({ site_id: site.id, email }).first('id')) as { id: string };
    expect(await db('orders').where({ site_id: site.id, account_id: account.id })).to.have.length(N);
  });
});
