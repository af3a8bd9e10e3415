// The listing-rank migration on SQLite and MySQL: existing products of every site are ranked 1..n in
// `(position, id)` order with archived ones left unranked, the ranks are unique per site, and the
// migration rolls back (column and index gone) and forward again.
import { expect } from 'chai';
import { createDb, type Db } from '../../../runtime/db.js';
import { migrateLatest } from '../../../runtime/migrate.js';
import { dbNow } from '../../../runtime/time.js';
import { addSite, type Site } from '../../../runtime/sites/store.js';
import * as migration from '../../../knex/migrations/20261124100000_add_products_listing_rank.js';
import { forEachEngine } from '../../helpers/engines.js';
import { productRow } from '../../helpers/product-rows.js';

forEachEngine('migration add_products_listing_rank', (ctx) => {
  let db: Db;
  let sites: Site[];

  before(async function () {
    this.timeout(60000);
    db = createDb(ctx.url());
    await migrateLatest(db);
    sites = [
      await addSite(db, { host: `rank-a-${ctx.engine}.example`, name: 'A' }),
      await addSite(db, { host: `rank-b-${ctx.engine}.example`, name: 'B' }),
    ];
    // Products written before the ranks existed.
    await migration.down(db);
    const now = dbNow();
    const rows = [];
    for (const [s, site] of sites.entries())
      for (let i = 0; i < 23; i++)
        rows.push(
          productRow(site.id, `m-${i}`, {
            name: `Product ${i}`,
            position: (i * (s + 3)) % 5, // ties: the id decides
            archivedAt: i % 6 === 1 ? now : null,
            now,
          }),
        );
    await db('products').insert(rows);
    await migration.up(db);
  });
  after(() => db?.destroy());

  it('ranks the live products of every site in listing order and leaves archived ones unranked', async () => {
    for (const site of sites) {
      const live = (await db('products')
        .where({ site_id: site.id })
        .whereNull('archived_at')
        .orderBy([{ column: 'position' }, { column: 'id' }])
        .select('listing_rank')) as Array<{ listing_rank: number }>;
      expect(live.map((r) => Number(r.listing_rank))).to.deep.equal(live.map((_, i) => i + 1));
      const archived = (await db('products')
        .where({ site_id: site.id })
        .whereNotNull('archived_at')
        .select('listing_rank')) as Array<{ listing_rank: number | null }>;
      expect(archived).to.have.length(4);
      expect(archived.map((r) => r.listing_rank)).to.deep.equal([null, null, null, null]);
    }
  });

  it('refuses a rank twice in a site, allows it on another site', async () => {
    const [a, b] = sites;
    const second = (await db('products').where({ site_id: a.id, listing_rank: 2 }).first('id')) as {
      id: string;
    };
    const dup = await db('products')
      .where({ id: second.id })
      .update({ listing_rank: 1 })
      .catch((e: unknown) => e);
    expect(dup).to.be.instanceOf(Error);
    expect(await db('products').where({ site_id: b.id, listing_rank: 1 }).first('id')).to.not.equal(
      undefined,
    );
  });

  it('rolls back and forward again', async () => {
    await migration.down(db);
    expect(await db.schema.hasColumn('products', 'listing_rank')).to.equal(false);
    await migration.up(db);
    expect(await db.schema.hasColumn('products', 'listing_rank')).to.equal(true);
    const ranked = await db('products').whereNotNull('listing_rank').count({ n: '*' }).first();
    expect(Number((ranked as { n: number | string }).n)).to.equal(2 * 19);
  });
});
