// Pages of visitors without a session are rendered once per catalog-cache lifetime and shared, with
// each visitor's own CSRF token put in; a visitor with a session (a cart) always gets their own render.
import { expect } from 'chai';
import { findSiteByHostExact } from '../../runtime/sites/store.js';
import { availableVariants } from '../helpers/commerce.js';
import { TestBrowser } from '../helpers/browser.js';
import { prepareDatabase, startTestServer, tempSqliteUrl, type TestServer } from '../helpers/server.js';

const defaultSiteId = async () => (await findSiteByHostExact(server.db, undefined))!.id;
const token = (html: string) => /<meta name="csrf-token" content="([^"]*)"/.exec(html)![1];

let server: TestServer;

describe('http/guest pages (serve, SQLite)', () => {
  let cleanup: () => void;
  let renders = 0;

  before(async () => {
    const tmp = tempSqliteUrl();
    cleanup = tmp.cleanup;
    await prepareDatabase(tmp.url);
    server = await startTestServer(tmp.url, { catalogCacheMs: 60_000 });
    const theme = server.deps.theme();
    const render = theme.render.bind(theme);
    theme.render = (...args: Parameters<typeof render>) => {
      renders++;
      return render(...args);
    };
  });
  after(async () => {
    await server?.close();
    cleanup?.();
  });

  it('renders /products once for many guests, each with a token of their own that works', async () => {
    renders = 0;
    const guests = Array.from({ length: 5 }, () => new TestBrowser(server.url));
    const pages = await Promise.all(guests.map((g) => g.get('/products?page=1')));
    expect(renders).to.equal(1);
    const tokens = pages.map((p) => token(p.text));
    expect(new Set(tokens).size).to.equal(5);
    // Apart from the token, every guest got the same bytes.
    expect(new Set(pages.map((p, i) => p.text.replaceAll(tokens[i], 'T'))).size).to.equal(1);
    expect(pages[0].text).not.to.match(/sfcsrf[0-9a-f]{24}/);
    const [variant] = await availableVariants(server.db, await defaultSiteId(), 1);
    const added = await guests[3].postJson(
      '/_post/cart/add',
      { variant_id: variant.id, quantity: 1 },
      tokens[3],
    );
    expect(added.status, added.text).to.equal(200);
    const stolen = await guests[4].postJson(
      '/_post/cart/add',
      { variant_id: variant.id, quantity: 1 },
      tokens[3],
    );
    expect(stolen.status).to.equal(403);
  });

  it('renders its own page for a visitor with a session, and for another URL', async () => {
    const buyer = new TestBrowser(server.url);
    const first = await buyer.get('/products');
    const [variant] = await availableVariants(server.db, await defaultSiteId(), 1);
    expect(
      (await buyer.postJson('/_post/cart/add', { variant_id: variant.id, quantity: 2 }, token(first.text)))
        .status,
    ).to.equal(200);
    renders = 0;
    const mine = await buyer.get('/products');
    expect(renders).to.equal(1);
    expect(mine.text).to.match(/data-cart-count>2</);
    const guest = await new TestBrowser(server.url).get('/products');
    expect(guest.text).to.match(/data-cart-count>0</);
    renders = 0;
    await new TestBrowser(server.url).get('/products?page=2');
    expect(renders).to.equal(1);
  });

  it('is off where the catalog cache is off (dev, --catalog-cache-ms 0)', async () => {
    const tmp = tempSqliteUrl();
    try {
      await prepareDatabase(tmp.url);
      const uncached = await startTestServer(tmp.url, { catalogCacheMs: 0 });
      expect(uncached.deps.guestPages).to.equal(null);
      await uncached.close();
    } finally {
      tmp.cleanup();
    }
  });
});
