// One guest cart edited through serve processes on different Galera nodes: each edit, wherever it
// goes, is what the next read through any process shows, and concurrent edits of one line spread
// over the processes (write conflicts between nodes, settled by certification) lose no update.
import { expect } from 'chai';
import { TestBrowser, type TestResponse } from '../helpers/browser.js';
import { availableVariants, type VariantRow } from '../helpers/commerce.js';
import { useCluster, wsrepCounters, type ServeProcess } from './harness.js';

type Lines = Record<string, number>;

function linesOf(res: TestResponse): Lines {
  expect(res.status, res.text).to.equal(200);
  const items = res.json.Items as Array<{ variant_id: string; quantity: number }>;
  return Object.fromEntries(items.map((i) => [i.variant_id, i.quantity]));
}

describe('cluster: one cart edited through different serve processes', function () {
  this.timeout(120000);
  const cluster = useCluster();
  let v: VariantRow[];

  before(async () => {
    const { db, site } = cluster();
    v = await availableVariants(db[0], site.id, 3);
  });

  async function cartEverywhere(b: TestBrowser, token: string, serve: ServeProcess[]): Promise<Lines[]> {
    return Promise.all(
      serve.map(async (p) => linesOf(await b.postJson(`${p.url}/_post/cart/get`, {}, token))),
    );
  }

  it('every edit through one process is what the next read through every process shows', async () => {
    const { serve, db, site } = cluster();
    const b = new TestBrowser(serve[0].url);
    const token = await b.csrfToken(`${serve[0].url}/`);
    const steps: Array<[number, 'add' | 'update' | 'remove', Record<string, unknown>, Lines]> = [
      [0, 'add', { variant_id: v[0].id, quantity: 1 }, { [v[0].id]: 1 }],
      [1, 'add', { variant_id: v[1].id, quantity: 2 }, { [v[0].id]: 1, [v[1].id]: 2 }],
      [2, 'add', { variant_id: v[0].id, quantity: 2 }, { [v[0].id]: 3, [v[1].id]: 2 }],
      [0, 'update', { variant_id: v[1].id, quantity: 5 }, { [v[0].id]: 3, [v[1].id]: 5 }],
      [1, 'remove', { variant_id: v[0].id }, { [v[1].id]: 5 }],
      [2, 'add', { variant_id: v[2].id, quantity: 4 }, { [v[1].id]: 5, [v[2].id]: 4 }],
      [0, 'update', { variant_id: v[2].id, quantity: 1 }, { [v[1].id]: 5, [v[2].id]: 1 }],
    ];
    for (const [i, [at, op, body, expected]] of steps.entries()) {
      const res = await b.postJson(`${serve[at].url}/_post/cart/${op}`, body, token);
      expect(linesOf(res), `step ${i + 1}: ${op} through process ${at + 1}`).to.deep.equal(expected);
      const seen = await cartEverywhere(b, token, serve);
      for (const [j, lines] of seen.entries())
        expect(lines, `after step ${i + 1}, read through process ${j + 1}`).to.deep.equal(expected);
    }
    // One cart row for the session, with these lines, on every node.
    const sessionId = b.cookies.get('sf_session')!;
    for (const [i, node] of db.entries()) {
      const carts = (await node('carts')
        .where({ site_id: site.id, session_id: sessionId })
        .select('id')) as Array<{
        id: string;
      }>;
      expect(carts, `carts on node ${i + 1}`).to.have.length(1);
      const rows = (await node('cart_lines')
        .where({ cart_id: carts[0].id })
        .select('variant_id', 'quantity')) as Array<{
        variant_id: string;
        quantity: number;
      }>;
      expect(
        Object.fromEntries(rows.map((r) => [r.variant_id, r.quantity])),
        `lines on node ${i + 1}`,
      ).to.deep.equal(steps.at(-1)![3]);
    }
  });

  it('30 concurrent adds of one line spread over the processes lose no update', async () => {
    const { serve } = cluster();
    const N = 30;
    const b = new TestBrowser(serve[0].url);
    const token = await b.csrfToken(`${serve[0].url}/`);
    // The first add creates the session and the cart; the stampede then edits one line of it.
    linesOf(await b.postJson(`${serve[0].url}/_post/cart/add`, { variant_id: v[0].id, quantity: 1 }, token));
    const counters = await wsrepCounters(cluster().db);
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        b.postJson(
          `${serve[i % serve.length].url}/_post/cart/add`,
          { variant_id: v[1].id, quantity: 1 },
          token,
        ),
      ),
    );
    process.stdout.write(`      ${await counters()}\n`);
    const statuses = results.map((r) => r.status);
    expect(
      statuses.filter((s) => s !== 200),
      results.find((r) => r.status !== 200)?.text,
    ).to.deep.equal([]);
    const expected = { [v[0].id]: 1, [v[1].id]: N };
    for (const [j, lines] of (await cartEverywhere(b, token, serve)).entries())
      expect(lines, `read through process ${j + 1}`).to.deep.equal(expected);
  });
});
