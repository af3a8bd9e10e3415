// The cluster under test, shared by every test/cluster file: a 3-node Galera cluster
// (test/helpers/galera.ts), migrated and seeded through node 1 with the CLI, and one real
// `storefront serve` process per node (node bin/storefront serve, from the built dist/, with the
// starter theme), all with one
// STOREFRONT_SECRET, as several processes behind a load balancer would run. Started once, on the
// first describe that asks for it; stopped by the root hook in hooks.ts.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createDb, type Db } from '../../runtime/db.js';
import { findSiteByHostExact, type Site } from '../../runtime/sites/store.js';
import { galeraUnavailableReason, startGaleraCluster, type GaleraCluster } from '../helpers/galera.js';
import { TEST_SECRET } from '../helpers/server.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = fileURLToPath(new URL('../../bin/storefront', import.meta.url));
const BUILT = fileURLToPath(new URL('../../dist/bin/cli.js', import.meta.url));

/** Number of Galera nodes, and of serve processes (one per node). */
export const NODES = 3;

export interface LoggedRequest {
  request_id: string;
  method: string;
  path: string;
  status: number;
}

/** One `storefront serve` process and what it logged. */
export interface ServeProcess {
  /** 1-based: process i talks to node i. */
  index: number;
  url: string;
  databaseUrl: string;
  child: ChildProcess;
  /** The request log (stdout, one JSON line per request). */
  requests: LoggedRequest[];
  /** Everything written to stderr. */
  stderr: string[];
}

export interface ClusterUnderTest {
  galera: GaleraCluster;
  /** One serve process per node. */
  serve: ServeProcess[];
  /** A knex per node (index 0 = node 1). */
  db: Db[];
  site: Site;
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI (node bin/storefront …) with STOREFRONT_SECRET and the given environment. */
export function storefront(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { cwd: ROOT, env: { ...childEnv(), ...env }, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NO_COLOR: '1',
    STOREFRONT_SECRET: TEST_SECRET,
    STOREFRONT_BCRYPT_COST: '4',
  };
  for (const name of ['DATABASE_URL', 'DATABASE_READ_URL', 'PORT', 'HOST', 'STOREFRONT_WORKERS'])
    delete env[name];
  return env;
}

/** Starts `storefront serve` on node `databaseUrl` (given as DATABASE_URL) and a free port. */
function startServe(index: number, databaseUrl: string): Promise<ServeProcess> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--host', '127.0.0.1'], {
    cwd: ROOT,
    env: { ...childEnv(), DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const requests: LoggedRequest[] = [];
  const stderr: string[] = [];
  let pending = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      try {
        requests.push(JSON.parse(line) as LoggedRequest);
      } catch {
        // not a request log line
      }
    }
  });
  return new Promise((resolve, reject) => {
    let done = false;
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr.push(chunk);
      const m = /storefront serve: (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr.join(''));
      if (m && !done) {
        done = true;
        resolve({ index, url: m[1], databaseUrl, child, requests, stderr });
      }
    });
    child.once('exit', (code) => {
      if (!done) reject(new Error(`storefront serve on node ${index} exited (${code}): ${stderr.join('')}`));
    });
  });
}

async function stopServe(p: ServeProcess): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  const exited = new Promise((r) => p.child.once('exit', r));
  p.child.kill('SIGTERM');
  const timer = setTimeout(() => p.child.kill('SIGKILL'), 10000);
  await exited;
  clearTimeout(timer);
}

let shared: Promise<ClusterUnderTest> | null = null;
let started: ClusterUnderTest | null = null;
let galera: GaleraCluster | null = null;
const processes: ServeProcess[] = [];
const dbs: Db[] = [];
const killOnExit = () => {
  for (const p of processes) if (p.child.exitCode === null) p.child.kill('SIGKILL');
};

async function start(): Promise<ClusterUnderTest> {
  if (!existsSync(BUILT)) throw new Error('dist/ is missing: run `npm run build` first');
  const t0 = Date.now();
  galera = await startGaleraCluster({ nodes: NODES });
  const t1 = Date.now();
  process.once('exit', killOnExit);
  const [first] = galera.urls;
  for (const args of [
    ['migrate', '--database', first],
    ['seed', '--database', first],
  ]) {
    const run = await storefront(args);
    if (run.code !== 0) throw new Error(`storefront ${args.join(' ')} failed (${run.code}): ${run.stderr}`);
  }
  for (const url of galera.urls) dbs.push(createDb(url));
  const site = (await findSiteByHostExact(dbs[0], undefined))!;
  const t2 = Date.now();
  for (let i = 0; i < NODES; i++) processes.push(await startServe(i + 1, galera.urls[i]));
  process.stdout.write(
    `  cluster: ${NODES} Galera nodes (SST ${galera.sstMethod}) up in ${((t1 - t0) / 1000).toFixed(1)} s; ` +
      `migrate + seed through node 1 ${((t2 - t1) / 1000).toFixed(1)} s; ` +
      `${NODES} serve processes: ${processes.map((p) => `${p.url} → node ${p.index}`).join(', ')}\n`,
  );
  started = { galera, serve: processes, db: dbs, site };
  return started;
}

/**
 * Registers a before hook that starts the shared cluster (once) and returns a getter for it. Skips
 * the describe when Galera is not installed, except under CI=true where that is a failure.
 */
export function useCluster(): () => ClusterUnderTest {
  before(async function () {
    this.timeout(300000);
    const missing = galeraUnavailableReason();
    if (missing) {
      if (process.env.CI === 'true') throw new Error(`the cluster tests need Galera: ${missing}`);
      process.stdout.write(`  skipped: ${missing}\n`);
      return this.skip();
    }
    shared ??= start();
    await shared;
  });
  return () => {
    if (!started) throw new Error('the cluster is not started');
    return started;
  };
}

const WSREP_COUNTERS = ['wsrep_replicated', 'wsrep_local_cert_failures', 'wsrep_local_bf_aborts'];

async function readCounters(db: Db): Promise<Record<string, number>> {
  const [rows] = (await db.raw(
    `SHOW GLOBAL STATUS WHERE Variable_name IN (${WSREP_COUNTERS.map(() => '?').join(',')})`,
    WSREP_COUNTERS,
  )) as [Array<{ Variable_name: string; Value: string }>];
  return Object.fromEntries(rows.map((r) => [r.Variable_name, Number(r.Value)]));
}

/**
 * Reads the Galera counters of every node now; the returned function tells how much they grew
 * since: writesets each node replicated, and its certification failures and brute-force aborts.
 */
export async function wsrepCounters(nodes: Db[]): Promise<() => Promise<string>> {
  const before = await Promise.all(nodes.map(readCounters));
  return async () => {
    const after = await Promise.all(nodes.map(readCounters));
    return after
      .map((a, i) => {
        const d = (k: string) => a[k] - before[i][k];
        return `node ${i + 1}: ${d('wsrep_replicated')} writesets, ${d('wsrep_local_cert_failures')} cert failures, ${d('wsrep_local_bf_aborts')} BF aborts`;
      })
      .join('; ');
  };
}

/** 5xx answers logged by the serve processes so far (as "node N: STATUS METHOD PATH"). */
export function serverErrors(): string[] {
  return processes.flatMap((p) =>
    p.requests
      .filter((r) => r.status >= 500)
      .map((r) => `node ${p.index}: ${r.status} ${r.method} ${r.path}`),
  );
}

/** The JSON error lines the serve processes wrote to stderr so far. */
export function errorLogs(): Array<Record<string, unknown> & { node: number }> {
  return processes.flatMap((p) =>
    p.stderr
      .join('')
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .flatMap((l): Array<Record<string, unknown> & { node: number }> => {
        try {
          return [{ ...(JSON.parse(l) as Record<string, unknown>), node: p.index }];
        } catch {
          return [];
        }
      })
      .filter((r) => r.level === 'error'),
  );
}

/** Stops the serve processes, the knex pools and the cluster (whatever of them was started). */
export async function stopCluster(): Promise<void> {
  const pending = shared;
  shared = null;
  await pending?.catch(() => null);
  if (processes.length) {
    const total = processes.reduce((n, p) => n + p.requests.length, 0);
    const errors = serverErrors();
    const logged = errorLogs().map(
      (e) => `node ${e.node}: ${String(e.error)} ${String(e.message).slice(0, 160)}`,
    );
    process.stdout.write(
      `\n  cluster: ${total} requests served by ${processes.length} processes; 5xx answers: ${errors.length}` +
        `${errors.length ? ` (${summarize(errors)})` : ''}; error log lines: ${logged.length}` +
        `${logged.length ? ` (${summarize(logged)})` : ''}\n`,
    );
  }
  await Promise.all(processes.splice(0).map(stopServe));
  process.off('exit', killOnExit);
  await Promise.all(dbs.splice(0).map((db) => db.destroy()));
  const g = galera;
  galera = null;
  started = null;
  await g?.stop();
}

function summarize(lines: string[]): string {
  const counts = new Map<string, number>();
  for (const l of lines) counts.set(l, (counts.get(l) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${k} ×${n}`).join(', ');
}
