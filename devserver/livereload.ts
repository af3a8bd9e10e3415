// The live-reload channel: a WebSocket server at /__storefront/livereload on the dev server's own
// port. Server → browser: reload, css, error, clear. Browser → server: hello (the build number
// the page was rendered from; a stale page is told to reload) and console errors.
import type { IncomingMessage, Server } from 'node:http';
import { createRequire } from 'node:module';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import { afterCssSwap, isStale, type BuildSource } from './builds.js';
import { DEV_PREFIX } from './inject.js';

export const LIVERELOAD_PATH = `${DEV_PREFIX}/livereload`;
/** Version of the message protocol; every message carries it as `v`. */
export const PROTOCOL_VERSION = 1;

/** Messages from the dev server to browsers. */
export type ServerMessage =
  | { type: 'hello'; protocol: number }
  | { type: 'reload'; reason?: string; build?: number }
  | { type: 'css'; path: string; logical: string; build?: number }
  | { type: 'error'; error: unknown }
  /** The type checker's warnings (typed templates), the whole current list; empty clears the panel. */
  | { type: 'warnings'; warnings: unknown[] }
  | { type: 'clear' };

/** A console error forwarded by a browser. */
export interface ConsoleReport {
  level: string;
  message: string;
  source?: string;
  line?: number;
  column?: number;
  stack?: string;
  page?: string;
}

const MAX_MESSAGE_BYTES = 16 * 1024;

/** True when a browser page on this server opened the socket (not some other web site). */
function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (!origin) return true; // not a browser (tests, curl): no cross-site risk
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** What the server knows about one connected page. */
interface ClientState {
  /** The build the page shows (null until its hello, or when it carries none). */
  build: number | null;
  /** A reload was sent: nothing more to tell it. */
  reloadSent: boolean;
}

/** The WebSocket side of the dev server. */
export class LiveReload {
  /** Made at the first upgrade: loading ws takes tens of ms that start-up does not need to wait for. */
  private socketServer: WebSocketServer | null = null;
  private readonly onUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
  /** Sent to every new client right after hello (a pending fixture error, say). */
  private sticky: ServerMessage | null = null;
  /** The current type warnings, sent to every new client after hello when there are any. */
  private warnings: unknown[] = [];
  private readonly states = new WeakMap<WebSocket, ClientState>();

  constructor(
    private readonly server: Server,
    private readonly onConsole: (report: ConsoleReport) => void,
    private readonly builds?: BuildSource,
  ) {
    this.onUpgrade = (req, socket, head) => {
      const path = (req.url ?? '').split('?')[0];
      if (path !== LIVERELOAD_PATH || !sameOrigin(req)) {
        socket.write(
          `HTTP/1.1 ${path === LIVERELOAD_PATH ? '403 Forbidden' : '404 Not Found'}\r\nConnection: close\r\n\r\n`,
        );
        socket.destroy();
        return;
      }
      const wss = this.wss();
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    };
    server.on('upgrade', this.onUpgrade);
  }

  private wss(): WebSocketServer {
    if (this.socketServer) return this.socketServer;
    const ws = createRequire(import.meta.url)('ws') as { WebSocketServer: typeof WebSocketServer };
    this.socketServer = new ws.WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
    this.socketServer.on('connection', (socket) => this.welcome(socket));
    return this.socketServer;
  }

  private get sockets(): Set<WebSocket> {
    return this.socketServer?.clients ?? new Set();
  }

  private welcome(ws: WebSocket): void {
    const state: ClientState = { build: null, reloadSent: false };
    this.states.set(ws, state);
    this.sendTo(ws, { type: 'hello', protocol: PROTOCOL_VERSION });
    if (this.sticky) this.sendTo(ws, this.sticky);
    if (this.warnings.length) this.sendTo(ws, { type: 'warnings', warnings: this.warnings });
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      let msg: { v?: unknown; type?: unknown } & Record<string, unknown>;
      try {
        msg = JSON.parse(String(data)) as typeof msg;
      } catch {
        return;
      }
      if (msg.v !== PROTOCOL_VERSION) return;
      if (msg.type === 'hello') {
        if (typeof msg.build === 'number') state.build = msg.build;
        this.checkBuild(ws, state);
        return;
      }
      if (msg.type !== 'console') return;
      const text = (k: string, max = 4000) =>
        typeof msg[k] === 'string' ? (msg[k] as string).slice(0, max) : undefined;
      const num = (k: string) => (typeof msg[k] === 'number' ? (msg[k] as number) : undefined);
      this.onConsole({
        level: text('level', 16) ?? 'error',
        message: text('message') ?? '',
        source: text('source', 500),
        line: num('line'),
        column: num('column'),
        stack: text('stack'),
        page: text('page', 500),
      });
    });
    ws.on('error', () => {});
  }

  /** Tells a page to reload when it is stale, once any change under way has been handled. */
  private checkBuild(ws: WebSocket, state: ClientState): void {
    const builds = this.builds;
    if (!builds) return;
    void builds.settled().then(() => {
      if (state.reloadSent || !isStale(state.build, builds.current())) return;
      state.reloadSent = true;
      this.sendTo(ws, { type: 'reload', reason: 'stale page', build: builds.current() });
    });
  }

  private sendTo(ws: WebSocket, msg: ServerMessage): void {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ v: PROTOCOL_VERSION, ...msg }));
  }

  /** Sends a message to every connected browser. */
  broadcast(msg: ServerMessage): void {
    const text = JSON.stringify({ v: PROTOCOL_VERSION, ...msg });
    for (const ws of this.sockets) {
      if (ws.readyState !== ws.OPEN) continue;
      const state = this.states.get(ws);
      if (state && msg.type === 'reload') state.reloadSent = true;
      if (state && msg.type === 'css' && typeof msg.build === 'number')
        state.build = afterCssSwap(state.build, msg.build);
      ws.send(text);
    }
  }

  /** The type warnings new clients get on connect (broadcast them yourself when they change). */
  setWarnings(warnings: unknown[]): void {
    this.warnings = warnings;
  }

  /** A message new clients get on connect until cleared (null clears it). */
  setSticky(msg: ServerMessage | null): void {
    this.sticky = msg;
  }

  /** Number of connected browsers. */
  get clients(): number {
    return this.sockets.size;
  }

  /** Closes every socket and stops accepting new ones. */
  async close(): Promise<void> {
    this.server.off('upgrade', this.onUpgrade);
    for (const ws of this.sockets) ws.terminate();
    const wss = this.socketServer;
    if (wss) await new Promise<void>((resolve) => wss.close(() => resolve()));
  }
}
