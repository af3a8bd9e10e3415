// Reload latency of `storefront dev`: from a template file write to the WebSocket message in a
// connected client, over 50 edits. Run: npx tsx bench/reload.ts (bench/run.ts calls benchReload).
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { startDevServer } from '../devserver/start.js';
import { starterThemeDir } from '../runtime/paths.js';

export interface ReloadFigures {
  name: 'dev reload (file write → ws message)';
  edits: number;
  p50_ms: number;
  p95_ms: number;
  min_ms: number;
  max_ms: number;
  ready_ms: number;
  theme: string;
  date: string;
  node: string;
}

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Starts the dev server on a temp copy of the theme, makes `edits` template edits, returns the figures. */
export async function benchReload(
  options: { edits?: number; themeDir?: string; write?: boolean } = {},
): Promise<ReloadFigures> {
  const edits = options.edits ?? 50;
  // the starter theme; the small test theme while the starter is not there (a fresh checkout has it)
  const source =
    options.themeDir ??
    (existsSync(join(starterThemeDir, 'pages', 'index.hbs'))
      ? starterThemeDir
      : fileURLToPath(new URL('../test/fixtures/themes/mini', import.meta.url)));
  const root = mkdtempSync(join(tmpdir(), 'storefront-bench-reload-'));
  const theme = join(root, 'theme');
  cpSync(source, theme, { recursive: true });
  process.env.STOREFRONT_BCRYPT_COST ??= '4';
  const dev = await startDevServer({
    themeDir: theme,
    port: 0,
    host: '127.0.0.1',
    requestLog: false,
    log: () => {},
    color: false,
  });
  const ws = new WebSocket(`${dev.url.replace(/^http/, 'ws')}/__storefront/livereload`);
  let waiting: ((at: number) => void) | null = null;
  ws.on('message', (data) => {
    const at = performance.now();
    const msg = JSON.parse(String(data)) as { type: string };
    if (msg.type === 'reload' && waiting) {
      const w = waiting;
      waiting = null;
      w(at);
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });

  const file = join(theme, 'pages', 'index.hbs');
  const original = readFileSync(file, 'utf8');
  const samples: number[] = [];
  try {
    for (let i = 0; i < edits; i++) {
      const received = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`edit ${i}: no reload message within 5 s`)), 5000);
        waiting = (at) => {
          clearTimeout(timer);
          resolve(at);
        };
      });
      const start = performance.now();
      writeFileSync(file, `${original}\n{{!-- bench edit ${i} --}}\n`);
      samples.push((await received) - start);
      // let the watcher's settle check and chokidar's change throttle pass before the next edit
      await new Promise((r) => setTimeout(r, 120));
    }
  } finally {
    ws.terminate();
    await dev.close();
    rmSync(root, { recursive: true, force: true });
  }

  const sorted = [...samples].sort((a, b) => a - b);
  const figures: ReloadFigures = {
    name: 'dev reload (file write → ws message)',
    edits,
    p50_ms: round(percentile(sorted, 50)),
    p95_ms: round(percentile(sorted, 95)),
    min_ms: round(sorted[0]),
    max_ms: round(sorted[sorted.length - 1]),
    ready_ms: round(dev.readyMs),
    theme: source,
    date: new Date().toISOString(),
    node: process.version,
  };
  if (options.write !== false) {
    const dir = fileURLToPath(new URL('./results/', import.meta.url));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'reload.json'), `${JSON.stringify(figures, null, 2)}\n`);
  }
  return figures;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const figures = await benchReload({ themeDir: process.argv[2] });
  process.stdout.write(
    `dev reload over ${figures.edits} template edits: p50 ${figures.p50_ms} ms, p95 ${figures.p95_ms} ms (min ${figures.min_ms}, max ${figures.max_ms}); dev server ready in ${Math.round(figures.ready_ms)} ms\n`,
  );
  process.stdout.write('written to bench/results/reload.json\n');
}
