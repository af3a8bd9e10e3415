// The database goes away during traffic (MySQL only: SQLite has no network to lose). A TCP proxy
// between the app and MariaDB resets every connection and refuses new ones, then comes back.
// While it is down, pages answer the error page (never a guest page or a signed-out view; only a
// cookie-less guest still gets the public catalog pages the process has cached), /_post
// answers JSON errors without internals, /readyz is 503 and /healthz 200. After it is back, the
// same server, without a restart, serves 200s again to the same still-signed-in browser.
import { expect } from 'chai';
import type { Db } from '../../runtime/db.js';
import type { Site } from '../../runtime/sites/store.js';
import { TestBrowser, type TestResponse } from '../helpers/browser.js';
import type { TestServer } from '../helpers/server.js';
import { useFaultRig } from '../helpers/fault-rig.js';
import { describeMysql } from '../helpers/engines.js';
import type { TcpProxy } from '../helpers/tcp-proxy.js';
import { ADDRESS, availableVariants, idempotencyKey, type VariantRow } from '../helpers/commerce.js';

const PAGES = ['/', '/products', '/my-orders', '/profile', '/cart', '/checkout', '/tracking?number=NOPE'];

/** The 503 HTML error page, showing nobody: neither the signed-in greeting nor a guest view. */
function expectErrorPage(res: TestResponse, path: string, displayName: string): void {
  expect(res.status, `${path}: ${res.text.slice(0, 200)}`).to.equal(503);
  expect(res.headers.get('retry-after'), path).to.match(/^\d+$/);
  expect(res.headers.get('content-type'), path).to.match(/^text\/html/);
  expect(res.headers.get('cache-control'), path).to.include('no-store');
  expect(res.text, path).to.include('Something went wrong');
  expect(res.text, path).to.not.include(displayName);
  expect(res.text, path).to.not.match(/sign in|sign out|create account|log ?in/i);
  expect(res.text, path).to.not.match(/\bat .*\.(js|ts):\d+|ECONN|mysql|knex/i);
}

/** A 503 JSON error {error:{code,message}} with nothing else: no stack, no driver message. */
function expectJsonError(res: TestResponse, path: string): void {
  expect(res.status, `${path}: ${res.text.slice(0, 200)}`).to.equal(503);
  expect(res.headers.get('retry-after'), path).to.match(/^\d+$/);
  expect(res.headers.get('cache-control'), path).to.include('no-store');
  expect(res.headers.get('content-type'), path).to.match(/^application\/json/);
  expect(res.json, path).to.be.an('object');
  expect(Object.keys(res.json), path).to.deep.equal(['error']);
  expect(Object.keys(res.json.error).sort(), path).to.deep.equal(['code', 'message']);
  expect(res.json.error.code, path).to.equal('service_unavailable');
  expect(res.json.error.message, path).to.be.a('string').and.not.equal('');
  expect(res.text, path).to.not.match(
    /stack|\bat .*\.(js|ts):\d+|ECONN|PROTOCOL_|mysql|knex|select |insert /i,
  );
}

describeMysql('faults/database outage', function () {
  let directDb: Db;
  let proxy: TcpProxy;
  let server: TestServer;
  let site: Site;
  let v: VariantRow[];
  let email: string;
  let displayName: string;
  let user: TestBrowser;
  let userToken: string;
  let productSlug: string;
  let otherSlug: string;

  // A long catalog cache, so that which catalog pages are cached during the outage is certain.
  const rig = useFaultRig('outage', { catalogCacheMs: 60000 });
  before(async function () {
    ({ directDb, proxy, server, site, email, displayName, user, token: userToken } = rig);
    v = await availableVariants(directDb, site.id, 2);
    const slugs = (await directDb('products')
      .where({ site_id: site.id })
      .orderBy('slug')
      .limit(2)
      .select('slug')) as Array<{
      slug: string;
    }>;
    [productSlug, otherSlug] = slugs.map((r) => r.slug);
    const add = await user.postJson('/_post/cart/add', { variant_id: v[0].id, quantity: 2 }, userToken);
    expect(add.status, add.text).to.equal(200);
  });

  /** Waits (bounded by the test timeout) until /readyz says the database is back. */
  async function waitReady(): Promise<void> {
    for (;;) {
      const res = await fetch(`${server.url}/readyz`);
      if (res.status === 200) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function expectHealthyAndSignedIn(): Promise<void> {
    for (const path of PAGES) {
      const res = await user.get(path);
      expect(res.status, `${path}: ${res.text.slice(0, 300)}`).to.equal(200);
      expect(res.text, path).to.include(displayName);
    }
    const cart = await user.postJson('/_post/cart/get', {}, userToken);
    expect(cart.status, cart.text).to.equal(200);
    expect(
      cart.json.Items.map((l: { variant_id: string; quantity: number }) => [l.variant_id, l.quantity]),
    ).to.deep.equal([[v[0].id, 2]]);
    const guest = new TestBrowser(server.url);
    const products = await guest.get('/products');
    expect(products.status).to.equal(200);
    expect(products.text).to.not.include(displayName);
  }

  it('serves the signed-in user through the proxy before the outage', async () => {
    await expectHealthyAndSignedIn();
    expect(proxy.accepted).to.be.greaterThan(0);
  });

  it('while the database is unreachable: error pages, JSON 5xx on /_post, /readyz 503, /healthz 200', async function () {
    this.timeout(120000);
    const guest = new TestBrowser(server.url);
    const guestToken = await guest.csrfToken('/login'); // a guest page that needs no database beyond the site
    for (const path of ['/products', `/products/${productSlug}`])
      expect((await guest.get(path)).status).to.equal(200);
    await proxy.cut();

    const healthz = await fetch(`${server.url}/healthz`);
    expect(healthz.status).to.equal(200);
    const readyz = await fetch(`${server.url}/readyz`);
    expect(readyz.status).to.equal(503);
    expect(((await readyz.json()) as { error: { code: string } }).error.code).to.equal('service_unavailable');

    for (const path of PAGES) expectErrorPage(await user.get(path), `signed-in ${path}`, displayName);
    // A guest without a session needs the database only for catalog objects no process holds yet;
    // the ones cached before the outage (public, the same for everyone) are still served.
    for (const path of ['/products?page=2', `/products/${otherSlug}`])
      expectErrorPage(await guest.get(path), `guest ${path}`, displayName);
    for (const path of ['/products', `/products/${productSlug}`]) {
      const cached = await guest.get(path);
      expect(cached.status, `guest ${path}`).to.equal(200);
      expect(cached.text).to.not.include(displayName);
    }

    const posts: Array<[string, unknown]> = [
      ['/_post/cart/get', {}],
      ['/_post/cart/add', { variant_id: v[1].id, quantity: 1 }],
      ['/_post/cart/update', { variant_id: v[0].id, quantity: 3 }],
      ['/_post/cart/remove', { variant_id: v[0].id }],
      ['/_post/checkout/quote', { shipping_address: ADDRESS }],
      [
        '/_post/checkout/place-order',
        {
          idempotency_key: idempotencyKey(),
          quote_fingerprint: 'a'.repeat(64),
          shipping_address: ADDRESS,
          note: '',
        },
      ],
      ['/_post/profile/update', { display_name: 'Changed', phone: '' }],
      ['/_post/auth/logout', {}],
      ['/_post/auth/login', { email, password: 'whatever-password' }],
    ];
    for (const [path, body] of posts)
      expectJsonError(await user.postJson(path, body, userToken), `signed-in ${path}`);
    // A guest without a session has no cart to read; adding to one and signing in need the database.
    for (const [path, body] of posts.filter(([p]) => /cart\/add|auth\/login/.test(p)))
      expectJsonError(await guest.postJson(path, body, guestToken), `guest ${path}`);

    // A burst of concurrent traffic fails the same way (and fails, rather than queueing forever).
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 ? user.get(PAGES[i % PAGES.length]) : user.postJson('/_post/cart/get', {}, userToken),
      ),
    );
    for (const res of burst) expect(res.status, res.text.slice(0, 200)).to.equal(503);

    // Operators see each failure once, as a JSON line with the request id and the driver's reason.
    const logs = rig.stderr.errorLogs();
    expect(logs.length).to.be.at.least(posts.length + PAGES.length);
    for (const log of logs) {
      expect(log.request_id).to.be.a('string').and.not.equal('');
      expect(String(log.message)).to.match(/ECONN|connect|Connection|timeout/i);
    }

    // Nothing the user did while the database was away changed their data.
    const account = (await directDb('accounts').where({ email }).first('display_name')) as {
      display_name: string;
    };
    expect(account.display_name).to.equal(displayName);
  });

  it('after the database is back, the same server answers 200 and the user is still signed in', async function () {
    this.timeout(120000);
    await proxy.cut();
    expectErrorPage(await user.get('/my-orders'), '/my-orders', displayName);
    await proxy.restore();
    await waitReady();
    await expectHealthyAndSignedIn();
  });

  it('when new connections hang instead of being refused, requests still end in 503 (bounded by the pool timeouts), then recover', async function () {
    this.timeout(120000);
    await proxy.cut({ newConnections: 'hang' });
    const results = await Promise.all([
      ...PAGES.map((path) => user.get(path)),
      ...PAGES.map((path) => user.get(path)),
      user.postJson('/_post/cart/get', {}, userToken),
      user.postJson('/_post/cart/add', { variant_id: v[1].id, quantity: 1 }, userToken),
    ]);
    const readyz = await fetch(`${server.url}/readyz`);
    expect(readyz.status).to.equal(503);
    for (const res of results) {
      if ((res.headers.get('content-type') ?? '').startsWith('text/html'))
        expectErrorPage(res, 'hang', displayName);
      else expectJsonError(res, 'hang');
    }
    await proxy.restore();
    await waitReady();
    await expectHealthyAndSignedIn();
  });

  it('recovers from repeated outages, including one that starts while requests are in flight', async function () {
    this.timeout(120000);
    for (let round = 0; round < 3; round++) {
      const inFlight = Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          i % 3 ? user.get(PAGES[i % PAGES.length]) : user.postJson('/_post/cart/get', {}, userToken),
        ),
      );
      await new Promise((r) => setTimeout(r, 5 * round));
      await proxy.cut();
      for (const res of await inFlight) {
        // Each answer is either a full success or a clean error: never a guest view of a signed-in page.
        if (res.status === 200) {
          if ((res.headers.get('content-type') ?? '').startsWith('text/html'))
            expect(res.text).to.include(displayName);
        } else if ((res.headers.get('content-type') ?? '').startsWith('text/html')) {
          expectErrorPage(res, 'in flight', displayName);
        } else {
          expectJsonError(res, 'in flight');
        }
      }
      await proxy.restore();
      await waitReady();
      await expectHealthyAndSignedIn();
    }
  });
});
