// GET load with autocannon: a short warm-up (JIT, connection pools), then the measured run.
// Latency percentiles are computed from every 2xx response time autocannon reports (float ms;
// its own histogram keeps whole milliseconds only, which hides sub-millisecond pages).
import autocannon from 'autocannon';
import { summarize } from './stats.js';

export interface LoadOptions {
  /** Base URL, or several (autocannon spreads the connections over them round-robin). */
  url: string | string[];
  path: string;
  connections: number;
  durationS: number;
  warmupS: number;
  headers?: Record<string, string>;
  /** When set, the path of every request (a crawl of distinct pages); `path` then only labels the run. */
  nextPath?: () => string;
  /** When set, requests per second over all connections (autocannon's overallRate): a fixed load, not the most the server takes. */
  rate?: number;
}

export interface LoadResult {
  path: string;
  connections: number;
  duration_s: number;
  requests: number;
  rps: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  /** autocannon's own whole-millisecond histogram, for reference. */
  autocannon_latency_ms: { p50: number; p90: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  status: Record<string, number>;
}

function run(o: LoadOptions, durationS: number, samples?: number[]): Promise<autocannon.Result> {
  // without a callback autocannon returns its event emitter, made thenable (the types say Promise)
  const instance = autocannon({
    // autocannon accepts an array of URLs although its type says string
    url: (Array.isArray(o.url) ? o.url.map((u) => u + o.path) : o.url + o.path) as string,
    connections: o.connections,
    duration: durationS,
    headers: o.headers,
    ...(o.rate ? { overallRate: o.rate } : {}),
    ...(o.nextPath
      ? { requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: o.nextPath!() }) }] }
      : {}),
    // every request is a visitor without cookies: autocannon never sends back a Set-Cookie
  }) as Promise<autocannon.Result> & autocannon.Instance;
  if (samples) {
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      if (status >= 200 && status < 300) samples.push(ms);
    });
  }
  return instance;
}

/** Warms up, then measures GET o.path for o.durationS seconds. */
export async function hammer(o: LoadOptions): Promise<LoadResult> {
  if (o.warmupS > 0) await run(o, o.warmupS);
  const samples: number[] = [];
  const r = await run(o, o.durationS, samples);
  const latency = summarize(samples);
  const status: Record<string, number> = {};
  for (const [code, s] of Object.entries(r.statusCodeStats ?? {})) status[code] = s?.count ?? 0;
  return {
    path: o.path,
    connections: o.connections,
    duration_s: r.duration,
    requests: r.requests.total,
    rps: Math.round(r.requests.total / r.duration),
    p50_ms: latency.p50_ms,
    p99_ms: latency.p99_ms,
    max_ms: latency.max_ms,
    autocannon_latency_ms: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    status,
  };
}

/** "N non-2xx, M errors" when there were any, for the notes column. */
export function failureNote(r: Pick<LoadResult, 'non2xx' | 'errors' | 'timeouts'>): string {
  const parts: string[] = [];
  if (r.non2xx) parts.push(`${r.non2xx} non-2xx`);
  if (r.errors) parts.push(`${r.errors} errors`);
  if (r.timeouts) parts.push(`${r.timeouts} timeouts`);
  return parts.length ? `; ${parts.join(', ')}` : '';
}
