// CatalogReader's listing count on SQLite and MySQL: read once per cache TTL per site (not once per
// page or locale), on every call when the cache is off, and afresh after clear(); never a COUNT(*).
import { expect } from 'chai';
import { createDb, type Db } from '../../../runtime/db.js';
import { migrateLatest } from '../../../runtime/migrate.js';
import { dbNow } from '../../../runtime/time.js';
import { addSite, type Site } from '../../../runtime/sites/store.js';
import { CatalogReader } from '../../../runtime/catalog/service.js';
import { renumberListing } from '../../../runtime/catalog/listing-rank.js';
import { forEachEngine } from '../../helpers/engines.js';
import { productRow } from '../../helpers/product-rows.js';

// The count is the largest listing rank of the site (store.ts liveProductCount).
const COUNT = /^select max\(`listing_rank`\)/i;
const request = { path: '/products', query: {} };

forEachEngine('catalog reader: listing count', (ctx) => {
  let db: Db;
  let site: Site;
  const sql: string[] = [];

  async function addProducts(n: number, from: number): Promise<void> {
    const now = dbNow();
    const rows = [];
    for (let i = from; i < from + n; i++)
      rows.push(productRow(site.id, `c-${i}`, { name: `Product ${i}`, position: i, now }));
    await db('products').insert(rows);
    await db.transaction((trx) => renumberListing(trx, site.id));
  }

  before(async function () {
    this.timeout(60000);
    db = createDb(ctx.url());
    await migrateLatest(db);
    site = await addSite(db, { host: `count-${ctx.engine}.example`, name: 'Count' });
    await addProducts(25, 0);
    db.on('query', (q: { sql: string }) => sql.push(q.sql));
  });
  after(() => db?.destroy());
  beforeEach(() => (sql.length = 0));

  it('counts once per TTL for every page and locale of the listing', async () => {
    const reader = new CatalogReader(db, 60000);
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await reader.paginate(site.id, { limit: 10, page }, request));
    await reader.paginate(site.id, { limit: 10, page: 1 }, request, 'de-DE');
    expect(pages.map((p) => [p.items.length, p.total, p.total_pages])).to.deep.equal([
      [10, 25, 3],
      [10, 25, 3],
      [5, 25, 3],
    ]);
    expect(sql.filter((q) => COUNT.test(q))).to.have.length(1);
    expect(sql.filter((q) => /count\(/i.test(q))).to.deep.equal([]);
  });

  it('counts on every call with the cache off, and afresh after clear()', async () => {
    const off = new CatalogReader(db, 0);
    await off.paginate(site.id, { limit: 10, page: 1 }, request);
    await off.paginate(site.id, { limit: 10, page: 2 }, request);
    expect(sql.filter((q) => COUNT.test(q))).to.have.length(2);

    const cached = new CatalogReader(db, 60000);
    expect((await cached.paginate(site.id, { limit: 10, page: 1 }, request)).total).to.equal(25);
    await addProducts(3, 100);
    expect((await cached.paginate(site.id, { limit: 10, page: 2 }, request)).total).to.equal(25);
    cached.clear();
    expect((await cached.paginate(site.id, { limit: 10, page: 2 }, request)).total).to.equal(28);
    expect((await off.paginate(site.id, { limit: 10, page: 3 }, request)).total).to.equal(28);
  });
});
