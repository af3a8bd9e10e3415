// Scenario `images`: a product image derivative (640 px WebP) served by `storefront serve` from its
// disk cache after the first request, against the static ceiling measured in the same run (bare
// Koa sending the same bytes and headers from memory, bench/replay-server.ts); plus the time of a
// cache miss (the first request of each format: read the original from the database and resize).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Scenario, ScenarioContext } from '../context.js';
import type { Row } from '../report.js';
import { withTeardown, type Teardown } from '../teardown.js';
import { sqliteDatabase } from '../databases.js';
import { getRaw, type CapturedResponse } from '../ceilings.js';
import { cleanEnv, startServe } from '../serve-process.js';
import { freePort, spawnServer } from '../child.js';
import { failureNote, hammer } from '../load.js';
import { ratio } from '../stats.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const REPLAY = fileURLToPath(new URL('../replay-server.ts', import.meta.url));

/** The first /media/ URL of a product page of the demo catalog. */
async function firstImagePath(serveUrl: string): Promise<string> {
  const html = await (await fetch(`${serveUrl}/products/fernhill-house-blend`)).text();
  const m = /\/media\/([0-9a-f]{64})\/\d+\.(?:jpg|png)/.exec(html);
  if (!m) throw new Error('the product page shows no image (/media/… URL)');
  return `/media/${m[1]}/640.webp`;
}

async function startReplay(t: Teardown, answer: CapturedResponse) {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-bench-replay-'));
  t.add('remove the replay capture', () => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'answer.json');
  writeFileSync(file, JSON.stringify(answer));
  const port = await freePort();
  return spawnServer(t, {
    label: 'static ceiling (replay)',
    command: process.execPath,
    args: ['--import', 'tsx', REPLAY, file, String(port)],
    env: cleanEnv(),
    cwd: ROOT,
    port,
    readyPath: '/healthz',
    readyTimeoutMs: 30000,
  });
}

async function timed(url: string): Promise<number> {
  const start = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
  return Math.round((performance.now() - start) * 10) / 10;
}

export const imagesScenario: Scenario = {
  name: 'images',
  description:
    'a cached 640 px WebP product image on serve (SQLite) vs bare Koa sending the same bytes; cache-miss times',
  async run(ctx: ScenarioContext) {
    return withTeardown(async (t) => {
      const o = ctx.options;
      const serve = await startServe(t, { databaseUrl: await sqliteDatabase(t) });
      const path = await firstImagePath(serve.url);
      const misses: Record<string, number> = {};
      for (const format of ['webp', 'avif', 'jpg'])
        misses[format] = await timed(serve.url + path.replace(/\.webp$/, `.${format}`));
      const answer = await getRaw(serve.url + path);
      const replay = await startReplay(t, answer);
      const load = (url: string) =>
        hammer({ url, path, connections: o.connections, durationS: o.durationS, warmupS: o.warmupS });
      ctx.log(`  static ceiling: GET ${path}`);
      const ceiling = await load(replay.url);
      ctx.log(`  serve (sqlite): GET ${path}`);
      const served = await load(serve.url);
      const bytes = Buffer.from(answer.body, 'base64').length;
      const rows: Row[] = [
        {
          scenario: `GET a 640 px WebP image (${bytes} B) — static ceiling`,
          engine: 'memory',
          rps: ceiling.rps,
          p50_ms: ceiling.p50_ms,
          p99_ms: ceiling.p99_ms,
          notes: `1.00 (bare Koa, serve's exact bytes and headers)${failureNote(ceiling)}`,
        },
        {
          scenario: `GET a 640 px WebP image, cached (memory, then disk)`,
          engine: 'sqlite',
          rps: served.rps,
          p50_ms: served.p50_ms,
          p99_ms: served.p99_ms,
          notes: `${ratio(served.rps, ceiling.rps) ?? '?'} of static${failureNote(served)}`,
        },
        {
          scenario: 'first request of a derivative (original from the database + resize), 640 px',
          engine: 'sqlite',
          rps: null,
          p50_ms: null,
          p99_ms: null,
          notes: `WebP ${misses.webp} ms, AVIF ${misses.avif} ms, JPEG ${misses.jpg} ms (1200 px original)`,
        },
      ];
      return { rows, details: { path, misses, ceiling, served } };
    });
  },
};
