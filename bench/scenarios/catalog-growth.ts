// Scenario `catalog-growth`: the cost of the catalog pages as the catalog grows. For 1,000, 10,000
// and 100,000 products (SQLite, one database per size; rows cloned from a seeded product and its
// first variant, inserted in batches, then ranked in the listing once), `serve` with its per-process
// catalog cache OFF (so every request runs its queries): /products?page=1, a page halfway down the
// listing and a product page, each as a ratio to the 1,000-product figure (goal ≥ 0.8), measured
// in rounds that visit every size in turn (best round kept), and serve's peak RSS (goal < 200 MB at
// 100,000). Then a crawl with the catalog cache at its default: every request a different listing
// page (page 2, 3, … in turn: each one a cache miss at 10,000 and 100,000 products), whose count is
// shared per TTL; as a ratio to the 1,000-product cache-off page 1 (where every request runs every
// query too).
import type { Scenario, ScenarioContext } from '../context.js';
import type { Row } from '../report.js';
import { mb } from '../report.js';
import { withTeardown, type Teardown } from '../teardown.js';
import { sqliteDatabase } from '../databases.js';
import { startServe } from '../serve-process.js';
import { failureNote, hammer, type LoadResult } from '../load.js';
import { sampleRss } from '../rss.js';
import { ratio } from '../stats.js';
import { createDb } from '../../runtime/db.js';
import { newId } from '../../runtime/ids.js';
import { renumberListing } from '../../runtime/catalog/listing-rank.js';

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
        products.push({
          ...product,
          id,
          slug: `grown-${j}`,
          name: `Grown product ${j}`,
          position: 1000 + j,
          listing_rank: null, // not the cloned product's: ranks are unique per site
        });
        variants.push({ ...variant, id: newId(), product_id: id, sku: `GROWN-${j}` });
      }
      await db.transaction(async (trx) => {
        await trx('products').insert(products);
        await trx('variants').insert(variants);
      });
    }
    // Ranked once after the bulk insert, not per batch: the listing is read only once seeding ends.
    await db.transaction((trx) => renumberListing(trx, product.site_id as string));
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

/** Rounds of the cache-off runs (every size once per round); each figure is its best round. */
function roundsOf(ctx: ScenarioContext): number {
  return ctx.options.quick ? 2 : 3;
}

/** The cache-off figures of every size, then the cache-on crawls. */
async function measureSizes(ctx: ScenarioContext, t: Teardown): Promise<SizeFigures[]> {
  const o = ctx.options;
  const load = (url: string, path: string, nextPath?: () => string) =>
    hammer({ url, path, nextPath, connections: o.connections, durationS: o.durationS, warmupS: o.warmupS });
  const sizes = [];
  for (const size of SIZES) {
    const databaseUrl = await sqliteDatabase(t);
    ctx.log(`  seeding ${size} products`);
    await growCatalog(databaseUrl, size);
    const deepPage = Math.max(2, Math.floor(size / PAGE_SIZE_GUESS / 2));
    const paths = [
      '/products?page=1',
      `/products?page=${deepPage}`,
      `/products/grown-${Math.floor(size / 2)}`,
    ];
    const serve = await startServe(t, { databaseUrl, extraArgs: ['--catalog-cache-ms', '0'] });
    sizes.push({
      size,
      databaseUrl,
      paths,
      serve,
      rss: sampleRss(serve.pid),
      runs: paths.map(() => [] as LoadResult[]),
    });
  }
  // The sizes take turns, round after round, and each figure keeps its best round: the machine is
  // shared, and a burst of someone else's load then slows one round of every size alike instead of
  // whichever size happened to be measured last (other load only ever lowers a figure).
  for (let round = 1; round <= roundsOf(ctx); round++)
    for (const s of sizes) {
      ctx.log(`  round ${round}, ${s.size}: ${s.paths.join(', ')}`);
      for (const [i, path] of s.paths.entries()) s.runs[i].push(await load(s.serve.url, path));
    }
  const best = (runs: LoadResult[]) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));
  const figures: SizeFigures[] = [];
  for (const s of sizes) {
    const rss_kb = s.rss.stop().hwm_sum_kb;
    await s.serve.stop();
    const [first, deep, show] = s.runs.map(best);
    figures.push({ products: s.size, first, deep, show, crawl: null, rss_kb });
  }
  for (const [i, s] of sizes.entries()) {
    if (s.size <= SIZES[0]) continue;
    const cached = await startServe(t, { databaseUrl: s.databaseUrl });
    const pages = Math.floor(s.size / PAGE_SIZE_GUESS);
    let next = 0;
    ctx.log(`  ${s.size}: crawl of /products?page=2…${pages}, catalog cache on`);
    figures[i].crawl = await load(
      cached.url,
      '/products?page=<2…>',
      () => `/products?page=${2 + (next++ % (pages - 1))}`,
    );
    await cached.stop();
  }
  return figures;
}

export const catalogGrowthScenario: Scenario = {
  name: 'catalog-growth',
  description:
    '/products page 1, a deep page and a product page at 1,000 / 10,000 / 100,000 products (SQLite, cache off); RSS',
  async run(ctx) {
    return withTeardown(async (t) => {
      const figures = await measureSizes(ctx, t);
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
