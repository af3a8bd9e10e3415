// The live-reload channel: a WebSocket server at /__storefront/livereload on the dev server's own
// port. Server → browser: reload, css, error, clear. Browser → server: console errors.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { DEV_PREFIX } from './inject.js';

export const LIVERELOAD_PATH = `${DEV_PREFIX}/livereload`;
/** Version of the message protocol; every message carries it as `v`. */
export const PROTOCOL_VERSION = 1;

/** Messages from the dev server to browsers. */
export type ServerMessage =
  | { type: 'hello'; protocol: number }
  | { type: 'reload'; reason?: string }
  | { type: 'css'; path: string; logical: string }
  | { type: 'error'; error: unknown }
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

/** The WebSocket side of the dev server. */
export class LiveReload {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  private readonly onUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
  /** Sent to every new client right after hello (a pending fixture error, say). */
  private sticky: ServerMessage | null = null;

  constructor(
    private readonly server: Server,
    private readonly onConsole: (report: ConsoleReport) => void,
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
      this.wss.handleUpgrade(req, socket, head, (ws) => this.wss.emit('connection', ws, req));
    };
    server.on('upgrade', this.onUpgrade);
    this.wss.on('connection', (ws) => this.welcome(ws));
  }

  private welcome(ws: WebSocket): void {
    this.sendTo(ws, { type: 'hello', protocol: PROTOCOL_VERSION });
    if (this.sticky) this.sendTo(ws, this.sticky);
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      let msg: { v?: unknown; type?: unknown } & Record<string, unknown>;
      try {
        msg = JSON.parse(String(data)) as typeof msg;
      } catch {
        return;
      }
      if (msg.v !== PROTOCOL_VERSION || msg.type !== 'console') return;
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

  private sendTo(ws: WebSocket, msg: ServerMessage): void {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ v: PROTOCOL_VERSION, ...msg }));
  }

  /** Sends a message to every connected browser. */
  broadcast(msg: ServerMessage): void {
    const text = JSON.stringify({ v: PROTOCOL_VERSION, ...msg });
    for (const ws of this.wss.clients) if (ws.readyState === ws.OPEN) ws.send(text);
  }

  /** A message new clients get on connect until cleared (null clears it). */
  setSticky(msg: ServerMessage | null): void {
    this.sticky = msg;
  }

  /** Number of connected browsers. */
  get clients(): number {
    return this.wss.clients.size;
  }

  /** Closes every socket and stops accepting new ones. */
  async close(): Promise<void> {
    this.server.off('upgrade', this.onUpgrade);
    for (const ws of this.wss.clients) ws.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}
