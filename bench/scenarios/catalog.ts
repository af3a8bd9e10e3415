// Scenario `products`: GET /products and /products/<slug> on a real `storefront serve` (SQLite, and
// MySQL when available) against the CEILING (same templates and data from memory, bare Koa +
// Handlebars), with the sessions-table row count before and after the cookie-less load, and the
// peak RSS of each serve process.
import type { Scenario, ScenarioContext } from '../context.js';
import type { Row } from '../report.js';
import { mb, skippedRow } from '../report.js';
import { withTeardown } from '../teardown.js';
import { countRows, sqliteDatabase } from '../databases.js';
import { startCeiling } from '../ceiling.js';
import { startServe } from '../serve-process.js';
import { failureNote, hammer, type LoadResult } from '../load.js';
import { sampleRss, type RssFigures } from '../rss.js';
import { ratio } from '../stats.js';

/** The first product link of the listing page, and the page's size in bytes. */
async function firstSlug(url: string): Promise<{ slug: string; bytes: number }> {
  const html = await (await fetch(`${url}/products`)).text();
  const m = /href="\/products\/([^"?/]+)"/.exec(html);
  if (!m) throw new Error('the /products page links to no product');
  return { slug: m[1], bytes: Buffer.byteLength(html) };
}

async function pageBytes(url: string, path: string): Promise<number> {
  const res = await fetch(url + path);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
  return Buffer.byteLength(text);
}

interface EngineFigures {
  engine: string;
  list: LoadResult;
  show: LoadResult;
  bytes: { list: number; show: number };
  sessions_before: number;
  sessions_after: number;
  rss: RssFigures;
}

async function measureServe(
  ctx: ScenarioContext,
  engine: 'sqlite' | 'mysql',
  slug: string,
): Promise<EngineFigures> {
  const o = ctx.options;
  return withTeardown(async (t) => {
    const databaseUrl =
      engine === 'sqlite' ? await sqliteDatabase(t) : await ctx.mysql.database(t, 'bench_catalog');
    const serve = await startServe(t, { databaseUrl });
    const bytes = {
      list: await pageBytes(serve.url, '/products'),
      show: await pageBytes(serve.url, `/products/${slug}`),
    };
    const sessionsBefore = await countRows(databaseUrl, 'sessions');
    const rss = sampleRss(serve.pid);
    ctx.log(`  ${engine}: GET /products`);
    const list = await hammer({
      url: serve.url,
      path: '/products',
      connections: o.connections,
      durationS: o.durationS,
      warmupS: o.warmupS,
    });
    ctx.log(`  ${engine}: GET /products/${slug}`);
    const show = await hammer({
      url: serve.url,
      path: `/products/${slug}`,
      connections: o.connections,
      durationS: o.durationS,
      warmupS: o.warmupS,
    });
    const rssFigures = rss.stop();
    const sessionsAfter = await countRows(databaseUrl, 'sessions');
    return {
      engine,
      list,
      show,
      bytes,
      sessions_before: sessionsBefore,
      sessions_after: sessionsAfter,
      rss: rssFigures,
    };
  });
}

export const catalogScenario: Scenario = {
  name: 'products',
  description:
    '/products and /products/<slug> on serve (SQLite, MySQL) vs the in-memory ceiling; sessions rows; RSS',
  async run(ctx) {
    const o = ctx.options;
    // The ceiling reads the catalog once from a seeded database (the same fixtures as every engine).
    const ceiling = await withTeardown(async (t) => {
      const databaseUrl = await sqliteDatabase(t);
      const server = await startCeiling(t, databaseUrl);
      const { slug, bytes: listBytes } = await firstSlug(server.url);
      ctx.log('  ceiling: GET /products');
      const list = await hammer({
        url: server.url,
        path: '/products',
        connections: o.connections,
        durationS: o.durationS,
        warmupS: o.warmupS,
      });
      ctx.log(`  ceiling: GET /products/${slug}`);
      const show = await hammer({
        url: server.url,
        path: `/products/${slug}`,
        connections: o.connections,
        durationS: o.durationS,
        warmupS: o.warmupS,
      });
      return {
        slug,
        list,
        show,
        bytes: { list: listBytes, show: await pageBytes(server.url, `/products/${slug}`) },
      };
    });

    const engines: EngineFigures[] = [];
    const rows: Row[] = [
      {
        scenario: 'GET /products — ceiling',
        engine: 'memory',
        rps: ceiling.list.rps,
        p50_ms: ceiling.list.p50_ms,
        p99_ms: ceiling.list.p99_ms,
        notes: `1.00 (bare Koa + Handlebars, same theme and data, no DB/session)${failureNote(ceiling.list)}`,
      },
      {
        scenario: `GET /products/${ceiling.slug} — ceiling`,
        engine: 'memory',
        rps: ceiling.show.rps,
        p50_ms: ceiling.show.p50_ms,
        p99_ms: ceiling.show.p99_ms,
        notes: `1.00${failureNote(ceiling.show)}`,
      },
    ];
    const mysqlMissing = ctx.mysql.unavailableReason();
    for (const engine of ['sqlite', 'mysql'] as const) {
      if (engine === 'mysql' && mysqlMissing) {
        rows.push(skippedRow('GET /products', 'mysql', mysqlMissing));
        continue;
      }
      const f = await measureServe(ctx, engine, ceiling.slug);
      engines.push(f);
      const listRatio = ratio(f.list.rps, ceiling.list.rps);
      rows.push(
        {
          scenario: 'GET /products',
          engine,
          rps: f.list.rps,
          p50_ms: f.list.p50_ms,
          p99_ms: f.list.p99_ms,
          notes: `${listRatio ?? '?'} of ceiling (goal ≥ 0.5: ${listRatio !== null && listRatio >= 0.5 ? 'met' : 'NOT met'})${failureNote(f.list)}`,
        },
        {
          scenario: `GET /products/${ceiling.slug}`,
          engine,
          rps: f.show.rps,
          p50_ms: f.show.p50_ms,
          p99_ms: f.show.p99_ms,
          notes: `${ratio(f.show.rps, ceiling.show.rps) ?? '?'} of ceiling${failureNote(f.show)}`,
        },
        {
          scenario: 'sessions rows before → after cookie-less catalog load',
          engine,
          rps: null,
          p50_ms: null,
          p99_ms: null,
          notes: `${f.sessions_before} → ${f.sessions_after} over ${f.list.requests + f.show.requests} measured requests + warm-ups (${f.sessions_before === f.sessions_after ? 'no write' : 'WRITES SESSIONS'})`,
        },
        {
          scenario: 'peak RSS of serve under catalog load',
          engine,
          rps: null,
          p50_ms: null,
          p99_ms: null,
          notes: `${mb(f.rss.hwm_sum_kb)} (VmHWM; sampled VmRSS peak ${mb(f.rss.sampled_peak_kb)})`,
        },
      );
    }
    return { rows, details: { ceiling, engines } };
  },
};
