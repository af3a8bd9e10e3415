// The per-process catalog cache of `serve` over a real listening server: a repeated catalog page
// costs no catalog query, checkout keeps reading live prices, and a change shows once the time is up.
import { expect } from 'chai';
import { CatalogReader } from '../../runtime/catalog/service.js';
import { findSiteByHostExact } from '../../runtime/sites/store.js';
import { TestBrowser } from '../helpers/browser.js';
import { prepareDatabase, startTestServer, tempSqliteUrl, type TestServer } from '../helpers/server.js';

const CATALOG_TABLES = /\b(products|variants)\b/;

describe('http/catalog cache (serve, SQLite)', () => {
  let url: string;
  let cleanup: () => void;
  const servers: TestServer[] = [];

  before(async () => {
    const tmp = tempSqliteUrl();
    cleanup = tmp.cleanup;
    url = tmp.url;
    await prepareDatabase(url);
  });
  after(async () => {
    for (const s of servers) await s.close();
    cleanup();
  });

  async function start(catalogCacheMs?: number): Promise<TestServer> {
    const server = await startTestServer(url, { catalogCacheMs });
    servers.push(server);
    return server;
  }

  it('serves a repeated /products and product page without catalog queries (default settings)', async () => {
    const server = await start();
    const browser = new TestBrowser(server.url);
    const first = await browser.get('/products');
    const slug = /href="\/products\/([^"?]+)"/.exec(first.text)![1];
    await browser.get(`/products/${slug}`);

    server.queries.length = 0;
    const again = await browser.get('/products');
    const product = await browser.get(`/products/${slug}`);
    expect(again.status).to.equal(200);
    expect(again.text.match(/class="card/g)?.length).to.equal(first.text.match(/class="card/g)?.length);
    expect(product.status).to.equal(200);
    expect(server.queries.filter((q) => CATALOG_TABLES.test(q))).to.deep.equal([]);

    // another page of the listing is another entry
    await browser.get('/products?page=2');
    expect(server.queries.filter((q) => CATALOG_TABLES.test(q))).to.have.length.greaterThan(0);
  });

  it('hands out frozen objects, so one render cannot change what the next one sees', async () => {
    const server = await start(0);
    const site = (await findSiteByHostExact(server.db, undefined))!;
    const catalog = new CatalogReader(server.db, 60000);
    const listing = await catalog.paginate(site.id, {}, { path: '/products', query: {} });
    const product = (await catalog.find(site.id, listing.items[0].slug))!;
    for (const value of [listing.items, listing.items[0].price, product, product.variants[0].price])
      expect(Object.isFrozen(value)).to.equal(true);
    expect(() => {
      'use strict';
      (product as { name: string }).name = 'changed';
    }).to.throw(TypeError);
  });

  it('shows a renamed product once the cache time is up, and at once with the cache off', async () => {
    const cached = await start(20);
    const uncached = await start(0);
    const db = cached.db;
    const [row] = await db('products')
      .orderBy([{ column: 'position' }, { column: 'id' }])
      .limit(1)
      .select('id', 'slug', 'name');
    const before = await new TestBrowser(cached.url).get(`/products/${row.slug}`);
    expect(before.text).to.include(row.name);

    await db('products').where({ id: row.id }).update({ name: 'Renamed Coffee' });
    try {
      expect((await new TestBrowser(uncached.url).get(`/products/${row.slug}`)).text).to.include(
        'Renamed Coffee',
      );
      await new Promise((r) => setTimeout(r, 100)); // well past 20 ms
      expect((await new TestBrowser(cached.url).get(`/products/${row.slug}`)).text).to.include(
        'Renamed Coffee',
      );
    } finally {
      await db('products').where({ id: row.id }).update({ name: row.name });
    }
  });

  it('prices the cart from the database even while the catalog page still shows the old price', async () => {
    const server = await start(60000);
    const browser = new TestBrowser(server.url);
    const [variant] = await server
      .db('variants')
      .orderBy('id')
      .limit(1)
      .select('id', 'product_id', 'price_minor');
    const [product] = await server.db('products').where({ id: variant.product_id }).select('slug');
    await browser.get(`/products/${product.slug}`); // cached now
    await server
      .db('variants')
      .where({ id: variant.id })
      .update({ price_minor: Number(variant.price_minor) + 100 });
    try {
      const token = await browser.csrfToken('/products');
      const added = await browser.postJson('/_post/cart/add', { variant_id: variant.id, quantity: 1 }, token);
      expect(added.status, added.text).to.equal(200);
      const cart = await browser.postJson('/_post/cart/get', {}, token);
      expect(cart.json.Items[0].UnitPrice).to.equal(Number(variant.price_minor) + 100);
    } finally {
      await server.db('variants').where({ id: variant.id }).update({ price_minor: variant.price_minor });
    }
  });
});
