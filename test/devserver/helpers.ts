// Helpers for the dev server tests: a temp copy of a theme, a WebSocket client that collects
// messages, and small file edits that work on any theme (the starter theme or the mini one).
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { startDevServer, type DevServer } from '../../devserver/start.js';
import { starterThemeDir } from '../../runtime/paths.js';

const MINI = new URL('../fixtures/themes/mini', import.meta.url).pathname;

/** The starter theme once it is complete enough to serve, else the mini test theme. */
export function sourceTheme(): string {
  return existsSync(join(starterThemeDir, 'pages', 'index.hbs')) &&
    existsSync(join(starterThemeDir, 'pages', '404.hbs'))
    ? starterThemeDir
    : MINI;
}

/** A temp folder holding a copy of the theme (and room for other files). */
export function tempTheme(): { root: string; theme: string; cleanup(): void } {
  const root = mkdtempSync(join(tmpdir(), 'storefront-dev-'));
  const theme = join(root, 'theme');
  cpSync(sourceTheme(), theme, { recursive: true });
  return { root, theme, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** The layout file that pages/index.hbs extends, and the first stylesheet that layout loads. */
export function themeFacts(theme: string): { layout: string; css: string } {
  const index = readFileSync(join(theme, 'pages', 'index.hbs'), 'utf8');
  const layoutName = /\{\{#extends\s+"([^"]+)"/.exec(index)?.[1];
  if (!layoutName) throw new Error('pages/index.hbs extends no layout');
  const layout = join(theme, `${layoutName}.hbs`);
  const css = /\{\{asset\s+"([^"]+\.css)"\s*\}\}/.exec(readFileSync(layout, 'utf8'))?.[1];
  if (!css) throw new Error(`${layoutName}.hbs loads no stylesheet with {{asset}}`);
  return { layout, css };
}

/** Inserts text right before </head> (or </body>) of a file. */
export function insertBefore(file: string, marker: '</head>' | '</body>', text: string): void {
  const source = readFileSync(file, 'utf8');
  const at = source.lastIndexOf(marker);
  if (at < 0) throw new Error(`${file} has no ${marker}`);
  writeFileSync(file, source.slice(0, at) + text + source.slice(at));
}

/** A WebSocket to the dev server that keeps every message it receives. */
export class WsProbe {
  readonly messages: Array<Record<string, unknown>> = [];
  private waiters: Array<{
    test: (m: Record<string, unknown>) => boolean;
    resolve: (m: Record<string, unknown>) => void;
  }> = [];
  readonly ws: WebSocket;

  private constructor(url: string) {
    this.ws = new WebSocket(url);
    this.ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as Record<string, unknown>;
      this.messages.push(msg);
      this.waiters = this.waiters.filter((w) => {
        if (!w.test(msg)) return true;
        w.resolve(msg);
        return false;
      });
    });
  }

  /** Connects and waits for the server's hello. */
  static async open(baseUrl: string): Promise<WsProbe> {
    const probe = new WsProbe(`${baseUrl.replace(/^http/, 'ws')}/__storefront/livereload`);
    await probe.next((m) => m.type === 'hello');
    return probe;
  }

  /** The next message (from now on) that passes test. */
  next(
    test: (m: Record<string, unknown>) => boolean = () => true,
    timeoutMs = 10000,
  ): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `no matching WebSocket message within ${timeoutMs} ms; got ${JSON.stringify(this.messages.slice(-5))}`,
            ),
          ),
        timeoutMs,
      );
      this.waiters.push({
        test,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  close(): void {
    this.ws.terminate();
  }
}

/** Registers hooks that make password hashing fast (bcrypt cost 4) for a suite, and restore it after. */
export function fastHashesInSuite(): void {
  const saved = process.env.STOREFRONT_BCRYPT_COST;
  before(() => {
    process.env.STOREFRONT_BCRYPT_COST = '4';
  });
  after(() => {
    if (saved === undefined) delete process.env.STOREFRONT_BCRYPT_COST;
    else process.env.STOREFRONT_BCRYPT_COST = saved;
  });
}

/** `storefront dev` on a theme for a test: a free port (unless given), no request log, no colour. */
export function startTestDev(options: {
  themeDir: string;
  fixturesFile?: string;
  log: (text: string) => void;
  port?: number;
}): Promise<DevServer> {
  return startDevServer({ port: 0, requestLog: false, color: false, ...options });
}
