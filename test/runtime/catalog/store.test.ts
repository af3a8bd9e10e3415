// The listing query (a range of products.listing_rank) on SQLite and MySQL: pages in catalog order
// (position, then id) without gaps or repeats, archived products left out, totals.
import { expect } from 'chai';
import { createDb, type Db } from '../../../runtime/db.js';
import { migrateLatest } from '../../../runtime/migrate.js';
import { dbNow } from '../../../runtime/time.js';
import { addSite, type Site } from '../../../runtime/sites/store.js';
import { pageOfProducts } from '../../../runtime/catalog/store.js';
import { renumberListing } from '../../../runtime/catalog/listing-rank.js';
import { forEachEngine } from '../../helpers/engines.js';
import { productRow } from '../../helpers/product-rows.js';

forEachEngine('catalog listing query', (ctx) => {
  let db: Db;
  let site: Site;
  let expected: string[];

  before(async function () {
    this.timeout(60000);
    db = createDb(ctx.url());
    await migrateLatest(db);
    site = await addSite(db, { host: `listing-${ctx.engine}.example`, name: 'Listing' });
    const other = await addSite(db, { host: `other-${ctx.engine}.example`, name: 'Other' });
    const now = dbNow();
    const rows = [];
    for (let i = 0; i < 57; i++) {
      rows.push(
        productRow(site.id, `p-${i}`, {
          name: `Product ${i}`,
          // ties in position: the id decides
          position: i % 7,
          archivedAt: i % 10 === 3 ? now : null,
          now,
        }),
      );
    }
    rows.push(productRow(other.id, 'elsewhere', { name: 'Elsewhere', now }));
    await db('products').insert(rows);
    for (const s of [site, other]) await db.transaction((trx) => renumberListing(trx, s.id));
    expected = rows
      .filter((r) => r.site_id === site.id && r.archived_at === null)
      .sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((r) => r.slug);
  });
  after(() => db?.destroy());

  it('returns every live product of the site once, in catalog order, page after page', async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < 60; offset += 12) {
      const { rows, total } = await pageOfProducts(db, site.id, 12, offset);
      expect(total).to.equal(expected.length);
      seen.push(...rows.map((r) => r.slug));
    }
    expect(seen).to.deep.equal(expected);
  });

  it('answers an empty page past the end, with the total', async () => {
    const { rows, total } = await pageOfProducts(db, site.id, 12, 600);
    expect(rows).to.deep.equal([]);
    expect(total).to.equal(expected.length);
  });
});
