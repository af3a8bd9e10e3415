// The last units of a variant bought by 50 buyers at once (each with its own session, cart and key),
// their place-orders spread round-robin over serve processes on different Galera nodes: exactly 5
// orders, 45 × 409 out_of_stock, no 5xx, and the stock 0 on every node. The decrements of one row
// through different nodes conflict at certification and are replayed (transactionWithRetry); the
// conditional update (`stock >= quantity`) is what keeps the count from going below 0. The stock is
// set with `storefront inventory set` through node 2; a replay of a placed order takes nothing.
import { expect } from 'chai';
import {
  ADDRESS,
  browserWithCart,
  idempotencyKey,
  insertVariant,
  summarizeAnswers,
} from '../helpers/commerce.js';
import { serverErrors, storefront, useCluster, wsrepCounters } from './harness.js';

const BUYERS = 50;
const UNITS = 5;

describe('cluster: concurrent buyers of the last units, spread over the serve processes', function () {
  this.timeout(180000);
  const cluster = useCluster();

  it(`${BUYERS} buyers of the last ${UNITS} units: exactly ${UNITS} orders, the rest 409 out_of_stock, no 5xx`, async () => {
    const { serve, db, site } = cluster();
    const variant = await insertVariant(db[0], site.id, { price: 2500 });
    const { sku } = (await db[0]('variants').where({ id: variant }).first('sku')) as { sku: string };
    const set = await storefront(['inventory', 'set', sku, String(UNITS), '--json'], {
      DATABASE_URL: serve[1].databaseUrl,
    });
    expect(set.code, set.stderr).to.equal(0);
    expect(JSON.parse(set.stdout)).to.include({ sku, stock: UNITS });

    // Every buyer fills its cart through one process and quotes through the next.
    const buyers = await Promise.all(
      Array.from({ length: BUYERS }, async (_, i) => {
        const ready = await browserWithCart(serve[i % serve.length].url, [[variant, 1]]);
        const q = await ready.browser.postJson(
          `${serve[(i + 1) % serve.length].url}/_post/checkout/quote`,
          { shipping_address: ADDRESS },
          ready.token,
        );
        expect(q.status, q.text).to.equal(200);
        const body = {
          idempotency_key: idempotencyKey(),
          quote_fingerprint: q.json.Fingerprint as string,
          shipping_address: ADDRESS,
          note: 'last units',
        };
        return { ...ready, body };
      }),
    );
    const errorsBefore = serverErrors().length;
    const counters = await wsrepCounters(db);
    const results = await Promise.all(
      buyers.map((b, i) =>
        b.browser.postJson(`${serve[i % serve.length].url}/_post/checkout/place-order`, b.body, b.token),
      ),
    );
    process.stdout.write(`      answers: ${summarizeAnswers(results)}\n      ${await counters()}\n`);

    expect(results.filter((r) => r.status >= 500).map((r) => r.text)).to.deep.equal([]);
    expect(serverErrors().slice(errorsBefore)).to.deep.equal([]);
    const placed = results.filter((r) => r.status === 201);
    expect(placed).to.have.length(UNITS);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).to.have.length(BUYERS - UNITS);
    for (const r of refused) {
      expect(r.status, r.text).to.equal(409);
      expect(r.json.error.code).to.equal('out_of_stock');
      expect(r.json.error.lines.map((l: { variant_id: string }) => l.variant_id)).to.deep.equal([variant]);
    }
    for (const [i, node] of db.entries()) {
      const row = (await node('variants').where({ id: variant }).first('stock')) as { stock: number };
      expect(row.stock, `stock on node ${i + 1}`).to.equal(0);
      const lines = (await node('order_lines').where({ variant_id: variant }).select('order_id')) as Array<{
        order_id: string;
      }>;
      expect(lines.map((l) => l.order_id).sort(), `order lines on node ${i + 1}`).to.deep.equal(
        placed.map((r) => r.json.ID as string).sort(),
      );
    }

    // A replay of a placed order, through another process, returns it and takes nothing.
    const winner = buyers[results.indexOf(placed[0])];
    const again = await winner.browser.postJson(
      `${serve[(results.indexOf(placed[0]) + 1) % serve.length].url}/_post/checkout/place-order`,
      winner.body,
      winner.token,
    );
    expect(again.status, again.text).to.equal(201);
    expect(again.json.ID).to.equal(placed[0].json.ID);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    const after = (await db[2]('variants').where({ id: variant }).first('stock')) as { stock: number };
    expect(after.stock).to.equal(0);
  });
});
