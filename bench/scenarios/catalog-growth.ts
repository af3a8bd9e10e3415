// Scenario `catalog-growth`: the cost of the catalog pages as the catalog grows. For 1,000, 10,000
// and 100,000 products (SQLite; rows cloned from a seeded product and its first variant, inserted in
// batches), `serve` with its per-process catalog cache OFF (so every request runs its queries):
// /products?page=1, a page halfway down the listing and a product page, each as a ratio to the
// 1,000-product figure (goal ≥ 0.8), and serve's peak RSS (goal < 200 MB at 100,000). Then a crawl
// with the catalog cache at its default: every request a different listing page (page 2, 3, … in
// turn: each one a cache miss at 10,000 and 100,000 products), whose count is shared per TTL; as a
// ratio to the 1,000-product cache-off page 1 (where every request runs every query too).
import type { Scenario, ScenarioContext } from '../context.js';
import type { Row } from '../report.js';
import { mb } from '../report.js';
import { withTeardown } from '../teardown.js';
import { sqliteDatabase } from '../databases.js';
import { startServe } from '../serve-process.js';
import { failureNote, hammer, type LoadResult } from '../load.js';
import { sampleRss } from '../rss.js';
import { ratio } from '../stats.js';
import { createDb } from '../../runtime/db.js';
import { newId } from '../../runtime/ids.js';

const SIZES = [1_000, 10_000, 100_000];
const PAGE_SIZE_GUESS = 12; // the starter theme's listing size: only used to pick a deep page

/** Grows the seeded catalog of databaseUrl to `total` live products of the default site. */
async function growCatalog(databaseUrl: string, total: number): Promise<void> {
  const db = createDb(databaseUrl);
  try {
    const product = (await db('products').whereNull('archived_at').orderBy('position').first()) as Record<
      string,
      unknown
    >;
    const variant = (await db('variants').where({ product_id: product.id }).first()) as Record<
      string,
      unknown
    >;
    const have = Number(
      ((await db('products').whereNull('archived_at').count({ n: '*' }).first()) as { n: number | string }).n,
    );
    const batch = 400;
    for (let i = have; i < total; i += batch) {
      const products: Array<Record<string, unknown>> = [];
      const variants: Array<Record<string, unknown>> = [];
      for (let j = i; j < Math.min(total, i + batch); j++) {
        const id = newId();
        products.push({ ...product, id, slug: `grown-${j}`, name: `Grown product ${j}`, position: 1000 + j });
        variants.push({ ...variant, id: newId(), product_id: id, sku: `GROWN-${j}` });
      }
      await db.transaction(async (trx) => {
        await trx('products').insert(products);
        await trx('variants').insert(variants);
      });
    }
  } finally {
    await db.destroy();
  }
}

interface SizeFigures {
  products: number;
  first: LoadResult;
  deep: LoadResult;
  show: LoadResult;
  /** Distinct listing pages, default catalog cache (not measured at 1,000: its 84 pages stay cached). */
  crawl: LoadResult | null;
  rss_kb: number | null;
}

async function measureSize(ctx: ScenarioContext, databaseUrl: string, size: number): Promise<SizeFigures> {
  const o = ctx.options;
  ctx.log(`  seeding ${size} products`);
  await growCatalog(databaseUrl, size);
  return withTeardown(async (t) => {
    const serve = await startServe(t, { databaseUrl, extraArgs: ['--catalog-cache-ms', '0'] });
    const rss = sampleRss(serve.pid);
    const run = (path: string) =>
      hammer({
        url: serve.url,
        path,
        connections: o.connections,
        durationS: o.durationS,
        warmupS: o.warmupS,
      });
    const deepPage = Math.max(2, Math.floor(size / PAGE_SIZE_GUESS / 2));
    ctx.log(`  ${size}: /products?page=1, ?page=${deepPage}, /products/grown-${Math.floor(size / 2)}`);
    const first = await run('/products?page=1');
    const deep = await run(`/products?page=${deepPage}`);
    const show = await run(`/products/grown-${Math.floor(size / 2)}`);
    const rss_kb = rss.stop().hwm_sum_kb;
    await serve.stop();
    if (size <= SIZES[0]) return { products: size, first, deep, show, crawl: null, rss_kb };
    const cached = await startServe(t, { databaseUrl });
    const pages = Math.floor(size / PAGE_SIZE_GUESS);
    let next = 0;
    ctx.log(`  ${size}: crawl of /products?page=2…${pages}, catalog cache on`);
    const crawl = await hammer({
      url: cached.url,
      path: '/products?page=<2…>',
      nextPath: () => `/products?page=${2 + (next++ % (pages - 1))}`,
      connections: o.connections,
      durationS: o.durationS,
      warmupS: o.warmupS,
    });
    return { products: size, first, deep, show, crawl, rss_kb };
  });
}

export const catalogGrowthScenario: Scenario = {
  name: 'catalog-growth',
  description:
    '/products page 1, a deep page and a product page at 1,000 / 10,000 / 100,000 products (SQLite, cache off); RSS',
  async run(ctx) {
    return withTeardown(async (t) => {
      const databaseUrl = await sqliteDatabase(t);
      const figures: SizeFigures[] = [];
      for (const size of SIZES) figures.push(await measureSize(ctx, databaseUrl, size));
      const base = figures[0];
      const rows: Row[] = [];
      for (const f of figures) {
        for (const [label, r, b] of [
          ['/products?page=1', f.first, base.first],
          [`/products?page=${f.deep.path.split('=')[1]} (halfway)`, f.deep, base.deep],
          ['/products/<slug>', f.show, base.show],
        ] as const) {
          const x = ratio(r.rps, b.rps);
          rows.push({
            scenario: `catalog of ${f.products.toLocaleString('en')} products: GET ${label}`,
            engine: 'sqlite',
            rps: r.rps,
            p50_ms: r.p50_ms,
            p99_ms: r.p99_ms,
            notes: `${x ?? '?'} of the 1,000-product figure (goal ≥ 0.8: ${x !== null && x >= 0.8 ? 'met' : 'NOT met'}); catalog cache off${failureNote(r)}`,
          });
        }
        if (f.crawl) {
          const x = ratio(f.crawl.rps, base.first.rps);
          rows.push({
            scenario: `catalog of ${f.products.toLocaleString('en')} products: GET /products?page=2,3,… (crawl, every page a miss)`,
            engine: 'sqlite',
            rps: f.crawl.rps,
            p50_ms: f.crawl.p50_ms,
            p99_ms: f.crawl.p99_ms,
            notes: `${x ?? '?'} of the 1,000-product page 1 with the cache off (goal ≥ 0.8: ${x !== null && x >= 0.8 ? 'met' : 'NOT met'}); catalog cache on (default), count shared per TTL${failureNote(f.crawl)}`,
          });
        }
        rows.push({
          scenario: `catalog of ${f.products.toLocaleString('en')} products: peak RSS of serve`,
          engine: 'sqlite',
          rps: null,
          p50_ms: null,
          p99_ms: null,
          notes: `${mb(f.rss_kb)} (goal < 200 MB: ${f.rss_kb !== null && f.rss_kb < 200 * 1024 ? 'met' : 'NOT met'})`,
        });
      }
      return { rows, details: figures };
    });
  },
};
