// A small TCP proxy for fault tests: sits between the app and a database server so that a test can
// cut every open connection and refuse new ones (the database "goes away"), or turn into a black hole
// (the database goes silent: sockets stay open, nothing is answered), then restore it.
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  /** The port the proxy listens on (127.0.0.1); stays the same across cut/restore. */
  readonly port: number;
  /** Connections accepted so far (for assertions that the app really went through the proxy). */
  readonly accepted: number;
  /** Whether the proxy currently forwards. */
  readonly up: boolean;
  /** forward, cut (refusing or hanging new connections) or blackhole. */
  readonly mode: 'forward' | 'refuse' | 'hang' | 'blackhole';
  /** The given URL with its host and port replaced by the proxy's. */
  rewrite(url: string): string;
  /**
   * Resets every open connection (both sides). New connections are then refused (ECONNREFUSED:
   * the database host is up, its server is not) or, with `hang`, accepted and never answered (a
   * network path that drops packets: the client waits for a handshake that never comes).
   */
  cut(options?: { newConnections?: 'refuse' | 'hang' }): Promise<void>;
  /**
   * The database goes silent (a frozen server, a path that drops every packet): open connections
   * stay open but nothing passes in either direction any more, and new connections are accepted
   * and then never answered (no server greeting). Nothing is lost, only held: restore() lets
   * everything held through, as a healed network path delivers what TCP kept for it, so a
   * connection the client has given up on meanwhile reaches the server as a disconnect.
   */
  blackhole(): Promise<void>;
  /**
   * Forwards again: after a cut, new connections (listening again on the same port after a
   * refusing cut); after a black hole, also the connections it held.
   */
  restore(): Promise<void>;
  /** Cuts and frees the port for good. */
  close(): Promise<void>;
}

function listenOn(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      resolve();
    });
  });
}

/** Starts a proxy on a free 127.0.0.1 port forwarding to targetHost:targetPort. */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>();
  const hanging = new Set<Socket>();
  /** Connections accepted during a black hole: not read, not forwarded, until restore. */
  const held = new Set<Socket>();
  let accepted = 0;
  let mode: TcpProxy['mode'] = 'forward';
  let listening = true;

  const onConnection = (client: Socket) => {
    accepted += 1;
    if (mode === 'hang' || mode === 'refuse') {
      // Hanging: keep the socket open, read and drop whatever arrives, never answer.
      hanging.add(client);
      client.on('error', () => client.destroy());
      client.on('close', () => hanging.delete(client));
      client.resume();
      return;
    }
    if (mode === 'blackhole') {
      // Accepted (the TCP handshake is the kernel's), then silence: the client waits for a greeting.
      held.add(client);
      client.pause();
      client.on('error', () => {
        held.delete(client);
        client.destroy();
      });
      return;
    }
    forward(client);
  };

  const forward = (client: Socket) => {
    const upstream = connect(targetPort, targetHost);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  };

  let server = createServer(onConnection);
  await listenOn(server, 0);
  const port = (server.address() as { port: number }).port;

  const closeServer = (s: Server) => new Promise<void>((resolve) => s.close(() => resolve()));

  const proxy: TcpProxy = {
    port,
    get accepted() {
      return accepted;
    },
    get up() {
      return mode === 'forward';
    },
    get mode() {
      return mode;
    },
    rewrite(url: string) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    async cut(options = {}) {
      if (mode === 'refuse' || mode === 'hang') return;
      const refuse = (options.newConnections ?? 'refuse') === 'refuse';
      mode = refuse ? 'refuse' : 'hang';
      const closed = refuse ? closeServer(server) : Promise.resolve();
      if (refuse) listening = false;
      for (const socket of [...held]) socket.resetAndDestroy();
      held.clear();
      for (const [client, upstream] of [...pairs]) {
        // An RST, as when a network path or the database host dies, not a polite FIN.
        client.resetAndDestroy();
        upstream.destroy();
      }
      pairs.clear();
      await closed;
    },
    async blackhole() {
      if (mode === 'blackhole') return;
      if (mode !== 'forward') throw new Error('restore() the proxy before turning it into a black hole');
      mode = 'blackhole';
      for (const [client, upstream] of pairs) {
        // Stop both directions; what arrives stays in the socket buffers (and then in the kernel's,
        // which stops the sender by TCP flow control) until restore() pipes it on.
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    async restore() {
      if (mode === 'forward') return;
      if (mode === 'blackhole') {
        mode = 'forward';
        for (const [client, upstream] of pairs) {
          client.pipe(upstream);
          upstream.pipe(client);
        }
        for (const client of [...held]) {
          held.delete(client);
          client.removeAllListeners('error');
          forward(client);
        }
        return;
      }
      // Handshakes that hung during the outage stay dead, as after a real partition heals.
      for (const socket of [...hanging]) socket.destroy();
      hanging.clear();
      if (!listening) {
        server = createServer(onConnection);
        // The port was ours a moment ago; retry briefly in case the OS has not released it yet.
        for (let attempt = 0; ; attempt++) {
          try {
            await listenOn(server, port);
            break;
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 50) throw err;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
        listening = true;
      }
      mode = 'forward';
    },
    async close() {
      await proxy.cut();
      for (const socket of [...hanging]) socket.destroy();
      hanging.clear();
      if (listening) {
        listening = false;
        await closeServer(server);
      }
    },
  };
  return proxy;
}
