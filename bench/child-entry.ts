// The listening half of the bench's child servers (ceilings-server.ts, write-ceiling-server.ts,
// replay-server.ts): a Koa app on 127.0.0.1 with serve's keep-alive timeout, closed on SIGTERM or
// SIGINT (what spawnServer's stop sends) after `beforeExit`.
import { createServer } from 'node:http';
import type Koa from 'koa';

/** Serves `app` on 127.0.0.1:port until the process is told to stop. */
export function listenUntilStopped(
  app: Koa,
  port: number,
  beforeExit: () => Promise<void> = async () => {},
): void {
  const server = createServer(app.callback());
  server.keepAliveTimeout = 5000; // as runtime/server.ts
  server.listen(port, '127.0.0.1');
  const stop = () => server.close(() => void beforeExit().then(() => process.exit(0)));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
