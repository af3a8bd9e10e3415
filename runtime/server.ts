// Listening and stopping: an HTTP server around the app, with graceful shutdown.
import { UserError } from './user-error.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer, type AddressInfo, type Socket } from 'node:net';
import type Koa from 'koa';
import { flushLogs } from './logger.js';

/** A listening server and how to stop it. */
export interface RunningServer {
  server: Server;
  url: string;
  port: number;
  /** Stops accepting, answers what arrived, closes idle keep-alive sockets (forced after graceMs). */
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

/**
 * How long a connection with no request in progress is kept open once the stop begins. A client
 * may have sent its next request on a keep-alive socket (or its first on a new one) that is still
 * on the wire: closing at once would reset it. Whatever arrives meanwhile is answered, with
 * Connection: close.
 */
export const IDLE_LINGER_MS = 500;

/**
 * Tracks the requests of each connection, so a stop can answer what arrives and close the rest.
 * (http.Server's own close() destroys every connection that is between requests at that instant,
 * resetting requests already sent on them.)
 */
function trackConnections(server: Server) {
  const active = new Map<Socket, number>();
  let draining = false;
  server.on('connection', (socket: Socket) => {
    active.set(socket, 0);
    socket.once('close', () => active.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    active.set(socket, (active.get(socket) ?? 0) + 1);
    if (draining) res.setHeader('Connection', 'close');
    res.once('close', () => {
      const left = (active.get(socket) ?? 1) - 1;
      active.set(socket, left);
      if (draining && left === 0) lingerThenClose(socket);
    });
  });
  const lingerThenClose = (socket: Socket) =>
    setTimeout(() => active.get(socket) === 0 && socket.destroy(), IDLE_LINGER_MS).unref();
  return {
    /** From now on every answer closes its connection; connections left idle close after a linger. */
    drain(): void {
      draining = true;
      for (const [socket, n] of active) if (n === 0) lingerThenClose(socket);
    },
  };
}

/** Starts listening on host:port (port 0 picks a free one). */
export async function listen(app: Koa<never> | Koa, host: string, port: number): Promise<RunningServer> {
  const server = createServer(app.callback());
  server.keepAliveTimeout = 5000;
  server.headersTimeout = 10000;
  server.requestTimeout = 30000;
  const connections = trackConnections(server);
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
        // net.Server's close: stop accepting, keep the open sockets (http.Server's would destroy
        // the ones between requests at once).
        NetServer.prototype.close.call(server, () => {
          clearTimeout(timer);
          resolve();
        });
        connections.drain();
      });
    },
  };
}

/**
 * Calls stop once on SIGTERM/SIGINT, then writes the buffered log lines (the requests answered
 * during the drain included) and exits; a second signal exits at once, still flushing.
 */
export function onShutdownSignal(stop: (signal: string) => Promise<void>): void {
  let stopping = false;
  const exit = (code: number) => {
    flushLogs();
    process.exit(code);
  };
  const handler = (signal: string) => {
    if (stopping) exit(1);
    stopping = true;
    stop(signal).then(
      () => exit(0),
      () => exit(1),
    );
  };
  process.once('SIGTERM', () => handler('SIGTERM'));
  process.once('SIGINT', () => handler('SIGINT'));
}
