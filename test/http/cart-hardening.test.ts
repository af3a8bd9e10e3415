// The cart's caps under concurrency, over a real server on SQLite and MySQL (issue 14): concurrent
// cart/add requests of one session never pass MAX_CART_LINES lines or MAX_LINE_QUANTITY per line,
// merging into an existing line still works in a full cart, and no request answers 5xx (write
// conflicts under this load are replayed by transactionWithRetry, never shown).
//
// better-sqlite3 answers synchronously, so in one process a request's statements would hardly ever
// interleave with another's, and a check-then-write race could not show on SQLite. withLatency gives
// the server's database the manners of a networked one (each statement outside a transaction waits a
// turn of the event loop for its connection), so that concurrent requests interleave between their
// statements on SQLite as they do on MySQL.
import { expect } from 'chai';
import type { Db } from '../../runtime/db.js';
import type { Site } from '../../runtime/sites/store.js';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../runtime/cart/service.js';
import { TestBrowser, type TestResponse } from '../helpers/browser.js';
import type { TestServer } from '../helpers/server.js';
import { forEachEngine } from '../helpers/engines.js';
import {
  browserWithCart,
  insertVariant,
  startCommerceServer,
  summarizeAnswers,
} from '../helpers/commerce.js';

const VARIANTS = 170;

/** Makes each statement outside a transaction wait one turn of the event loop (see the top). */
function withLatency(db: Db): void {
  const client = db.client as { acquireConnection(): Promise<unknown> };
  const acquire = client.acquireConnection.bind(client);
  // A transaction's statements use the connection it holds and do not come through here.
  client.acquireConnection = () => new Promise((resolve) => setImmediate(resolve)).then(acquire);
}

function byStatus(results: TestResponse[]): { ok: number; codes: string[]; fiveXx: TestResponse[] } {
  return {
    ok: results.filter((r) => r.status === 200).length,
    codes: results.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.json?.error?.code}`),
    fiveXx: results.filter((r) => r.status >= 500),
  };
}

forEachEngine('http/cart hardening', (engineCtx) => {
  let server: TestServer;
  let db: Db;
  let site: Site;
  let ids: string[];

  before(async function () {
    this.timeout(120000);
    ({ server, db, site } = await startCommerceServer(engineCtx.url()));
    withLatency(db);
    ids = [];
    for (let i = 0; i < VARIANTS; i++) ids.push(await insertVariant(db, site.id, { price: 100 + i }));
  });
  after(async () => {
    await server?.close();
  });

  /** The same cart/add POSTs of one browser, all at once. */
  function addAll(browser: TestBrowser, token: string, bodies: unknown[]): Promise<TestResponse[]> {
    return Promise.all(bodies.map((body) => browser.postJson('/_post/cart/add', body, token)));
  }

  async function lineCount(sessionId: string): Promise<number> {
    const row = (await db('cart_lines as l')
      .join('carts as c', 'c.id', 'l.cart_id')
      .where({ 'c.session_id': sessionId, 'c.site_id': site.id })
      .count({ n: '*' })
      .first()) as { n: number | string };
    return Number(row.n);
  }

  it('149 concurrent adds of different variants to a cart of one line end with exactly 100 lines, the rest 422 cart_too_many_lines', async function () {
    this.timeout(120000);
    expect(MAX_CART_LINES).to.equal(100);
    // The first request creates the session and the cart; then 149 race for the 99 free lines.
    const { browser, token } = await browserWithCart(server.url, [[ids[0], 1]]);
    const results = await addAll(
      browser,
      token,
      ids.slice(1, 150).map((id) => ({ variant_id: id, quantity: 1 })),
    );
    const seen = byStatus(results);
    const summary = summarizeAnswers(results);
    expect(
      seen.fiveXx.map((r) => r.text),
      summary,
    ).to.deep.equal([]);
    expect(seen.ok, summary).to.equal(99);
    expect(seen.codes, summary).to.deep.equal(Array(50).fill('422 cart_too_many_lines'));
    expect(await lineCount(browser.cookies.get('sf_session')!)).to.equal(100);
    const cart = await browser.postJson('/_post/cart/get', {}, token);
    expect(cart.json.Items).to.have.length(100);
    expect(cart.json.ItemCount).to.equal(100);
  });

  it('merges into existing lines while new variants race for the last free line: merges 200, one newcomer in', async function () {
    this.timeout(120000);
    const { browser, token } = await browserWithCart(server.url, [[ids[0], 1]]);
    for (const id of ids.slice(1, 99)) {
      const res = await browser.postJson('/_post/cart/add', { variant_id: id, quantity: 1 }, token);
      expect(res.status, res.text).to.equal(200);
    }
    // 99 lines: 30 merges (no new line) race with 30 new variants for the one free line.
    const merges = ids.slice(0, 30);
    const newcomers = ids.slice(100, 130);
    const results = await addAll(
      browser,
      token,
      [...merges, ...newcomers].map((id) => ({ variant_id: id, quantity: 2 })),
    );
    const summary = summarizeAnswers(results);
    expect(byStatus(results).fiveXx, summary).to.deep.equal([]);
    expect(
      results.slice(0, 30).map((r) => r.status),
      summary,
    ).to.deep.equal(Array(30).fill(200));
    const newcomerAnswers = byStatus(results.slice(30));
    expect(newcomerAnswers.ok, summary).to.equal(1);
    expect(newcomerAnswers.codes, summary).to.deep.equal(Array(29).fill('422 cart_too_many_lines'));
    const cart = await browser.postJson('/_post/cart/get', {}, token);
    const quantities = Object.fromEntries(
      (cart.json.Items as Array<{ variant_id: string; quantity: number }>).map((i) => [
        i.variant_id,
        i.quantity,
      ]),
    );
    expect(Object.keys(quantities)).to.have.length(100);
    for (const id of merges) expect(quantities[id], id).to.equal(3);
    expect(newcomers.filter((id) => quantities[id] === 2)).to.have.length(1);
    // Full now: a merge still works, a new variant does not.
    const merge = await browser.postJson('/_post/cart/add', { variant_id: ids[50], quantity: 1 }, token);
    expect(merge.status, merge.text).to.equal(200);
    const full = await browser.postJson('/_post/cart/add', { variant_id: ids[160], quantity: 1 }, token);
    expect(full.json?.error?.code, full.text).to.equal('cart_too_many_lines');
  });

  it('concurrent adds to one line apply each accepted quantity exactly once and never pass 999', async function () {
    this.timeout(120000);
    const { browser, token } = await browserWithCart(server.url, [[ids[150], 1]]);
    // 1 + 19 × 50 = 951 fits; a 20th add would make 1001.
    const results = await addAll(
      browser,
      token,
      Array.from({ length: 40 }, () => ({ variant_id: ids[150], quantity: 50 })),
    );
    const seen = byStatus(results);
    const summary = summarizeAnswers(results);
    expect(seen.fiveXx, summary).to.deep.equal([]);
    expect(seen.ok, summary).to.equal(19);
    expect(seen.codes, summary).to.deep.equal(Array(21).fill('422 quantity_invalid'));
    const cart = await browser.postJson('/_post/cart/get', {}, token);
    expect(cart.json.Items.map((i: { quantity: number }) => i.quantity)).to.deep.equal([951]);
    expect(951 + 50).to.be.above(MAX_LINE_QUANTITY);
  });
});
