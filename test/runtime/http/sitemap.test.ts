// The sitemap split into parts once it outgrows one file (here 10 URLs a file instead of 50,000), on
// SQLite and MySQL: /sitemap.xml becomes an index, every part holds at most the limit, and the parts
// together list the pages, then every live product in listing order, once each.
import { expect } from 'chai';
import { createDb, type Db } from '../../../runtime/db.js';
import { sitemapXml, type SitemapSource } from '../../../runtime/http/sitemap.js';
import { findSiteByHostExact } from '../../../runtime/sites/store.js';
import { forEachEngine } from '../../helpers/engines.js';
import { prepareDatabase } from '../../helpers/server.js';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

forEachEngine('runtime/http/sitemap', (ctx) => {
  let db: Db;
  let source: SitemapSource;
  let products: string[];

  before(async function () {
    this.timeout(60000);
    await prepareDatabase(ctx.url());
    db = createDb(ctx.url());
    const site = (await findSiteByHostExact(db, undefined))!;
    products = (
      (await db('products')
        .where({ site_id: site.id })
        .whereNull('archived_at')
        .orderBy([{ column: 'position' }, { column: 'id' }])
        .select('slug')) as Array<{ slug: string }>
    ).map((p) => `https://shop.test/products/${encodeURIComponent(p.slug)}`);
    source = { db, siteId: site.id, origin: 'https://shop.test', pages: ['/', '/products', '/about'] };
  });
  after(() => db?.destroy());

  it('is one urlset with no parts while it fits in one file', async () => {
    const whole = await sitemapXml({ ...source, maxUrls: 1000 }, 0);
    expect(whole).to.match(/<urlset /);
    expect(locs(whole!)).to.deep.equal([
      'https://shop.test/',
      'https://shop.test/products',
      'https://shop.test/about',
      ...products,
    ]);
    expect(await sitemapXml({ ...source, maxUrls: 1000 }, 1)).to.equal(null);
  });

  it('is an index of parts of at most maxUrls URLs past that, listing everything once, in order', async () => {
    const small = { ...source, maxUrls: 10 };
    const expected = Math.ceil((3 + products.length) / 10);
    expect(products.length).to.be.greaterThan(10); // the demo catalog is large enough to split
    const index = (await sitemapXml(small, 0))!;
    expect(index).to.match(/<sitemapindex /);
    expect(locs(index)).to.deep.equal(
      Array.from({ length: expected }, (_, i) => `https://shop.test/sitemap-${i + 1}.xml`),
    );
    const listed: string[] = [];
    for (let part = 1; part <= expected; part++) {
      const xml = (await sitemapXml(small, part))!;
      expect(xml).to.match(/<urlset /);
      expect(locs(xml).length).to.be.within(1, 10);
      listed.push(...locs(xml));
    }
    expect(listed).to.deep.equal([
      'https://shop.test/',
      'https://shop.test/products',
      'https://shop.test/about',
      ...products,
    ]);
    expect(await sitemapXml(small, expected + 1)).to.equal(null);
  });
});
