// The external WRITE ceilings of cart/add and place-order, measured in the same run as `serve`:
// write-ceiling-server.ts (bare Koa + a mysql2 pool) runs the same statements per request on the
// same database, driven by the same closed-loop flow client as serve's visitors.
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { freePort, spawnServer, type ChildServer } from './child.js';
import { cleanEnv } from './serve-process.js';
import { runFlow, type FlowRequest, type FlowResult, type Visitor } from './flow.js';
import type { Teardown } from './teardown.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ENTRY = fileURLToPath(new URL('./write-ceiling-server.ts', import.meta.url));

/** Iteration of the cart flow against the write ceiling for visitor v: cart/add then cart/get. */
export function ceilingCartSteps(v: number): FlowRequest[] {
  return [
    { step: 'cart/add', method: 'POST', path: `/cart-add/${v}`, body: { quantity: 1 } },
    { step: 'cart/get', method: 'POST', path: `/cart-get/${v}`, body: {} },
  ];
}

/** Iteration of the checkout flow against the write ceiling: place-order (a fresh key), then the refill. */
export function ceilingCheckoutSteps(v: number): FlowRequest[] {
  return [
    {
      step: 'place-order',
      method: 'POST',
      path: `/place-order/${v}`,
      expect: [201],
      body: { idempotency_key: randomBytes(16).toString('hex') },
    },
    { step: 'cart/add (refill)', method: 'POST', path: `/cart-add/${v}`, body: { quantity: 1 } },
  ];
}

/**
 * Starts the write ceilings server on a MySQL database whose one-line carts are its visitors;
 * `nodeArgs` go to its node (bench/profile-writes.ts passes --cpu-prof).
 */
export async function startWriteCeilings(
  t: Teardown,
  databaseUrl: string,
  nodeArgs: string[] = [],
): Promise<ChildServer> {
  const port = await freePort();
  return spawnServer(t, {
    label: 'write ceilings server',
    command: process.execPath,
    args: [...nodeArgs, '--import', 'tsx', ENTRY, databaseUrl, String(port)],
    env: cleanEnv(),
    cwd: ROOT,
    port,
    readyPath: '/healthz',
    readyTimeoutMs: 60000,
  });
}

/** Runs `iteration` on the ceiling with `connections` visitors (visitor k is the k-th one-line cart). */
export async function runWriteCeiling(
  server: ChildServer,
  o: { connections: number; durationS: number; warmupS: number },
  iteration: (v: number) => FlowRequest[],
): Promise<FlowResult> {
  const res = await fetch(`${server.url}/visitors`);
  const { visitors: available } = (await res.json()) as { visitors: number };
  if (available < o.connections)
    throw new Error(`write ceiling: ${available} one-line carts for ${o.connections} connections`);
  const visitors: Visitor[] = Array.from({ length: o.connections }, () => ({
    cookies: new Map(),
    token: '',
  }));
  return runFlow({ url: server.url, visitors, durationS: o.durationS, warmupS: o.warmupS, iteration });
}

/** "0.42 of the write ceiling (N req/s, p99 M ms); goal ≥ 0.5 met/NOT met" for a row's notes. */
export function writeRatioNote(
  rps: number | null,
  ceiling: { rps: number; p99_ms: number } | undefined,
): string {
  if (rps === null || !ceiling || ceiling.rps <= 0) return 'write ceiling: no figure';
  const ratio = rps / ceiling.rps;
  return `${ratio.toFixed(2)} of the write ceiling (bare Koa + mysql2, same statements: ${Math.round(ceiling.rps)} req/s, p99 ${ceiling.p99_ms.toFixed(1)} ms); goal ≥ 0.5 ${ratio >= 0.5 ? 'met' : 'NOT met'}`;
}
