// A real `storefront serve` process (node bin/storefront serve, from the built dist/) on a given
// database, with its stdout request log discarded and its environment cleaned so it runs with the
// defaults an operator gets (in particular the default bcrypt cost: STOREFRONT_BCRYPT_COST unset).
import { fileURLToPath } from 'node:url';
import { spawnServer, freePort, type ChildServer } from './child.js';
import type { Teardown } from './teardown.js';

export const BENCH_SECRET = 'bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = fileURLToPath(new URL('../bin/storefront', import.meta.url));

export interface ServeOptions {
  databaseUrl: string;
  workers?: number;
  trustProxy?: boolean;
  /** More `serve` flags (e.g. --catalog-cache-ms 0). */
  extraArgs?: string[];
  /** Flags for node itself, before the script (e.g. --cpu-prof for bench/profile*.ts). */
  nodeArgs?: string[];
}

/** The environment of a child server: this one's, minus everything that would change its defaults. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', STOREFRONT_SECRET: BENCH_SECRET, ...extra };
  for (const name of [
    'DATABASE_URL',
    'DATABASE_READ_URL',
    'STOREFRONT_BCRYPT_COST',
    'STOREFRONT_WORKERS',
    'PORT',
    'HOST',
    'STOREFRONT_DEBUG',
  ]) {
    if (!(name in extra)) delete env[name];
  }
  return env;
}

/** Starts `storefront serve` on 127.0.0.1 and a free port; answers once /readyz is 200. */
export async function startServe(t: Teardown, o: ServeOptions): Promise<ChildServer> {
  const port = await freePort();
  const args = [
    ...(o.nodeArgs ?? []),
    BIN,
    'serve',
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--database',
    o.databaseUrl,
  ];
  if (o.workers && o.workers > 1) args.push('--workers', String(o.workers));
  if (o.trustProxy) args.push('--trust-proxy');
  if (o.extraArgs) args.push(...o.extraArgs);
  const server = await spawnServer(t, {
    label: `storefront serve${o.workers && o.workers > 1 ? ` --workers ${o.workers}` : ''}${o.nodeArgs?.length ? ` (node ${o.nodeArgs.join(' ')})` : ''}`,
    command: process.execPath,
    args,
    env: cleanEnv(),
    cwd: ROOT,
    port,
    readyPath: '/readyz',
  });
  return server;
}
