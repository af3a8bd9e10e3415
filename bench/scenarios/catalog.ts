// Scenario `products`: GET /products and /products/<slug> on a real `storefront serve` (SQLite, and
// MySQL when available), each for a first visit (no cookie: a CSRF secret is minted and set) and a
// returning visitor (sending the cookies of a first answer), against two ceilings measured in the
// same run (bench/ceilings.ts): STATIC, bare Koa sending serve's exact bytes and headers from
// memory, and TEMPLATE, the same page rendered by plain Handlebars on the same data; plus the
// engine's render against plain Handlebars in one process, the sessions-table row count before and
// after the cookie-less load, and the peak RSS of each serve process.
//
// Serve and its static ceiling run in alternating rounds (static, serve, static, serve…), and the
// ratio is the median of the rounds' ratios: on a shared machine the load of other processes
// drifts over a minute, and a ceiling measured once, a minute before, judged serve by that drift.
// Each pairing also reports the server CPU per answer of both at one fixed request rate
// (bench/cpu-cost.ts): the cost of an answer, which the load generator's share of the cores does
// not move.
import type { Scenario, ScenarioContext } from '../context.js';
import type { Row } from '../report.js';
import { mb, skippedRow } from '../report.js';
import { withTeardown } from '../teardown.js';
import { countRows, sqliteDatabase } from '../databases.js';
import { captureServe, getRaw, startCeilings, type CeilingCapture } from '../ceilings.js';
import { startServe } from '../serve-process.js';
import { failureNote, hammer, type LoadResult } from '../load.js';
import { cpuPerRequest } from '../cpu-cost.js';
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
  /** The static replay's header size per page and visit, against serve's. */
  headers: Record<string, Record<Visit, { header_bytes: number; serve_header_bytes: number }>>;
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

/** The template ceiling and the in-process render race, on the ceilings server. */
async function measureCeilings(
  ctx: ScenarioContext,
  capture: CeilingCapture,
  ceilingsUrl: string,
): Promise<CeilingFigures> {
  const figures: CeilingFigures = { headers: {}, template: {}, render: {} };
  for (const page of capture.pages) {
    figures.headers[page.path] = {} as CeilingFigures['headers'][string];
    for (const visit of VISITS) {
      const replay = await getRaw(`${ceilingsUrl}/static/${visit}${page.path}`);
      figures.headers[page.path][visit] = {
        header_bytes: replay.header_bytes,
        serve_header_bytes: page[visit].header_bytes,
      };
    }
    ctx.log(`  template ceiling: GET ${page.path} (plain Handlebars)`);
    figures.template[page.path] = await load(ctx, ceilingsUrl, `/template${page.path}`);
    const ms = ctx.options.quick ? 1000 : 2500;
    const res = await fetch(`${ceilingsUrl}/render-bench?path=${encodeURIComponent(page.path)}&ms=${ms}`);
    figures.render[page.path] = (await res.json()) as CeilingFigures['render'][string];
  }
  return figures;
}

/** Serve against its static ceiling on one page and visit, in alternating rounds. */
interface PairedRuns {
  /** The round with the median ratio (its serve and static runs). */
  serve: LoadResult;
  static: LoadResult;
  /** Median over the rounds of serve req/s ÷ static req/s, and of serve p99 ÷ static p99. */
  ratio: number;
  p99_ratio: number;
  rounds: { serve_rps: number; static_rps: number; serve_p99_ms: number; static_p99_ms: number }[];
  /** Server CPU per answer (µs) at CPU_RATE req/s, median of alternating rounds; and each round's pair. */
  cpu_us: {
    serve: number | null;
    static: number | null;
    rounds: { serve: number | null; static: number | null }[];
  };
}

/** The fixed request rate of the CPU-per-answer runs: below what serve answers at most on either engine. */
const CPU_RATE = 2500;

/** A server of the pairing: where to send requests, and which process to read the CPU time of. */
interface Target {
  url: string;
  pid: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** The median, or null when a round could not be measured (no /proc). */
const medianOrNull = (xs: (number | null)[]) => (xs.some((x) => x === null) ? null : median(xs as number[]));

async function pairedRuns(
  ctx: ScenarioContext,
  serve: Target & { path: string; headers?: Record<string, string> },
  staticServer: Target,
  staticPath: string,
): Promise<PairedRuns> {
  const staticUrl = staticServer.url;
  const rounds = ctx.options.quick ? 3 : 5;
  const pairs: { serve: LoadResult; static: LoadResult; ratio: number; p99: number }[] = [];
  for (let r = 0; r < rounds; r++) {
    // warm-ups only before the first round: later rounds find both servers warm
    const warm = r === 0 ? ctx.options.warmupS : 0;
    const o = { connections: ctx.options.connections, durationS: ctx.options.durationS / 2, warmupS: warm };
    const replay = await hammer({ ...o, url: staticUrl, path: staticPath });
    const run = await hammer({ ...o, url: serve.url, path: serve.path, headers: serve.headers });
    pairs.push({
      serve: run,
      static: replay,
      ratio: replay.rps > 0 ? run.rps / replay.rps : 0,
      p99: replay.p99_ms > 0 ? run.p99_ms / replay.p99_ms : 0,
    });
  }
  const mid = [...pairs].sort((a, b) => a.ratio - b.ratio)[Math.floor(pairs.length / 2)];
  const cpuRounds: PairedRuns['cpu_us']['rounds'] = [];
  for (let r = 0; r < (ctx.options.quick ? 1 : 3); r++) {
    const o = { connections: ctx.options.connections, durationS: 3, warmupS: 0, rate: CPU_RATE };
    const staticUs = await cpuPerRequest(staticServer.pid, { ...o, url: staticUrl, path: staticPath });
    const serveUs = await cpuPerRequest(serve.pid, {
      ...o,
      url: serve.url,
      path: serve.path,
      headers: serve.headers,
    });
    cpuRounds.push({ serve: serveUs, static: staticUs });
  }
  return {
    serve: mid.serve,
    static: mid.static,
    ratio: Math.round(mid.ratio * 100) / 100,
    p99_ratio: Math.round(median(pairs.map((p) => p.p99)) * 10) / 10,
    rounds: pairs.map((p) => ({
      serve_rps: p.serve.rps,
      static_rps: p.static.rps,
      serve_p99_ms: p.serve.p99_ms,
      static_p99_ms: p.static.p99_ms,
    })),
    cpu_us: {
      serve: medianOrNull(cpuRounds.map((c) => c.serve)),
      static: medianOrNull(cpuRounds.map((c) => c.static)),
      rounds: cpuRounds,
    },
  };
}

interface EngineFigures {
  engine: string;
  runs: Record<string, Record<Visit, PairedRuns>>;
  sessions_before: number;
  sessions_after: number;
  rss: RssFigures;
}

async function measureServe(
  ctx: ScenarioContext,
  engine: 'sqlite' | 'mysql',
  slug: string | null,
  ceilings: (serveUrl: string, slug: string, databaseUrl: string) => Promise<Target>,
): Promise<EngineFigures> {
  return withTeardown(async (t) => {
    const databaseUrl =
      engine === 'sqlite' ? await sqliteDatabase(t) : await ctx.mysql.database(t, 'bench_catalog');
    const serve = await startServe(t, { databaseUrl });
    const theSlug = slug ?? (await firstSlug(serve.url));
    const ceilingsServer = await ceilings(serve.url, theSlug, databaseUrl);
    const sessionsBefore = await countRows(databaseUrl, 'sessions');
    const rss = sampleRss(serve.pid);
    const runs: EngineFigures['runs'] = {};
    let sessionsAfter = sessionsBefore;
    for (const path of ['/products', `/products/${theSlug}`]) {
      runs[path] = {} as Record<Visit, PairedRuns>;
      ctx.log(`  ${engine}: GET ${path} (first visit), alternating with its static ceiling`);
      runs[path].first = await pairedRuns(
        ctx,
        { url: serve.url, pid: serve.pid, path },
        ceilingsServer,
        `/static/first${path}`,
      );
      sessionsAfter = await countRows(databaseUrl, 'sessions');
      const first = await fetch(serve.url + path);
      await first.arrayBuffer();
      const cookie = first.headers
        .getSetCookie()
        .map((c) => c.split(';', 1)[0])
        .join('; ');
      ctx.log(`  ${engine}: GET ${path} (returning visitor), alternating with its static ceiling`);
      runs[path].returning = await pairedRuns(
        ctx,
        { url: serve.url, pid: serve.pid, path, headers: cookie ? { cookie } : undefined },
        ceilingsServer,
        `/static/returning${path}`,
      );
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
    return withTeardown(async (outer) => {
      let capture: CeilingCapture | null = null;
      let ceilings: CeilingFigures | null = null;
      let ceilingsServer: Target | null = null;
      let slug = '';
      const engines: EngineFigures[] = [];
      // SQLite first: its answers are captured for the ceilings server, which then stays up for
      // every engine's alternating rounds.
      const startCeilingsOnce = async (serveUrl: string, s: string, databaseUrl: string) => {
        if (!ceilingsServer) {
          slug = s;
          capture = await captureServe(
            serveUrl,
            ['/products', `/products/${s}`],
            databaseUrl,
            starterThemeDir,
          );
          ceilingsServer = await startCeilings(outer, capture);
          ceilings = await measureCeilings(ctx, capture, ceilingsServer.url);
        }
        return ceilingsServer;
      };
      engines.push(await measureServe(ctx, 'sqlite', null, startCeilingsOnce));
      const mysqlMissing = ctx.mysql.unavailableReason();
      if (!mysqlMissing) engines.push(await measureServe(ctx, 'mysql', slug, startCeilingsOnce));
      const c = ceilings as unknown as CeilingFigures;
      const rows: Row[] = [];
      for (const path of Object.keys(c.template)) {
        for (const visit of VISITS) {
          // the static figures of the SQLite pairing (every engine has its own, in its notes)
          const s = engines[0].runs[path][visit].static;
          const h = c.headers[path][visit];
          const headerRatio = h.serve_header_bytes ? h.header_bytes / h.serve_header_bytes : 1;
          rows.push({
            scenario: `GET ${path} — static ceiling, ${VISIT_LABEL[visit]}`,
            engine: 'memory',
            rps: s.rps,
            p50_ms: s.p50_ms,
            p99_ms: s.p99_ms,
            notes: `1.00 (bare Koa, serve's exact bytes; headers ${h.header_bytes} B vs serve's ${h.serve_header_bytes} B: ${Math.abs(headerRatio - 1) <= 0.1 ? 'within' : 'NOT within'} 10 %)${failureNote(s)}`,
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
            notes: `${ratio(tpl.rps, engines[0].runs[path].first.static.rps) ?? '?'} of static${failureNote(tpl)}`,
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
      if (mysqlMissing) rows.push(skippedRow('GET /products', 'mysql', mysqlMissing));
      for (const f of engines) {
        for (const path of Object.keys(f.runs)) {
          for (const visit of VISITS) {
            const paired = f.runs[path][visit];
            const run = paired.serve;
            const vsTemplate = ratio(run.rps, c.template[path]?.rps ?? 0);
            const rounds = paired.rounds.map((x) => `${x.serve_rps}/${x.static_rps}`).join(', ');
            const cpu = paired.cpu_us;
            const cpuNote =
              cpu.serve === null || cpu.static === null
                ? 'server CPU per answer not measured (no /proc)'
                : `server CPU per answer at ${CPU_RATE} req/s ${cpu.serve} vs static ${cpu.static} µs (static ÷ serve ${ratio(cpu.static, cpu.serve) ?? '?'})`;
            rows.push({
              scenario: `GET ${path}, ${VISIT_LABEL[visit]}`,
              engine: f.engine,
              rps: run.rps,
              p50_ms: run.p50_ms,
              p99_ms: run.p99_ms,
              notes: `${paired.ratio} of static (goal ≥ 0.6: ${verdict(paired.ratio >= 0.6)}), ${vsTemplate ?? '?'} of template; p99 ${paired.p99_ratio}× static p99 (goal ≤ 2×: ${verdict(paired.p99_ratio <= 2)}); medians of ${paired.rounds.length} alternating rounds, serve/static req/s ${rounds}; ${cpuNote}${failureNote(run)}`,
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
    });
  },
};
