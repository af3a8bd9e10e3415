// Concurrent identical place-orders (one session, one Idempotency-Key, one body) spread round-robin
// over serve processes on different Galera nodes: exactly one order. Every answer is that order
// (201, the same ID) or 503 idempotency_in_progress, whose retries get the same order. The
// idempotency record's primary key (site_id, idempotency_key) is what settles the race between
// nodes: at certification rather than under a lock, since no node sees the others' locks.
import { expect } from 'chai';
import { TestBrowser, type TestResponse } from '../helpers/browser.js';
import {
  ADDRESS,
  availableVariants,
  browserWithCart,
  idempotencyKey,
  makeAccount,
  PASSWORD,
  type VariantRow,
  summarizeAnswers,
} from '../helpers/commerce.js';
import { useCluster, wsrepCounters, type ServeProcess } from './harness.js';

const N = 45;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('cluster: concurrent identical place-orders spread over the serve processes', function () {
  this.timeout(180000);
  const cluster = useCluster();
  let v: VariantRow[];

  before(async () => {
    const { db, site } = cluster();
    v = await availableVariants(db[0], site.id, 3);
  });

  /** A browser (guest, or signed in through process 1) with a two-line cart and a quote through process 2. */
  async function readyToOrder(serve: ServeProcess[], signedIn: string | null) {
    let browser: TestBrowser | undefined;
    if (signedIn) {
      browser = new TestBrowser(serve[0].url);
      const res = await browser.postJson(`${serve[0].url}/_post/auth/login`, {
        email: signedIn,
        password: PASSWORD,
      });
      expect(res.status, res.text).to.equal(200);
    }
    const ready = await browserWithCart(
      serve[0].url,
      [
        [v[0].id, 1],
        [v[2].id, 2],
      ],
      browser,
    );
    const q = await ready.browser.postJson(
      `${serve[1].url}/_post/checkout/quote`,
      { shipping_address: ADDRESS },
      ready.token,
    );
    expect(q.status, q.text).to.equal(200);
    return { ...ready, fingerprint: q.json.Fingerprint as string };
  }

  for (const who of ['a guest', 'a signed-in account'] as const) {
    it(`${N} of ${who}, round-robin over the processes, create exactly one order; every answer is it or "in progress, retry"`, async () => {
      const { serve, db, site } = cluster();
      const email = who === 'a guest' ? null : await makeAccount(db[2], site, 'cluster-race');
      const { browser: b, token, fingerprint } = await readyToOrder(serve, email);
      const body = {
        idempotency_key: idempotencyKey(),
        quote_fingerprint: fingerprint,
        shipping_address: ADDRESS,
        note: 'cluster stampede',
      };
      const counters = await wsrepCounters(db);
      const results = await Promise.all(
        Array.from({ length: N }, (_, i) =>
          b.postJson(`${serve[i % serve.length].url}/_post/checkout/place-order`, body, token),
        ),
      );
      process.stdout.write(`      answers: ${summarizeAnswers(results)}\n      ${await counters()}\n`);

      // Exactly one order, as every node sees it.
      const sessionId = b.cookies.get('sf_session')!;
      let orderId = '';
      for (const [i, node] of db.entries()) {
        const orders = (await node('orders')
          .where({ site_id: site.id, session_id: sessionId })
          .select('id')) as Array<{
          id: string;
        }>;
        expect(orders, `orders on node ${i + 1}`).to.have.length(1);
        orderId ||= orders[0].id;
        expect(orders[0].id).to.equal(orderId);
      }
      const placed = results.filter((r) => r.status === 201);
      expect(placed.length, 'at least one request placed the order').to.be.at.least(1);
      const retries: Array<Promise<TestResponse>> = [];
      for (const [i, r] of results.entries()) {
        if (r.status === 201) {
          expect(r.json.ID, r.text).to.equal(orderId);
          continue;
        }
        expect(r.status, `answer ${i + 1} (process ${(i % serve.length) + 1}): ${r.text}`).to.equal(503);
        expect(r.json.error.code).to.equal('idempotency_in_progress');
        expect(r.headers.get('retry-after')).to.match(/^\d+$/);
        // What the client does with it: retry, same key and body, after Retry-After (capped for the test).
        const p = serve[i % serve.length];
        const wait = Math.min(Number(r.headers.get('retry-after')) * 1000, 500);
        retries.push(
          (async () => {
            for (let attempt = 0; ; attempt++) {
              await sleep(wait);
              const again = await b.postJson(`${p.url}/_post/checkout/place-order`, body, token);
              if (again.status !== 503 || attempt >= 20) return again;
            }
          })(),
        );
      }
      for (const r of await Promise.all(retries)) {
        expect(r.status, r.text).to.equal(201);
        expect(r.json.ID).to.equal(orderId);
        expect(r.headers.get('idempotent-replayed')).to.equal('true');
      }
      expect(placed.filter((r) => r.headers.get('idempotent-replayed') !== 'true')).to.have.length(1);
      expect(new Set(placed.map((r) => r.text)).size, 'every 201 has the same body').to.equal(1);

      // The order's lines, its completed idempotency record and the emptied cart, through every node/process.
      for (const [i, node] of db.entries()) {
        expect(
          await node('order_lines').where({ order_id: orderId }),
          `order lines on node ${i + 1}`,
        ).to.have.length(2);
        const record = await node('idempotency_records')
          .where({ site_id: site.id, idempotency_key: body.idempotency_key })
          .first();
        expect(record, `idempotency record on node ${i + 1}`).to.include({
          state: 'completed',
          order_id: orderId,
        });
      }
      for (const p of serve) {
        const cart = await b.postJson(`${p.url}/_post/cart/get`, {}, token);
        expect(cart.json.Items, `the cart through process ${p.index}`).to.deep.equal([]);
      }
      if (email) {
        const order = await db[0]('orders').where({ id: orderId }).first('account_id');
        expect(order.account_id, 'the order belongs to the account').to.be.a('string');
      }
    });
  }
});
