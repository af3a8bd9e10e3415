// The catalog importer and exporter on SQLite and MySQL: validation with line numbers (nothing
// written on error), dry run, upsert and re-import idempotence, archiving, CSV and JSON round-trip.
import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type Db } from '../../../runtime/db.js';
import { migrateLatest } from '../../../runtime/migrate.js';
import { addSite, findSiteByHostExact, type Site } from '../../../runtime/sites/store.js';
import { CatalogImportError, importCatalogFile } from '../../../runtime/catalog/import/index.js';
import { exportCatalog, readCatalog } from '../../../runtime/catalog/export.js';
import { pageOfProducts, productBySlug } from '../../../runtime/catalog/store.js';
import { forEachEngine } from '../../helpers/engines.js';
import { jpeg } from '../../helpers/images.js';

const HEADER =
  'slug,name,description,category,sku,variant_name,price,currency,inventory,available,image,image_alt,position';
const CSV = `${HEADER}
mug,Mug,"A mug, white",kitchen,MUG-S,Small,10.90,EUR,5,true,mug.jpg,A mug,0
mug,,,,MUG-L,Large,12.50,EUR,,true,,,
tee,T-shirt,Cotton,clothes,TEE-M,M,19.00,EUR,0,false,,,1
yen,Yen thing,,misc,YEN-1,One,500,JPY,,,,,2
`;

forEachEngine('catalog import', (ctx) => {
  let db: Db;
  let site: Site;
  let dir: string;
  const file = (name: string, content: string) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };

  before(async function () {
    this.timeout(60000);
    db = createDb(ctx.url());
    await migrateLatest(db);
    site = await addSite(db, { host: `import-${ctx.engine}.example`, name: 'Import' });
    dir = mkdtempSync(join(tmpdir(), 'storefront-import-'));
    writeFileSync(join(dir, 'mug.jpg'), await jpeg(800, 600));
  });
  after(async () => {
    await db?.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function counts() {
    const p = (await db('products').where({ site_id: site.id }).count({ n: '*' }).first()) as { n: number };
    const v = (await db('variants').where({ site_id: site.id }).count({ n: '*' }).first()) as { n: number };
    return { products: Number(p.n), variants: Number(v.n) };
  }

  it('reports every problem with file, line and column, and writes nothing', async () => {
    const bad = file(
      'bad.csv',
      `${HEADER}
mug,Mug,,kitchen,MUG-S,Small,10.999,EUR,,true,,,
mug,Cup,,kitchen,MUG-L,Large,12.50,EUR,,true,,,
,Nameless,,x,X-1,One,1.00,EUR,,,,,
tee,T-shirt,,clothes,MUG-S,M,abc,EUR,-1,maybe,,,
yen,Yen,,misc,YEN-1,One,500.5,JPY,,,,,
zzz,Z,,misc,Z-1,One,1.00,XXX,,,,,
`,
    );
    let error: CatalogImportError | null = null;
    try {
      await importCatalogFile(db, site.id, bad);
    } catch (err) {
      error = err as CatalogImportError;
    }
    expect(error).to.be.instanceOf(CatalogImportError);
    const found = error!.problems.map((p) => `${p.line}:${p.column}`);
    expect(found).to.include.members([
      '2:price',
      '3:name',
      '4:slug',
      '5:sku',
      '5:price',
      '5:inventory',
      '5:available',
      '6:price',
      '7:currency',
    ]);
    expect(error!.message).to.contain(`${bad}:5: sku: duplicate SKU "MUG-S" (first on line 2)`);
    expect(await counts()).to.deep.equal({ products: 0, variants: 0 });
  });

  it('reports unknown and missing columns from the header', async () => {
    const bad = file('header.csv', 'slug,name,sku,price,colour\nmug,Mug,M,1.00,red\n');
    const err = await importCatalogFile(db, site.id, bad).catch((e: unknown) => e as CatalogImportError);
    expect(err).to.be.instanceOf(CatalogImportError);
    const found = (err as CatalogImportError).problems.map((p) => `${p.line}:${p.column}`);
    expect(found).to.have.members(['1:colour', '1:variant_name', '1:currency']);
  });

  it('a dry run reports what would change and writes nothing', async () => {
    const report = await importCatalogFile(db, site.id, file('a.csv', CSV), { dryRun: true });
    expect(report.products).to.deep.equal({ created: 3, updated: 0, unchanged: 0, archived: 0 });
    expect(report.variants).to.deep.equal({ created: 4, updated: 0, unchanged: 0 });
    expect(report.lists.variants.created).to.deep.equal(['MUG-S', 'MUG-L', 'TEE-M', 'YEN-1']);
    expect(report.images).to.deep.equal({ stored: 1, galleries_changed: 1 });
    expect(await counts()).to.deep.equal({ products: 0, variants: 0 });
    expect(await db('media').where({ site_id: site.id })).to.have.length(0);
  });

  it('imports, then importing the same file again changes nothing', async () => {
    const path = file('a.csv', CSV);
    const first = await importCatalogFile(db, site.id, path);
    expect(first.products.created).to.equal(3);
    expect(first.variants.created).to.equal(4);
    const mug = (await db('variants').where({ site_id: site.id, sku: 'MUG-S' }).first()) as Record<
      string,
      unknown
    >;
    expect(Number(mug.price_minor)).to.equal(1090);
    expect(Number(mug.stock)).to.equal(5);
    const large = (await db('variants').where({ site_id: site.id, sku: 'MUG-L' }).first()) as Record<
      string,
      unknown
    >;
    expect(large.stock).to.equal(null);
    expect(Number(large.position)).to.equal(1);
    const yen = (await db('variants').where({ site_id: site.id, sku: 'YEN-1' }).first()) as Record<
      string,
      unknown
    >;
    expect(Number(yen.price_minor)).to.equal(500);
    const product = await productBySlug(db, site.id, 'mug');
    expect(product?.description).to.equal('A mug, white');

    const again = await importCatalogFile(db, site.id, path);
    expect(again.products).to.deep.equal({ created: 0, updated: 0, unchanged: 3, archived: 0 });
    expect(again.variants).to.deep.equal({ created: 0, updated: 0, unchanged: 4 });
  });

  it('updates by slug and SKU', async () => {
    const changed = CSV.replace('12.50,EUR', '13.00,EUR').replace('Cotton', 'Organic cotton');
    const report = await importCatalogFile(db, site.id, file('b.csv', changed));
    expect(report.lists.products.updated).to.deep.equal(['tee']);
    expect(report.lists.variants.updated).to.deep.equal(['MUG-L']);
    expect(report.products.unchanged).to.equal(2);
    const large = (await db('variants').where({ site_id: site.id, sku: 'MUG-L' }).first()) as Record<
      string,
      unknown
    >;
    expect(Number(large.price_minor)).to.equal(1300);
    await importCatalogFile(db, site.id, file('a.csv', CSV));
  });

  it('--archive-missing hides the products the file leaves out, and listing them again restores them', async () => {
    const without = CSV.split('\n')
      .filter((l) => !l.startsWith('tee,'))
      .join('\n');
    const dry = await importCatalogFile(db, site.id, file('c.csv', without), {
      archiveMissing: true,
      dryRun: true,
    });
    expect(dry.lists.products.archived).to.deep.equal(['tee']);
    expect(await productBySlug(db, site.id, 'tee')).to.not.equal(undefined);

    const report = await importCatalogFile(db, site.id, file('c.csv', without), { archiveMissing: true });
    expect(report.products.archived).to.equal(1);
    expect(await productBySlug(db, site.id, 'tee')).to.equal(undefined);
    const { rows, total } = await pageOfProducts(db, site.id, 50, 0);
    expect(rows.map((r) => r.slug)).to.deep.equal(['mug', 'yen']);
    expect(total).to.equal(2);
    expect(await counts()).to.deep.equal({ products: 3, variants: 4 }); // rows stay for past orders
    const again = await importCatalogFile(db, site.id, file('c.csv', without), { archiveMissing: true });
    expect(again.products.archived).to.equal(0);

    const back = await importCatalogFile(db, site.id, file('a.csv', CSV));
    expect(back.lists.products.updated).to.deep.equal(['tee']);
    expect(await productBySlug(db, site.id, 'tee')).to.not.equal(undefined);
  });

  for (const format of ['csv', 'json'] as const)
    it(`a ${format} export imports back to the same catalog`, async () => {
      const text = await exportCatalog(db, site.id, format, join(dir, `out-${format}`));
      const path = join(dir, `out-${format}`, `export.${format}`);
      writeFileSync(path, text);
      const same = await importCatalogFile(db, site.id, path);
      expect(same.products).to.deep.include({ created: 0, updated: 0, archived: 0 });
      expect(same.variants).to.deep.include({ created: 0, updated: 0 });

      const other = await addSite(db, { host: `copy-${format}-${ctx.engine}.example`, name: 'Copy' });
      const copied = await importCatalogFile(db, other.id, path);
      expect(copied.products.created).to.equal(3);
      expect(await readCatalog(db, other.id)).to.deep.equal(await readCatalog(db, site.id));
    });

  it('validates JSON in the fixtures shape with JSON pointers', async () => {
    const bad = file(
      'bad.json',
      JSON.stringify({
        products: [
          { slug: 'Bad Slug', name: 'x', variants: [{ sku: 'S', name: 'v', price: 1.5, currency: 'EUR' }] },
        ],
      }),
    );
    const err = (await importCatalogFile(db, site.id, bad).catch((e: unknown) => e)) as CatalogImportError;
    expect(err.problems.map((p) => p.column)).to.have.members([
      '/products/0/slug',
      '/products/0/variants/0/price',
    ]);
  });

  it('the default site is untouched by another site’s import', async () => {
    const def = (await findSiteByHostExact(db, undefined))!;
    expect((await readCatalog(db, def.id)).length).to.equal(0);
  });
});
