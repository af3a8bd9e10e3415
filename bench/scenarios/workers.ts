// Scenario `workers`: GET /products on `serve --workers 1` and `serve --workers 2`, both on the same
// SQLite file (each worker process has its own better-sqlite3 connection, so no database server
// competes for the cores), with the peak RSS of the primary plus its workers.
import type { Scenario } from '../context.js';
import type { Row } from '../report.js';
import { mb } from '../report.js';
import { withTeardown } from '../teardown.js';
import { sqliteDatabase } from '../databases.js';
import { startServe } from '../serve-process.js';
import { failureNote, hammer, type LoadResult } from '../load.js';
import { childPids, sampleRss, type RssFigures } from '../rss.js';
import { ratio, sleep } from '../stats.js';

async function measure(
  databaseUrl: string,
  workers: number,
  o: { connections: number; durationS: number; warmupS: number },
): Promise<{ load: LoadResult; rss: RssFigures }> {
  return withTeardown(async (t) => {
    const serve = await startServe(t, { databaseUrl, workers });
    if (workers > 1) {
      // /readyz answers as soon as one worker listens; wait for all of them to be forked and booted
      const deadline = Date.now() + 20000;
      while (childPids(serve.pid).length < workers && Date.now() < deadline) await sleep(100);
      await sleep(1500);
    }
    const rss = sampleRss(serve.pid);
    const load = await hammer({
      url: serve.url,
      path: '/products',
      connections: o.connections,
      durationS: o.durationS,
      warmupS: Math.max(o.warmupS, 1),
    });
    return { load, rss: rss.stop() };
  });
}

export const workersScenario: Scenario = {
  name: 'workers',
  description: 'GET /products with serve --workers 1 vs --workers 2 (SQLite)',
  async run(ctx) {
    return withTeardown(async (t) => {
      const databaseUrl = await sqliteDatabase(t);
      ctx.log('  sqlite: serve --workers 1');
      const one = await measure(databaseUrl, 1, ctx.options);
      ctx.log('  sqlite: serve --workers 2');
      const two = await measure(databaseUrl, 2, ctx.options);
      const rows: Row[] = [
        {
          scenario: 'GET /products, serve --workers 1',
          engine: 'sqlite',
          rps: one.load.rps,
          p50_ms: one.load.p50_ms,
          p99_ms: one.load.p99_ms,
          notes: `1.00; peak RSS ${mb(one.rss.hwm_sum_kb)}${failureNote(one.load)}`,
        },
        {
          scenario: 'GET /products, serve --workers 2',
          engine: 'sqlite',
          rps: two.load.rps,
          p50_ms: two.load.p50_ms,
          p99_ms: two.load.p99_ms,
          notes: `${ratio(two.load.rps, one.load.rps) ?? '?'}× of --workers 1; peak RSS ${mb(two.rss.hwm_sum_kb)} over ${two.rss.processes} processes (primary + workers, sum of VmHWM)${failureNote(two.load)}`,
        },
      ];
      return { rows, details: { workers_1: one, workers_2: two } };
    });
  },
};
