// The order pages over a real server, on SQLite and MySQL: /my-orders lists the signed-in account's
// orders, /my-orders/<id> and its tracking page show only one's own orders (anyone else's is 404),
// /tracking finds a shipment's order on this website only, private pages are never cacheable, and
// tracking links are http(s) only with rel="noopener noreferrer".
import { expect } from 'chai';
import type { Db } from '../../runtime/db.js';
import { addSite, type Site } from '../../runtime/sites/store.js';
import { newId } from '../../runtime/ids.js';
import { dbNow } from '../../runtime/time.js';
import { TestBrowser, type TestResponse } from '../helpers/browser.js';
import type { TestServer } from '../helpers/server.js';
import { forEachEngine } from '../helpers/engines.js';
import {
  ADDRESS,
  availableVariants,
  browserWithCart,
  getAsHost,
  idempotencyKey,
  makeAccount,
  signIn,
  startCommerceServer,
} from '../helpers/commerce.js';

const DEMO_EMAIL = 'demo@example.com';
const DEMO_PASSWORD = 'demo-password-123';
const DEMO_TRACKING = 'PW4820017365GB';

function expectPrivate(res: { headers: Headers }): void {
  expect(res.headers.get('cache-control')).to.equal('private, no-store');
  expect(res.headers.get('vary') ?? '').to.match(/\bcookie\b/i);
}

function orderIdsOn(page: TestResponse): string[] {
  return [...page.text.matchAll(/class="order" data-id="([^"]+)"/g)].map((m) => m[1]);
}

forEachEngine('http/orders-pages', (engineCtx) => {
  let server: TestServer;
  let db: Db;
  let site: Site;
  let demo: TestBrowser;
  let demoOrderIds: string[];

  before(async function () {
    this.timeout(120000);
    ({ server, db, site } = await startCommerceServer(engineCtx.url()));
    demo = await signIn(server.url, DEMO_EMAIL, DEMO_PASSWORD);
    const account = await db('accounts').where({ site_id: site.id, email: DEMO_EMAIL }).first('id');
    demoOrderIds = (
      await db('orders')
        .where({ site_id: site.id, account_id: account.id })
        .orderBy('placed_at', 'desc')
        .select('id')
    ).map((r: { id: string }) => r.id);
    expect(demoOrderIds).to.have.length(3);
  });
  after(async () => {
    await server?.close();
  });

  it('/cart, /checkout and /my-orders… are private, no-store and vary on Cookie, for guests and accounts', async () => {
    const guest = new TestBrowser(server.url);
    for (const path of [
      '/cart',
      '/checkout',
      '/my-orders',
      `/my-orders/${demoOrderIds[0]}`,
      `/my-orders/${demoOrderIds[0]}/tracking`,
    ]) {
      expectPrivate(await guest.get(path));
      expectPrivate(await demo.get(path));
    }
  });

  it("/my-orders lists the signed-in account's orders, newest first; a guest gets the sign-in link", async () => {
    const page = await demo.get('/my-orders');
    expect(page.status).to.equal(200);
    expect(orderIdsOn(page)).to.deep.equal(demoOrderIds);
    const guest = await new TestBrowser(server.url).get('/my-orders');
    expect(guest.status).to.equal(200);
    expect(orderIdsOn(guest)).to.deep.equal([]);
    expect(guest.text).to.include('href="/login?next=%2Fmy-orders"');
  });

  it("/my-orders/<id> shows one's own order; another account, a guest and a malformed id get 404", async () => {
    const own = await demo.get(`/my-orders/${demoOrderIds[0]}`);
    expect(own.status).to.equal(200);
    const number = (await db('orders').where({ id: demoOrderIds[0] }).first('number')).number;
    expect(own.text).to.include(number);

    const other = await signIn(server.url, await makeAccount(db, site, 'other'));
    for (const path of [`/my-orders/${demoOrderIds[0]}`, `/my-orders/${demoOrderIds[0]}/tracking`]) {
      const res = await other.get(path);
      expect(res.status, path).to.equal(404);
      expect(res.text).not.to.include(number);
      expect((await new TestBrowser(server.url).get(path)).status).to.equal(404);
    }
    expect((await demo.get('/my-orders/not-an-id')).status).to.equal(404);
    expect((await demo.get(`/my-orders/${newId()}`)).status).to.equal(404);
  });

  it('an order placed while signed in appears in /my-orders and at /my-orders/<ID>; placing emptied the cart', async () => {
    const email = await makeAccount(db, site, 'placer');
    const browser = await signIn(server.url, email);
    const [variant] = await availableVariants(db, site.id, 1);
    const { token } = await browserWithCart(server.url, [[variant.id, 2]], browser);
    const q = await browser.postJson('/_post/checkout/quote', { shipping_address: ADDRESS }, token);
    const placed = await browser.postJson(
      '/_post/checkout/place-order',
      {
        idempotency_key: idempotencyKey(),
        quote_fingerprint: q.json.Fingerprint,
        shipping_address: ADDRESS,
        note: '',
      },
      token,
    );
    expect(placed.status, placed.text).to.equal(201);
    expect(orderIdsOn(await browser.get('/my-orders'))).to.deep.equal([placed.json.ID]);
    const show = await browser.get(`/my-orders/${placed.json.ID}`);
    expect(show.status).to.equal(200);
    expect(show.text).to.include(placed.json.Number);
    expect((await browser.get('/cart')).text).to.include('0 items');
    expect((await demo.get(`/my-orders/${placed.json.ID}`)).status).to.equal(404);
  });

  it('/tracking finds the order of a tracking number without login, in any case and spacing', async () => {
    for (const number of [DEMO_TRACKING, DEMO_TRACKING.toLowerCase(), ` PW4820 0173 65GB `]) {
      const res = await new TestBrowser(server.url).get(`/tracking?number=${encodeURIComponent(number)}`);
      expect(res.status, number).to.equal(200);
      expect(res.text, number).to.include('class="number"');
      expect(res.text).to.include('Demo Customer');
    }
    const unknown = await new TestBrowser(server.url).get('/tracking?number=NOPE123');
    expect(unknown.text).to.include('class="not-found"');
  });

  it("/tracking on another website does not find this website's tracking number", async () => {
    const host = `track-other-${Date.now().toString(36)}.example`;
    await addSite(db, { host });
    const url = new URL(server.url);
    const here = await getAsHost(server.url, url.host, `/tracking?number=${DEMO_TRACKING}`);
    expect(here.text).to.include('class="number"');
    const there = await getAsHost(server.url, host, `/tracking?number=${DEMO_TRACKING}`);
    expect(there.status).to.equal(200);
    expect(there.text).to.include('class="not-found"');
    expect(there.text).not.to.include('Demo Customer');
  });

  it('tracking links are http(s) only and open with rel="noopener noreferrer"', async () => {
    const page = await demo.get(`/my-orders/${demoOrderIds[demoOrderIds.length - 1]}/tracking`);
    expect(page.status).to.equal(200);
    expect(page.text).to.match(
      /<a href="https:\/\/track\.example\.com\/parcelway\/PW4820017365GB" rel="noopener noreferrer"/,
    );
    // A javascript: URL that reached the database some other way is never rendered as a link.
    const orderId = demoOrderIds[0];
    await db('shipments').insert({
      id: newId(),
      site_id: site.id,
      order_id: orderId,
      carrier: 'Evil',
      tracking_number: `EVIL${Date.now()}`,
      tracking_url: 'javascript:alert(1)',
      status: 'shipped',
      shipped_at: dbNow(),
      created_at: dbNow(),
    });
    const evil = await demo.get(`/my-orders/${orderId}/tracking`);
    expect(evil.status).to.equal(200);
    expect(evil.text).to.include('Evil');
    expect(evil.text).not.to.include('javascript:');
  });
});
