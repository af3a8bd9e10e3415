// `storefront dev` start-up: milliseconds from spawning `bin/storefront dev` (built dist/, Node
// start-up included) to the first HTTP 200 of `/`, polling every 5 ms. Median of N runs.
//
//   npx tsx bench/dev-start.ts [--runs 5]     (run `npm run build` first)
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { percentile } from './stats.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface DevStartTiming {
  runs: number;
  median_ms: number;
  min_ms: number;
  max_ms: number;
  samples_ms: number[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/** One start: spawn → first 200 of `/` (ms). The process is stopped before it returns. */
export async function devStartOnce(): Promise<number> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, ['bin/storefront', 'dev', '--port', String(port)], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += String(d)));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`storefront dev exited ${child.exitCode}: ${stderr}`);
      if (performance.now() - t0 > 30000) throw new Error(`no 200 within 30 s: ${stderr}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/`);
        await res.arrayBuffer();
        if (res.status === 200) return performance.now() - t0;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

export async function benchDevStart(options: { runs?: number } = {}): Promise<DevStartTiming> {
  const runs = options.runs ?? 5;
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push(Math.round(await devStartOnce()));
  return {
    runs,
    median_ms: percentile(
      [...samples].sort((a, b) => a - b),
      50,
    ),
    min_ms: Math.min(...samples),
    max_ms: Math.max(...samples),
    samples_ms: samples,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const i = process.argv.indexOf('--runs');
  const runs = i > 0 ? Number(process.argv[i + 1]) : 5;
  const t = await benchDevStart({ runs });
  process.stdout.write(
    `dev start → first 200: median ${t.median_ms} ms over ${t.runs} runs (min ${t.min_ms}, max ${t.max_ms}; ${t.samples_ms.join(', ')})\n`,
  );
}
