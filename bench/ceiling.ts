// Starts the ceiling server (ceiling-server.ts) as its own process, like `serve`, so that it does
// not share an event loop with the load generator.
import { fileURLToPath } from 'node:url';
import { freePort, spawnServer, type ChildServer } from './child.js';
import { cleanEnv } from './serve-process.js';
import type { Teardown } from './teardown.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ENTRY = fileURLToPath(new URL('./ceiling-server.ts', import.meta.url));

/** The ceiling server on the catalog of databaseUrl (read once at start). */
export async function startCeiling(t: Teardown, databaseUrl: string): Promise<ChildServer> {
  const port = await freePort();
  return spawnServer(t, {
    label: 'ceiling server',
    command: process.execPath,
    args: ['--import', 'tsx', ENTRY, databaseUrl, String(port)],
    env: cleanEnv(),
    cwd: ROOT,
    port,
    readyPath: '/healthz',
  });
}
