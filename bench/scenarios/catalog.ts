// Scenario `products`: GET /products and /products/<slug> on a real `storefront serve` (SQLite, and
// MySQL when available), each for a first visit (no cookie: a CSRF secret is minted and set) and a
// returning visitor (sending the cookies of a first answer), against two ceilings measured in the
// same run (bench/ceilings.ts): STATIC, bare Koa sending serve's exact bytes and headers from
// memory, and TEMPLATE, the same page rendered by plain Handlebars on the same data; plus the
// engine's render against plain Handlebars in one process, the sessions-table row count before and
// after the cookie-less load, and the peak RSS of each serve process.
import type { Scenario, ScenarioContext } from '../context.js';
import type { Row } from '../report.js';
import { mb, skippedRow } from '../report.js';
import { withTeardown } from '../teardown.js';
import { countRows, sqliteDatabase } from '../databases.js';
import { captureServe, getRaw, startCeilings, type CeilingCapture } from '../ceilings.js';
import { startServe } from '../serve-process.js';
import { failureNote, hammer, type LoadResult } from '../load.js';
import { sampleRss, type RssFigures } from '../rss.js';
import { ratio } from '../stats.js';
import { starterThemeDir } from '../../runtime/paths.js';

const VISITS = ['first', 'returning'] as const;
type Visit = (typeof VISITS)[number];
const VISIT_LABEL: Record<Visit, string> = { first: 'first visit', returning: 'returning visitor' };

/** The first product link of the listing page. */
async function firstSlug(url: string): Promise<string> {
  const html = await (await fetch(`${url}/products`)).text();
  const m = /href="\/products\/([^"?/]+)"/.exec(html);
  if (!m) throw new Error('the /products page links to no product');
  return m[1];
}

function load(ctx: ScenarioContext, url: string, path: string, headers?: Record<string, string>) {
  const o = ctx.options;
  return hammer({
    url,
    path,
    connections: o.connections,
    durationS: o.durationS,
    warmupS: o.warmupS,
    headers,
  });
}

interface CeilingFigures {
  static: Record<string, Record<Visit, LoadResult & { header_bytes: number; serve_header_bytes: number }>>;
  template: Record<string, LoadResult>;
  render: Record<
    string,
    {
      engine_per_s: number;
      plain_per_s: number;
      /** Median of the per-round ratios engine / plain. */
      ratio: number;
      rounds: number;
      engine_bytes: number;
      plain_bytes: number;
    }
  >;
}

async function measureCeilings(ctx: ScenarioContext, capture: CeilingCapture): Promise<CeilingFigures> {
  return withTeardown(async (t) => {
    const server = await startCeilings(t, capture);
    const figures: CeilingFigures = { static: {}, template: {}, render: {} };
    for (const page of capture.pages) {
      figures.static[page.path] = {} as CeilingFigures['static'][string];
      for (const visit of VISITS) {
        const path = `/static/${visit}${page.path}`;
        ctx.log(`  static ceiling: GET ${page.path} (${VISIT_LABEL[visit]})`);
        const replay = await getRaw(server.url + path);
        figures.static[page.path][visit] = {
          ...(await load(ctx, server.url, path)),
          header_bytes: replay.header_bytes,
          serve_header_bytes: page[visit].header_bytes,
        };
      }
      ctx.log(`  template ceiling: GET ${page.path} (plain Handlebars)`);
      figures.template[page.path] = await load(ctx, server.url, `/template${page.path}`);
      const ms = ctx.options.quick ? 1000 : 2500;
      const res = await fetch(`${server.url}/render-bench?path=${encodeURIComponent(page.path)}&ms=${ms}`);
      figures.render[page.path] = (await res.json()) as CeilingFigures['render'][string];
    }
    return figures;
  });
}

interface EngineFigures {
  engine: string;
  runs: Record<string, Record<Visit, LoadResult>>;
  sessions_before: number;
  sessions_after: number;
  rss: RssFigures;
}

async function measureServe(
  ctx: ScenarioContext,
  engine: 'sqlite' | 'mysql',
  slug: string | null,
  onCapture?: (serveUrl: string, slug: string, databaseUrl: string) => Promise<void>,
): Promise<EngineFigures> {
  return withTeardown(async (t) => {
    const databaseUrl =
      engine === 'sqlite' ? await sqliteDatabase(t) : await ctx.mysql.database(t, 'bench_catalog');
    const serve = await startServe(t, { databaseUrl });
    const theSlug = slug ?? (await firstSlug(serve.url));
    if (onCapture) await onCapture(serve.url, theSlug, databaseUrl);
    const sessionsBefore = await countRows(databaseUrl, 'sessions');
    const rss = sampleRss(serve.pid);
    const runs: EngineFigures['runs'] = {};
    let sessionsAfter = sessionsBefore;
    for (const path of ['/products', `/products/${theSlug}`]) {
      runs[path] = {} as Record<Visit, LoadResult>;
      ctx.log(`  ${engine}: GET ${path} (first visit)`);
      runs[path].first = await load(ctx, serve.url, path);
      sessionsAfter = await countRows(databaseUrl, 'sessions');
      const first = await fetch(serve.url + path);
      await first.arrayBuffer();
      const cookie = first.headers
        .getSetCookie()
        .map((c) => c.split(';', 1)[0])
        .join('; ');
      ctx.log(`  ${engine}: GET ${path} (returning visitor)`);
      runs[path].returning = await load(ctx, serve.url, path, cookie ? { cookie } : undefined);
    }
    return { engine, runs, sessions_before: sessionsBefore, sessions_after: sessionsAfter, rss: rss.stop() };
  });
}

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

export const catalogScenario: Scenario = {
  name: 'products',
  description:
    '/products and /products/<slug> on serve (SQLite, MySQL), first and returning visits, vs static and template ceilings; render vs plain Handlebars; sessions rows; RSS',
  async run(ctx) {
    let capture: CeilingCapture | null = null;
    let ceilings: CeilingFigures | null = null;
    let slug = '';
    const engines: EngineFigures[] = [];
    // SQLite first: its answers are captured for the ceilings, which are measured before serve is.
    engines.push(
      await measureServe(ctx, 'sqlite', null, async (serveUrl, s, databaseUrl) => {
        slug = s;
        capture = await captureServe(serveUrl, ['/products', `/products/${s}`], databaseUrl, starterThemeDir);
        ceilings = await measureCeilings(ctx, capture);
      }),
    );
    const c = ceilings as unknown as CeilingFigures;
    const rows: Row[] = [];
    for (const path of Object.keys(c.static)) {
      for (const visit of VISITS) {
        const s = c.static[path][visit];
        const headerRatio = s.serve_header_bytes ? s.header_bytes / s.serve_header_bytes : 1;
        rows.push({
          scenario: `GET ${path} — static ceiling, ${VISIT_LABEL[visit]}`,
          engine: 'memory',
          rps: s.rps,
          p50_ms: s.p50_ms,
          p99_ms: s.p99_ms,
          notes: `1.00 (bare Koa, serve's exact bytes; headers ${s.header_bytes} B vs serve's ${s.serve_header_bytes} B: ${Math.abs(headerRatio - 1) <= 0.1 ? 'within' : 'NOT within'} 10 %)${failureNote(s)}`,
        });
      }
      const tpl = c.template[path];
      const r = c.render[path];
      rows.push(
        {
          scenario: `GET ${path} — template ceiling (plain Handlebars)`,
          engine: 'memory',
          rps: tpl.rps,
          p50_ms: tpl.p50_ms,
          p99_ms: tpl.p99_ms,
          notes: `${ratio(tpl.rps, c.static[path].first.rps) ?? '?'} of static${failureNote(tpl)}`,
        },
        {
          scenario: `render of ${path}: engine vs plain Handlebars (in process, renders per CPU s)`,
          engine: 'memory',
          rps: r.engine_per_s,
          p50_ms: null,
          p99_ms: null,
          notes: `${r.ratio} of plain Handlebars ${r.plain_per_s}/s (goal ≥ 1.0: ${verdict(r.ratio >= 1)}); renders per CPU second, median of ${r.rounds} alternating rounds; ${r.engine_bytes} vs ${r.plain_bytes} bytes`,
        },
      );
    }
    const mysqlMissing = ctx.mysql.unavailableReason();
    if (mysqlMissing) rows.push(skippedRow('GET /products', 'mysql', mysqlMissing));
    else engines.push(await measureServe(ctx, 'mysql', slug));
    for (const f of engines) {
      for (const path of Object.keys(f.runs)) {
        for (const visit of VISITS) {
          const run = f.runs[path][visit];
          const stat = c.static[path]?.[visit];
          const vsStatic = stat ? ratio(run.rps, stat.rps) : null;
          const vsTemplate = ratio(run.rps, c.template[path]?.rps ?? 0);
          const p99x = stat && stat.p99_ms > 0 ? Math.round((run.p99_ms / stat.p99_ms) * 10) / 10 : null;
          rows.push({
            scenario: `GET ${path}, ${VISIT_LABEL[visit]}`,
            engine: f.engine,
            rps: run.rps,
            p50_ms: run.p50_ms,
            p99_ms: run.p99_ms,
            notes: `${vsStatic ?? '?'} of static (goal ≥ 0.6: ${verdict(vsStatic !== null && vsStatic >= 0.6)}), ${vsTemplate ?? '?'} of template; p99 ${p99x ?? '?'}× static p99 (goal ≤ 2×: ${verdict(p99x !== null && p99x <= 2)})${failureNote(run)}`,
          });
        }
      }
      rows.push(
        {
          scenario: 'sessions rows before → after cookie-less catalog load',
          engine: f.engine,
          rps: null,
          p50_ms: null,
          p99_ms: null,
          notes: `${f.sessions_before} → ${f.sessions_after} (${f.sessions_before === f.sessions_after ? 'no write' : 'WRITES SESSIONS'})`,
        },
        {
          scenario: 'peak RSS of serve under catalog load',
          engine: f.engine,
          rps: null,
          p50_ms: null,
          p99_ms: null,
          notes: `${mb(f.rss.hwm_sum_kb)} (VmHWM; sampled VmRSS peak ${mb(f.rss.sampled_peak_kb)})`,
        },
      );
    }
    return {
      rows,
      details: {
        capture_paths: (capture as CeilingCapture | null)?.pages.map((p) => p.path),
        ceilings,
        engines,
      },
    };
  },
};
