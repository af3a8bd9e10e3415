// Scenario `galera`: catalog req/s with one and with two serve processes on a 3-node Galera cluster
// (test/helpers/galera.ts, the cluster of `npm run test:cluster`), against one process on a single
// MariaDB. Where a cluster cannot run here (no galera-4, no rsync), it reports a `skipped` row.
import type { Scenario, ScenarioContext } from '../context.js';
import type { Row } from '../report.js';
import { skippedRow } from '../report.js';
import { withTeardown, type Teardown } from '../teardown.js';
import { startServe } from '../serve-process.js';
import { failureNote, hammer, type LoadResult } from '../load.js';
import { prepareDatabase } from '../../test/helpers/server.js';
import { freshMysqlDatabase } from '../../test/helpers/mariadb.js';
import {
  galeraUnavailableReason,
  startGaleraCluster,
  type GaleraCluster,
} from '../../test/helpers/galera.js';
import { ratio } from '../stats.js';

async function catalogRps(
  ctx: ScenarioContext,
  t: Teardown,
  urls: string[],
  processes: number,
): Promise<LoadResult> {
  const servers = [];
  for (let i = 0; i < processes; i++)
    servers.push(await startServe(t, { databaseUrl: urls[i % urls.length] }));
  const o = ctx.options;
  return hammer({
    url: servers.map((s) => s.url),
    path: '/products',
    connections: o.connections,
    durationS: o.durationS,
    warmupS: o.warmupS,
  });
}

export const galeraScenario: Scenario = {
  name: 'galera',
  description: 'catalog req/s: 1 and 2 serve processes on a 3-node Galera cluster vs 1 on a single MariaDB',
  async run(ctx) {
    const label = 'GET /products on 3-node Galera';
    const missing = galeraUnavailableReason() ?? ctx.mysql.unavailableReason();
    if (missing) return { rows: [skippedRow(label, 'galera', missing)], details: { skipped: missing } };

    const single = await withTeardown(async (t) => {
      const url = await ctx.mysql.database(t, 'bench_galera_ref');
      ctx.log('  single MariaDB: 1 serve process');
      return catalogRps(ctx, t, [url], 1);
    });
    return withTeardown(async (t) => {
      ctx.log('  starting a 3-node Galera cluster');
      let cluster: GaleraCluster;
      try {
        cluster = await startGaleraCluster();
      } catch (err) {
        const reason = `the Galera cluster did not start: ${(err as Error).message.split('\n')[0]}`;
        return { rows: [skippedRow(label, 'galera', reason)], details: { single, skipped: reason } };
      }
      t.add('stop Galera cluster', () => cluster.stop());
      // one database for the bench, created through node 1 (Galera replicates the DDL)
      const first = await freshMysqlDatabase(cluster.urls[0], 'bench_galera');
      const urls = cluster.urls.map((u) => {
        const url = new URL(u);
        url.pathname = '/bench_galera';
        return url.toString();
      });
      await prepareDatabase(first);
      ctx.log('  galera: 1 serve process');
      const one = await catalogRps(ctx, t, urls, 1);
      ctx.log('  galera: 2 serve processes (on two nodes)');
      const two = await catalogRps(ctx, t, urls, 2);
      const rows: Row[] = [
        {
          scenario: 'GET /products, 1 serve, single MariaDB',
          engine: 'mysql',
          rps: single.rps,
          p50_ms: single.p50_ms,
          p99_ms: single.p99_ms,
          notes: `1.00${failureNote(single)}`,
        },
        {
          scenario: 'GET /products, 1 serve, 3-node Galera',
          engine: 'galera',
          rps: one.rps,
          p50_ms: one.p50_ms,
          p99_ms: one.p99_ms,
          notes: `${ratio(one.rps, single.rps) ?? '?'}× single${failureNote(one)}`,
        },
        {
          scenario: 'GET /products, 2 serve on 2 nodes, 3-node Galera',
          engine: 'galera',
          rps: two.rps,
          p50_ms: two.p50_ms,
          p99_ms: two.p99_ms,
          notes: `${ratio(two.rps, single.rps) ?? '?'}× single${failureNote(two)}`,
        },
      ];
      return { rows, details: { single, galera_1: one, galera_2: two } };
    });
  },
};
