// Scenario `galera`: catalog req/s with one and with two serve processes on a 3-node Galera cluster,
// against one process on a single MariaDB. It needs test/helpers/galera.ts (written separately):
// until that module exists, or when it cannot start a cluster here, the scenario reports a
// `skipped: reason` row. The helper is looked up at run time and duck-typed: an exported function
// whose name contains "galera" (e.g. startGaleraCluster) resolving to an object with stop() and the
// node URLs as `urls: string[]`, `nodes: Array<{ url: string }>` or `url` + `nodeUrls`.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Scenario, ScenarioContext } from '../context.js';
import type { Row } from '../report.js';
import { skippedRow } from '../report.js';
import { withTeardown, type Teardown } from '../teardown.js';
import { startServe } from '../serve-process.js';
import { failureNote, hammer, type LoadResult } from '../load.js';
import { prepareDatabase } from '../../test/helpers/server.js';
import { freshMysqlDatabase } from '../../test/helpers/mariadb.js';
import { ratio } from '../stats.js';

// BENCH_GALERA_HELPER points at another module with the same shape (to try the scenario out)
const HELPER =
  process.env.BENCH_GALERA_HELPER || fileURLToPath(new URL('../../test/helpers/galera.ts', import.meta.url));

interface Cluster {
  urls: string[];
  stop(): Promise<void>;
}

type Starter = (...args: unknown[]) => Promise<unknown>;

function clusterFrom(value: unknown): Cluster | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.stop !== 'function') return null;
  let urls: unknown = v.urls ?? v.nodeUrls;
  if (!urls && Array.isArray(v.nodes)) urls = (v.nodes as Array<Record<string, unknown>>).map((n) => n.url);
  if (!Array.isArray(urls) || urls.length < 2 || urls.some((u) => typeof u !== 'string')) return null;
  return { urls: urls as string[], stop: () => (v.stop as () => Promise<void>)() };
}

/** Imports the helper and finds its start function, or says why not. */
async function findStarter(): Promise<Starter | string> {
  if (!existsSync(HELPER)) return 'test/helpers/galera.ts not present yet';
  // imported by a computed URL, so the bench compiles without the helper
  const mod = (await import(pathToFileURL(HELPER).href)) as Record<string, unknown>;
  const name = Object.keys(mod).find(
    (k) => /galera/i.test(k) && /start|cluster/i.test(k) && typeof mod[k] === 'function',
  );
  if (!name)
    return `test/helpers/galera.ts exports no start function (exports: ${Object.keys(mod).join(', ')})`;
  const available = Object.keys(mod).find((k) => /available/i.test(k) && typeof mod[k] === 'function');
  if (available && !(mod[available] as () => boolean)()) return `${available}() is false on this machine`;
  return mod[name] as Starter;
}

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
    const starter = await findStarter();
    if (typeof starter === 'string')
      return { rows: [skippedRow(label, 'galera', starter)], details: { skipped: starter } };
    const missing = ctx.mysql.unavailableReason();
    if (missing) return { rows: [skippedRow(label, 'galera', missing)], details: { skipped: missing } };

    const single = await withTeardown(async (t) => {
      const url = await ctx.mysql.database(t, 'bench_galera_ref');
      ctx.log('  single MariaDB: 1 serve process');
      return catalogRps(ctx, t, [url], 1);
    });
    return withTeardown(async (t) => {
      ctx.log('  starting a 3-node Galera cluster');
      let cluster: Cluster | null;
      try {
        cluster = clusterFrom(await starter());
      } catch (err) {
        const reason = `the Galera helper failed: ${(err as Error).message.split('\n')[0]}`;
        return { rows: [skippedRow(label, 'galera', reason)], details: { single, skipped: reason } };
      }
      if (!cluster) {
        const reason = 'the Galera helper returned no { urls, stop() }';
        return { rows: [skippedRow(label, 'galera', reason)], details: { single, skipped: reason } };
      }
      const stopCluster = cluster.stop;
      t.add('stop Galera cluster', () => stopCluster());
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
