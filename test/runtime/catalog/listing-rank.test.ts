// The materialized listing ranks on SQLite and MySQL: after imports that insert, reorder, archive and
// list products again (in one batch and in many), after seeding and after a delete, the listing read
// through the ranks is exactly the `(position, id)` order of the live products, page after page,
// with the same total; archived products hold no rank; another site's ranks are left alone.
import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type Db } from '../../../runtime/db.js';
import { migrateLatest } from '../../../runtime/migrate.js';
import { addSite, type Site } from '../../../runtime/sites/store.js';
import { importCatalogFile } from '../../../runtime/catalog/import/index.js';
import { planImport } from '../../../runtime/catalog/import/plan.js';
import { applyPlan } from '../../../runtime/catalog/import/apply.js';
import { renumberListing } from '../../../runtime/catalog/listing-rank.js';
import { liveProductCount, pageOfProducts } from '../../../runtime/catalog/store.js';
import { seedFixtures } from '../../../runtime/fixtures/seed.js';
import type { CatalogProduct } from '../../../runtime/catalog/import/types.js';
import type { Fixtures } from '../../../runtime/fixtures/load.js';
import { forEachEngine } from '../../helpers/engines.js';

interface Spec {
  slug: string;
  position: number;
}

/** A JSON catalog of products, one variant each. */
function catalogJson(products: Spec[]): string {
  return JSON.stringify({
    products: products.map((p) => ({
      slug: p.slug,
      name: `Product ${p.slug}`,
      position: p.position,
      variants: [{ sku: `SKU-${p.slug}`, name: 'One', price: 100, currency: 'EUR' }],
    })),
  });
}

/** The same catalog as the importer's parsed products (for planImport with small batches). */
function catalogProducts(products: Spec[]): CatalogProduct[] {
  return products.map((p) => ({
    slug: p.slug,
    name: `Product ${p.slug}`,
    description: '',
    category: '',
    position: p.position,
    images: [],
    variants: [
      {
        sku: `SKU-${p.slug}`,
        name: 'One',
        price: 100,
        currency: 'EUR',
        available: true,
        stock: null,
        image: null,
      },
    ],
  }));
}

const range = (from: number, to: number, position: (i: number) => number): Spec[] =>
  Array.from({ length: to - from }, (_, k) => ({ slug: `p-${from + k}`, position: position(from + k) }));

forEachEngine('catalog listing ranks', (ctx) => {
  let db: Db;
  let site: Site;
  let other: Site;
  let dir: string;
  let otherRanks: unknown[];

  async function importJson(products: Spec[], archiveMissing = false) {
    const file = join(dir, `catalog-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, catalogJson(products));
    return importCatalogFile(db, site.id, file, { archiveMissing });
  }

  /** Today's listing query: the live products in `(position, id)` order, without the ranks. */
  async function referenceOrder(siteId: string): Promise<string[]> {
    const rows = (await db('products')
      .where({ site_id: siteId })
      .whereNull('archived_at')
      .orderBy([{ column: 'position' }, { column: 'id' }])
      .select('slug')) as Array<{ slug: string }>;
    return rows.map((r) => r.slug);
  }

  async function ranksOf(siteId: string) {
    return db('products')
      .where({ site_id: siteId })
      .orderBy('id')
      .select('id', 'listing_rank', 'archived_at');
  }

  /** The listing read through the ranks (every page of `perPage`) is the reference order, and so is its total. */
  async function expectListingMatches(perPage = 7): Promise<string[]> {
    const expected = await referenceOrder(site.id);
    const seen: string[] = [];
    for (let offset = 0; offset <= expected.length + perPage; offset += perPage) {
      const { rows, total } = await pageOfProducts(db, site.id, perPage, offset);
      expect(total).to.equal(expected.length);
      seen.push(...rows.map((r) => r.slug));
    }
    expect(seen).to.deep.equal(expected);
    expect(await liveProductCount(db, site.id)).to.equal(expected.length);
    const archived = await db('products')
      .where({ site_id: site.id })
      .whereNotNull('archived_at')
      .whereNotNull('listing_rank')
      .count({ n: '*' })
      .first();
    expect(Number((archived as { n: number | string }).n), 'archived products holding a rank').to.equal(0);
    expect(await ranksOf(other.id), 'the other site').to.deep.equal(otherRanks);
    return expected;
  }

  before(async function () {
    this.timeout(60000);
    db = createDb(ctx.url());
    await migrateLatest(db);
    site = await addSite(db, { host: `ranks-${ctx.engine}.example`, name: 'Ranks' });
    other = await addSite(db, { host: `ranks-other-${ctx.engine}.example`, name: 'Other' });
    dir = mkdtempSync(join(tmpdir(), 'storefront-ranks-'));
    const file = join(dir, 'other.json');
    writeFileSync(file, catalogJson(range(0, 9, (i) => 9 - i)));
    await importCatalogFile(db, other.id, file);
    otherRanks = await ranksOf(other.id);
    expect(otherRanks.map((r) => (r as { listing_rank: number }).listing_rank).sort()).to.deep.equal([
      1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
  });
  after(async () => {
    await db?.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('ranks the products an import creates, ties in position decided by id', async () => {
    await importJson(range(0, 40, (i) => i % 5));
    expect(await expectListingMatches()).to.have.length(40);
  });

  it('follows an import that reorders, inserts in the middle and archives the missing', async () => {
    const report = await importJson([...range(0, 32, (i) => 40 - i), ...range(100, 110, () => 20)], true);
    expect(report.products.archived).to.equal(8);
    expect(report.products.created).to.equal(10);
    expect(await expectListingMatches()).to.have.length(42);
  });

  it('follows an import in many small batches that lists archived products again', async () => {
    const plan = await planImport(
      db,
      site.id,
      catalogProducts([...range(0, 40, (i) => (i * 7) % 11), ...range(100, 110, (i) => i % 3)]),
      { archiveMissing: true, hashOf: new Map() },
    );
    await applyPlan(db, plan, { batchVariants: 3 });
    expect(await expectListingMatches(5)).to.have.length(50);
  });

  it('changes no rank when an import changes only names and prices', async () => {
    const before = await ranksOf(site.id);
    const plan = await planImport(
      db,
      site.id,
      catalogProducts([...range(0, 40, (i) => (i * 7) % 11), ...range(100, 110, (i) => i % 3)]).map((p) => ({
        ...p,
        name: `${p.name} renamed`,
        variants: p.variants.map((v) => ({ ...v, price: 250 })),
      })),
      { hashOf: new Map() },
    );
    await applyPlan(db, plan);
    expect(await ranksOf(site.id)).to.deep.equal(before);
    expect(await db.transaction((trx) => renumberListing(trx, site.id))).to.equal(0);
  });

  it('closes the gap a deleted product leaves', async () => {
    const [victim] = await referenceOrder(site.id);
    await db.transaction(async (trx) => {
      await trx('products').where({ site_id: site.id, slug: victim }).delete();
      expect(await renumberListing(trx, site.id)).to.equal(49);
    });
    expect(await expectListingMatches()).to.have.length(49);
  });

  it('ranks what seeding writes (new products, and known ones moved), and a second seed writes nothing', async () => {
    // seed's positions are the fixtures' order: p-0…p-2 move to 6…8
    const fixtures: Fixtures = {
      products: [...range(200, 206, () => 0), ...range(0, 3, () => 0)].map((p) => ({
        slug: p.slug,
        name: `Seeded ${p.slug}`,
        description: '',
        category: '',
        variants: [{ sku: `SEED-${p.slug}`, name: 'One', price: 100, currency: 'EUR', available: true }],
      })),
      accounts: [],
      orders: [],
    };
    await seedFixtures(db, site, fixtures);
    expect(await expectListingMatches()).to.include.members(['p-200', 'p-205', 'p-0', 'p-2']);
    expect((await seedFixtures(db, site, fixtures)).changed).to.equal(0);
  });

  it('lets concurrent imports into one site all finish, the listing in order', async function () {
    this.timeout(60000);
    // Each renumber reads the whole listing: on MySQL they deadlock, and the losers are replayed.
    const before = (await referenceOrder(site.id)).length;
    const results = await Promise.allSettled(
      [0, 1, 2, 3, 4, 5].map((f) =>
        importJson(
          Array.from({ length: 60 }, (_, i) => ({ slug: `c${f}-${i}`, position: (i * 7 + f) % 13 })),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).to.deep.equal([]);
    expect(await expectListingMatches(25)).to.have.length(before + 360);
  });
});
