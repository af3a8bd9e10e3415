// Product images through `catalog import` and `export`, on SQLite and MySQL: files and URLs read
// and checked before anything is written (problems located by line and column), originals stored
// once by content hash, galleries in file order with variant images, re-import changes nothing,
// and an export with its images/ folder imports back into another site unchanged.
import { expect } from 'chai';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type Db } from '../../../runtime/db.js';
import { migrateLatest } from '../../../runtime/migrate.js';
import { addSite, type Site } from '../../../runtime/sites/store.js';
import { CatalogImportError, importCatalogFile } from '../../../runtime/catalog/import/index.js';
import { exportCatalog, readCatalog } from '../../../runtime/catalog/export.js';
import { CatalogReader } from '../../../runtime/catalog/service.js';
import { forEachEngine } from '../../helpers/engines.js';
import { jpeg, transparentPng } from '../../helpers/images.js';

const HEADER =
  'slug,name,description,category,sku,variant_name,price,currency,inventory,available,image,image_alt,position';

forEachEngine('catalog import: images', (ctx) => {
  let db: Db;
  let site: Site;
  let dir: string;
  let http: Server;
  let base: string;
  const file = (name: string, content: string | Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  const problemsOf = async (path: string, into = site) => {
    const err = await importCatalogFile(db, into.id, path).catch((e: unknown) => e);
    expect(err).to.be.instanceOf(CatalogImportError);
    return (err as CatalogImportError).problems.map((p) => `${p.line}:${p.column}: ${p.message}`);
  };

  before(async function () {
    this.timeout(60000);
    db = createDb(ctx.url());
    await migrateLatest(db);
    site = await addSite(db, { host: `images-${ctx.engine}.example`, name: 'Images' });
    dir = mkdtempSync(join(tmpdir(), 'storefront-images-'));
    mkdirSync(join(dir, 'img'));
    file('img/blue.jpg', await jpeg(900, 600, '#24a'));
    file('img/red.jpg', await jpeg(900, 600, '#a24'));
    file('img/logo.png', await transparentPng(300, 300));
    file('img/fake.jpg', 'this is text, not a JPEG');
    const served = await jpeg(500, 500, '#2a4');
    http = createServer((req, res) => {
      if (req.url === '/photo.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(served);
      else res.writeHead(404).end('no');
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  after(async () => {
    await db?.destroy();
    http?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('reports a missing file, a non-image and a dead URL by line and column, and writes nothing', async () => {
    const path = file(
      'bad.csv',
      `${HEADER}
mug,Mug,,kitchen,MUG-1,Blue,10.00,EUR,,,img/missing.jpg,,
mug,,,,MUG-2,Red,10.00,EUR,,,img/fake.jpg,,
cap,Cap,,clothes,CAP-1,One,5.00,EUR,,,${base}/gone.jpg,,
hat,Hat,,clothes,HAT-1,One,5.00,EUR,,,ftp://example.com/x.jpg,,
`,
    );
    const problems = await problemsOf(path);
    expect(problems).to.have.length(1);
    expect(problems[0]).to.match(/^5:image: must be a file path or an http\(s\) URL/);
    const fixed = file(
      'bad2.csv',
      (await import('node:fs')).readFileSync(path, 'utf8').replace('ftp://example.com/x.jpg', ''),
    );
    const more = await problemsOf(fixed);
    expect(more).to.have.length(3);
    expect(more[0]).to.match(/^2:image: "img\/missing.jpg" not found/);
    expect(more[1]).to.match(/^3:image: "img\/fake.jpg" is not an image/);
    expect(more[2]).to.match(/^4:image: ".*\/gone.jpg" cannot be downloaded \(HTTP 404\)/);
    expect(await db('media').where({ site_id: site.id })).to.have.length(0);
    expect(await db('products').where({ site_id: site.id })).to.have.length(0);
  });

  it('stores originals once, keeps gallery order and variant images, and a re-import changes nothing', async () => {
    const path = file(
      'good.csv',
      `${HEADER}
mug,,,,,,,,,,img/logo.png,Our logo,
mug,Mug,A mug,kitchen,MUG-1,Blue,10.00,EUR,,,img/blue.jpg,A blue mug,0
mug,,,,MUG-2,Red,10.00,EUR,,,img/red.jpg,A red mug,
mug,,,,MUG-3,Plain,9.00,EUR,,,,,
cup,Cup,,kitchen,CUP-1,One,4.00,EUR,,,img/blue.jpg,A blue cup,1
cap,Cap,,clothes,CAP-1,One,5.00,EUR,,,${base}/photo.jpg,A green cap,2
`,
    );
    const first = await importCatalogFile(db, site.id, path);
    expect(first.images).to.deep.equal({ stored: 4, galleries_changed: 3 });
    expect(await db('media').where({ site_id: site.id })).to.have.length(4);

    const reader = new CatalogReader(db, 0);
    const mug = (await reader.find(site.id, 'mug'))!;
    expect(mug.images.map((i) => i.alt)).to.deep.equal(['Our logo', 'A blue mug', 'A red mug']);
    expect(mug.images[0].url).to.match(/^\/media\/[0-9a-f]{64}\/300\.png$/); // transparent: PNG
    expect(mug.images[1]).to.include({ width: 900, height: 600 });
    expect(mug.images[1].url).to.equal(`/media/${mug.images[1].id}/900.jpg`);
    expect(mug.variants.map((v) => v.images.map((i) => i.alt))).to.deep.equal([
      ['A blue mug'],
      ['A red mug'],
      [],
    ]);
    const cup = (await reader.find(site.id, 'cup'))!;
    expect(cup.images[0].id).to.equal(mug.images[1].id); // the same file, stored once
    const listing = await reader.paginate(site.id, { limit: 10 }, { path: '/products', query: {} });
    expect(listing.items.map((p) => p.images.length)).to.deep.equal([3, 1, 1]);

    const again = await importCatalogFile(db, site.id, path);
    expect(again.images).to.deep.equal({ stored: 0, galleries_changed: 0 });
    expect(again.products).to.deep.include({ created: 0, updated: 0 });
    expect(again.variants).to.deep.include({ created: 0, updated: 0 });
  });

  it('replaces a gallery when the file changes it (alt text, order, removal)', async () => {
    const path = file(
      'changed.csv',
      `${HEADER}
mug,Mug,A mug,kitchen,MUG-1,Blue,10.00,EUR,,,img/red.jpg,Red first now,0
mug,,,,MUG-2,Red,10.00,EUR,,,,,
mug,,,,MUG-3,Plain,9.00,EUR,,,,,
cup,Cup,,kitchen,CUP-1,One,4.00,EUR,,,img/blue.jpg,A blue cup,1
cap,Cap,,clothes,CAP-1,One,5.00,EUR,,,${base}/photo.jpg,A green cap,2
`,
    );
    const report = await importCatalogFile(db, site.id, path);
    expect(report.lists.galleries).to.deep.equal(['mug']);
    expect(report.variants.updated).to.equal(2); // MUG-1 shows red now, MUG-2 has no image
    const mug = (await new CatalogReader(db, 0).find(site.id, 'mug'))!;
    expect(mug.images.map((i) => i.alt)).to.deep.equal(['Red first now']);
  });

  it('refuses image_alt without an image and two alt texts for one image', async () => {
    const path = file(
      'alt.csv',
      `${HEADER}
mug,Mug,,kitchen,MUG-1,Blue,10.00,EUR,,,,Alt alone,
mug,,,,MUG-2,Red,10.00,EUR,,,img/red.jpg,One,
mug,,,,MUG-3,Plain,9.00,EUR,,,img/red.jpg,Other,
`,
    );
    expect(await problemsOf(path)).to.deep.equal([
      '2:image_alt: is set but image is empty',
      '4:image_alt: "Other" differs from "One" on line 3 for the same image',
    ]);
  });

  for (const format of ['csv', 'json'] as const)
    it(`a ${format} export writes its images beside the file and imports back into another site`, async () => {
      const out = join(dir, `export-${format}`);
      const text = await exportCatalog(db, site.id, format, out);
      const path = join(out, `catalog.${format}`);
      writeFileSync(path, text);
      const same = await importCatalogFile(db, site.id, path);
      expect(same.images).to.deep.equal({ stored: 0, galleries_changed: 0 });
      expect(same.variants).to.deep.include({ created: 0, updated: 0 });

      const other = await addSite(db, { host: `copy-img-${format}-${ctx.engine}.example`, name: 'Copy' });
      const copied = await importCatalogFile(db, other.id, path);
      expect(copied.images.stored).to.equal(3);
      expect(await readCatalog(db, other.id)).to.deep.equal(await readCatalog(db, site.id));
    });

  it('export without a directory refuses a catalog that has images', async () => {
    const err = await exportCatalog(db, site.id, 'csv').catch((e: unknown) => e);
    expect((err as Error).message).to.contain('the catalog has images');
  });
});
