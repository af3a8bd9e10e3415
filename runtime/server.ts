// Listening and stopping: an HTTP server around the app, with graceful shutdown.
import { UserError } from './user-error.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';

/** A listening server and how to stop it. */
export interface RunningServer {
  server: Server;
  url: string;
  port: number;
  /** Stops accepting, lets in-flight requests finish (up to graceMs), then resolves. */
  close(graceMs?: number): Promise<void>;
}

/** A port that is taken or not allowed: the user picks another (one line, exit 1 in the CLI). */
export class ListenError extends UserError {
  override name = 'ListenError';
}

function listenFailure(err: NodeJS.ErrnoException, host: string, port: number): Error {
  if (err.code === 'EADDRINUSE')
    return new ListenError(`port ${port} on ${host} is already in use (choose another with --port)`);
  if (err.code === 'EACCES') return new ListenError(`no permission to listen on ${host}:${port}`);
  return err;
}

/** Starts listening on host:port (port 0 picks a free one). */
export async function listen(app: Koa<never> | Koa, host: string, port: number): Promise<RunningServer> {
  const server = createServer(app.callback());
  server.keepAliveTimeout = 5000;
  server.headersTimeout = 10000;
  server.requestTimeout = 30000;
  await new Promise<void>((resolve, reject) => {
    const fail = (err: NodeJS.ErrnoException) => reject(listenFailure(err, host, port));
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  return {
    server,
    port: address.port,
    url: `http://${shownHost}:${address.port}`,
    close(graceMs = 10000) {
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => server.closeAllConnections(), graceMs);
        timer.unref();
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}

/** Calls stop once on SIGTERM/SIGINT; a second signal exits at once. */
export function onShutdownSignal(stop: (signal: string) => Promise<void>): void {
  let stopping = false;
  const handler = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    stop(signal).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => handler('SIGTERM'));
  process.once('SIGINT', () => handler('SIGINT'));
}
