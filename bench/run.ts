// npm run bench — the Storefront benchmarks, bounded in time (about 12 minutes on 2 cores, most of it
// the alternating rounds of `products` and the 100,000-product catalog of `catalog-growth`; --quick
// about 5), printing a markdown table for the README and writing the raw figures as JSON to
// bench/results/<timestamp>.json and bench/results/latest.json (bench/results/ is gitignored).
//
//   npm run bench                          every scenario, 6 s per load run after a 1 s warm-up
//   npm run bench -- --quick               2 s runs after 0.5 s warm-ups, fewer reload/check-theme rounds
//   npm run bench -- --only products,cart  a subset (names below), in this file's order
//   npm run bench -- --duration 10 --connections 20 --no-build
//
// It builds first (`npm run build`: serve and check-theme run from dist/) unless --no-build.
// MySQL scenarios use one throwaway MariaDB (mariadbd in a temp dir), or BENCH_MYSQL_URL /
// STOREFRONT_TEST_MYSQL_URL (a fresh database per scenario is created and dropped there); without
// either they print `skipped` rows. Every process and database it starts is stopped at the end,
// on failure and on Ctrl-C. Progress goes to stderr, the table to stdout.
//
// Scenarios (one module each under bench/scenarios/):
//   products     GET /products and /products/<slug>, first visit and returning visitor: serve on
//                SQLite and MySQL vs the STATIC ceiling (bare Koa sending serve's bytes) and the
//                TEMPLATE ceiling (plain Handlebars, same data), measured in the same run; the
//                engine's render vs plain Handlebars; sessions rows before/after; peak RSS of serve
//   cart         cart/add + cart/get, one guest session per connection (MySQL), vs the WRITE ceiling
//                (bare Koa + mysql2 running the same statements on the same carts: write-ceilings.ts)
//   checkout     checkout/quote; place-order with distinct idempotency keys (MySQL), vs the write ceiling
//   login        /products p99 with 10 logins/s at the default bcrypt cost vs without (MySQL)
//   register-flood  login p99 and statuses while 100 connections flood register, from one client
//                address and from many (MySQL; goal p99 < 1 s)
//   workers      /products with serve --workers 1 vs --workers 2 (SQLite), RSS of all processes
//   galera       1 and 2 serve processes on a 3-node Galera cluster vs 1 on a single MariaDB
//                (needs galera-4 and rsync, as `npm run test:cluster` does; otherwise `skipped`)
//   reload       storefront dev reload latency (bench/reload.ts)
//   dev-start    storefront dev start → first 200, median of 5 runs (bench/dev-start.ts)
//   language-server  re-check after an edit: read, lint and type-check the starter theme in-process
//   check-theme  check-theme on the starter theme and on 1,000 templates (bench/check-theme.ts)
//   catalog-import  `catalog import` of a generated 10,000-variant CSV: first, again (no change), all
//                prices changed (SQLite and MySQL; goal < 10 s each)
//   lcp          Largest Contentful Paint of /products and a product page in headless Chromium (goal < 1 s)
//   catalog-growth  /products page 1, a deep page and a product page at 1,000 / 10,000 / 100,000
//                products (SQLite, catalog cache off); a crawl of distinct pages with the default
//                cache (the listing count shared per TTL); serve's peak RSS (goal < 200 MB)
//   images       a cached 640 px WebP product image on serve vs the STATIC ceiling (bare Koa sending
//                the same bytes); first-request (resize) times per format
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { BenchOptions, Scenario, ScenarioContext } from './context.js';
import { MysqlProvider } from './databases.js';
import { describeMachine } from './machine.js';
import { markdownTable, type Row } from './report.js';
import { installSignalTeardown, interrupted, withTeardown } from './teardown.js';
import { catalogScenario } from './scenarios/catalog.js';
import { cartScenario } from './scenarios/cart.js';
import { checkoutScenario } from './scenarios/checkout.js';
import { loginScenario } from './scenarios/login.js';
import { registerFloodScenario } from './scenarios/register-flood.js';
import { workersScenario } from './scenarios/workers.js';
import { galeraScenario } from './scenarios/galera.js';
import { reloadScenario } from './scenarios/reload.js';
import { devStartScenario } from './scenarios/dev-start.js';
import { languageServerScenario } from './scenarios/language-server.js';
import { checkThemeScenario } from './scenarios/check-theme.js';
import { catalogImportScenario } from './scenarios/catalog-import.js';
import { lcpScenario } from './scenarios/lcp.js';
import { catalogGrowthScenario } from './scenarios/catalog-growth.js';
import { imagesScenario } from './scenarios/images.js';

const SCENARIOS: Scenario[] = [
  catalogScenario,
  cartScenario,
  checkoutScenario,
  loginScenario,
  registerFloodScenario,
  workersScenario,
  galeraScenario,
  reloadScenario,
  devStartScenario,
  languageServerScenario,
  checkThemeScenario,
  catalogImportScenario,
  catalogGrowthScenario,
  imagesScenario,
  lcpScenario,
];

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = fileURLToPath(new URL('./results/', import.meta.url));

interface Args {
  options: BenchOptions;
  only: string[] | null;
  build: boolean;
}

function usage(message?: string): never {
  if (message) process.stderr.write(`bench: ${message}\n`);
  process.stderr.write(
    `usage: npm run bench -- [--quick] [--only ${SCENARIOS.map((s) => s.name).join(',')}] [--duration S] [--connections N] [--no-build]\n`,
  );
  process.exit(message ? 2 : 0);
}

function parseArgs(argv: string[]): Args {
  let quick = false;
  let only: string[] | null = null;
  let build = true;
  let duration: number | null = null;
  let connections = 10;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i] ?? usage(`${flag} needs a value`);
    if (flag === '--quick') quick = true;
    else if (flag === '--no-build') build = false;
    else if (flag === '--only')
      only = value()
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    else if (flag === '--duration') duration = Number(value());
    else if (flag === '--connections') connections = Number(value());
    else if (flag === '--help' || flag === '-h') usage();
    else usage(`unknown option ${argv[i]}`);
  }
  const unknown = (only ?? []).filter((n) => !SCENARIOS.some((s) => s.name === n));
  if (unknown.length) usage(`unknown scenario ${unknown.join(', ')}`);
  const durationS = duration ?? (quick ? 2 : 6);
  if (!(durationS > 0 && durationS <= 120)) usage('--duration must be 1–120 seconds');
  if (!(Number.isInteger(connections) && connections >= 1 && connections <= 500))
    usage('--connections must be 1–500');
  return { options: { durationS, warmupS: quick ? 0.5 : 1, connections, quick }, only, build };
}

function build(): void {
  process.stderr.write('bench: npm run build\n');
  const r = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: ROOT,
    stdio: ['ignore', process.stderr, process.stderr],
  });
  if (r.status !== 0) {
    process.stderr.write(
      'bench: the build failed; serve and check-theme run from dist/, so the bench stops here\n',
    );
    process.exit(1);
  }
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  installSignalTeardown();
  const started = performance.now();
  const date = new Date();
  const machine = describeMachine();
  if (args.build) build();
  const selected = SCENARIOS.filter((s) => !args.only || args.only.includes(s.name));
  const rows: Row[] = [];
  const details: Record<string, unknown> = {};
  const timings: Record<string, number> = {};
  let failed = 0;
  const log = (message: string) => process.stderr.write(`${message}\n`);
  log(
    `bench: ${selected.map((s) => s.name).join(', ')}; ${args.options.durationS} s runs, ${args.options.connections} connections; load average ${machine.load_1m} on ${machine.cores} cores`,
  );

  await withTeardown(async (runTeardown) => {
    const ctx: ScenarioContext = { options: args.options, mysql: new MysqlProvider(runTeardown), log };
    for (const scenario of selected) {
      log(`bench: ${scenario.name} — ${scenario.description}`);
      const t0 = performance.now();
      try {
        const result = await scenario.run(ctx);
        rows.push(...result.rows);
        details[scenario.name] = result.details;
        for (const r of result.rows)
          log(
            `  → ${r.scenario} [${r.engine}]: ${r.rps ?? '-'} req/s, p50 ${r.p50_ms ?? '-'}, p99 ${r.p99_ms ?? '-'}; ${r.notes}`,
          );
      } catch (err) {
        failed++;
        const message = (err as Error).message.split('\n')[0];
        log(`bench: ${scenario.name} failed: ${(err as Error).stack ?? message}`);
        rows.push({
          scenario: scenario.name,
          engine: '-',
          rps: null,
          p50_ms: null,
          p99_ms: null,
          notes: `FAILED: ${message}`,
        });
        details[scenario.name] = { error: String((err as Error).stack ?? err) };
      }
      timings[scenario.name] = Math.round((performance.now() - t0) / 100) / 10;
    }
  });

  if (interrupted()) return new Promise(() => {}); // the signal handler cleans up and exits
  const wall = Math.round((performance.now() - started) / 100) / 10;
  const dateText = date.toISOString().slice(0, 10);
  const table = markdownTable(rows, machine, dateText);
  process.stdout.write(
    `\n${table}\nWall time ${wall} s (${Object.entries(timings)
      .map(([k, v]) => `${k} ${v} s`)
      .join(', ')}).\n`,
  );

  mkdirSync(RESULTS, { recursive: true });
  const json = {
    date: date.toISOString(),
    machine,
    options: { ...args.options, only: args.only },
    wall_s: wall,
    scenario_s: timings,
    rows,
    details,
  };
  const stamp = date
    .toISOString()
    .replace(/:/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const text = `${JSON.stringify(json, null, 2)}\n`;
  writeFileSync(join(RESULTS, `${stamp}.json`), text);
  writeFileSync(join(RESULTS, 'latest.json'), text);
  process.stderr.write(`bench: results in bench/results/${stamp}.json and bench/results/latest.json\n`);
  return failed ? 1 : 0;
}

process.exitCode = await main();
