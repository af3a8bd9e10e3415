// The external ceilings of the catalog pages, measured in the same run as `serve`: what serve
// answers is captured first (bytes, headers, cookies), then ceilings-server.ts replays it from
// memory with bare Koa (static) and renders it with plain Handlebars (template), in its own process.
import { request } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, spawnServer, type ChildServer } from './child.js';
import { cleanEnv } from './serve-process.js';
import type { Teardown } from './teardown.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ENTRY = fileURLToPath(new URL('./ceilings-server.ts', import.meta.url));
/** Headers Node writes itself on every answer: not replayed (the static server sends its own). */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** One answer as received. */
export interface CapturedResponse {
  status: number;
  /** Replayable headers (no transport headers). */
  headers: Record<string, string | string[]>;
  /** The body, base64. */
  body: string;
  /** Bytes of every header line as sent (names, values, ": " and CRLF). */
  header_bytes: number;
}

/** What the ceilings server needs: where the catalog and theme are, and serve's answers per path. */
export interface CeilingCapture {
  databaseUrl: string;
  themeDir: string;
  pages: Array<{
    path: string;
    csrfToken: string;
    /** The Cookie header of a returning visitor (the cookies of the first answer). */
    cookie: string;
    first: CapturedResponse;
    returning: CapturedResponse;
  }>;
}

/** GET url with optional headers; the answer with its raw header size. */
export function getRaw(url: string, headers: Record<string, string> = {}): Promise<CapturedResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const out: Record<string, string | string[]> = {};
        let bytes = 0;
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i];
          const value = res.rawHeaders[i + 1];
          bytes += name.length + value.length + 4;
          const key = name.toLowerCase();
          if (TRANSPORT.has(key)) continue;
          const prev = out[key];
          out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
        }
        resolve({
          status: res.statusCode ?? 0,
          headers: out,
          body: Buffer.concat(chunks).toString('base64'),
          header_bytes: bytes,
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The Cookie header a browser sends back after an answer (its Set-Cookie pairs). */
export function cookieOf(r: CapturedResponse): string {
  const set = r.headers['set-cookie'];
  const list = set === undefined ? [] : Array.isArray(set) ? set : [set];
  return list.map((c) => c.split(';', 1)[0]).join('; ');
}

/** serve's answers to a first and a returning visit of each path. */
export async function captureServe(
  serveUrl: string,
  paths: string[],
  databaseUrl: string,
  themeDir: string,
): Promise<CeilingCapture> {
  const pages: CeilingCapture['pages'] = [];
  for (const path of paths) {
    const first = await getRaw(serveUrl + path);
    if (first.status !== 200) throw new Error(`GET ${path}: ${first.status}`);
    const cookie = cookieOf(first);
    const returning = await getRaw(serveUrl + path, cookie ? { cookie } : {});
    const html = Buffer.from(first.body, 'base64').toString('utf8');
    const csrfToken = /name="csrf-token" content="([^"]*)"/.exec(html)?.[1] ?? '';
    pages.push({ path, csrfToken, cookie, first, returning });
  }
  return { databaseUrl, themeDir, pages };
}

/** Starts the ceilings server on a capture (the catalog is read once at its start). */
export async function startCeilings(t: Teardown, capture: CeilingCapture): Promise<ChildServer> {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-bench-ceilings-'));
  t.add('remove the ceilings capture', () => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'capture.json');
  writeFileSync(file, JSON.stringify(capture));
  const port = await freePort();
  return spawnServer(t, {
    label: 'ceilings server',
    command: process.execPath,
    args: ['--import', 'tsx', ENTRY, file, String(port)],
    env: cleanEnv(),
    cwd: ROOT,
    port,
    readyPath: '/healthz',
    readyTimeoutMs: 60000,
  });
}
