// A closed-loop HTTP client for stateful flows that autocannon cannot express well: each
// connection is one visitor (its own cookies, CSRF token and keep-alive socket) that runs an
// iteration of requests again and again; latency is recorded per named step, so a flow like
// "cart/add, then place-order" reports place-order on its own.
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { summarize } from './stats.js';

/** One request of an iteration. */
export interface FlowRequest {
  step: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Statuses that count as success (default: 200). */
  expect?: number[];
}

/** A visitor: cookies (name → value) and the CSRF token of its pages. */
export interface Visitor {
  cookies: Map<string, string>;
  token: string;
}

export interface FlowOptions {
  url: string;
  visitors: Visitor[];
  durationS: number;
  warmupS: number;
  /** The requests of iteration i of visitor v (v is the index in visitors). */
  iteration: (v: number, i: number) => FlowRequest[];
}

export interface StepFigures {
  step: string;
  /** Successful requests per second of the measured window. */
  rps: number;
  count: number;
  ok: number;
  /** Successful requests including the warm-up (what the database should reflect). */
  all_ok: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  /** Unexpected statuses (or 'error') and how often; with one sample body each. */
  failures: Record<string, { count: number; sample: string }>;
}

export interface FlowResult {
  window_s: number;
  steps: Record<string, StepFigures>;
}

interface Answer {
  status: number;
  body: string;
  setCookies: string[];
}

function send(agent: Agent, url: URL, v: Visitor, r: FlowRequest): Promise<Answer> {
  const body = r.body === undefined ? undefined : JSON.stringify(r.body);
  const headers: Record<string, string> = { accept: 'application/json', ...r.headers };
  if (v.cookies.size) headers.cookie = [...v.cookies].map(([k, val]) => `${k}=${val}`).join('; ');
  if (r.method === 'POST') headers['x-csrf-token'] = v.token;
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  return new Promise((resolve, reject) => {
    const req = request(
      { agent, host: url.hostname, port: url.port, method: r.method, path: r.path, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            setCookies: ([] as string[]).concat(res.headers['set-cookie'] ?? []),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Keeps what a browser would keep from Set-Cookie headers. */
export function rememberCookies(cookies: Map<string, string>, setCookies: string[]): void {
  for (const line of setCookies) {
    const [pair, ...attrs] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (value === '' || attrs.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a))) cookies.delete(name);
    else cookies.set(name, value);
  }
}

/** Runs the flow: warm-up, then a measured window of durationS seconds. */
export async function runFlow(o: FlowOptions): Promise<FlowResult> {
  const url = new URL(o.url);
  // an object, not a local: the loops read what the timer below changes
  const clock: { phase: 'warmup' | 'measure' | 'stop' } = { phase: o.warmupS > 0 ? 'warmup' : 'measure' };
  const stopped = () => clock.phase === 'stop';
  const samples = new Map<string, number[]>();
  const counts = new Map<string, { count: number; ok: number }>();
  const allOk = new Map<string, number>();
  const failures = new Map<string, Record<string, { count: number; sample: string }>>();
  const note = (step: string) => {
    if (!samples.has(step)) {
      samples.set(step, []);
      counts.set(step, { count: 0, ok: 0 });
      failures.set(step, {});
    }
  };
  const fail = (step: string, key: string, sample: string) => {
    const f = failures.get(step)!;
    f[key] ??= { count: 0, sample: sample.slice(0, 300) };
    f[key].count++;
  };

  const loop = async (vi: number) => {
    const v = o.visitors[vi];
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let i = 0; !stopped(); i++) {
        for (const r of o.iteration(vi, i)) {
          if (stopped()) break;
          const recording = clock.phase === 'measure';
          const start = performance.now();
          let answer: Answer | null = null;
          let error: Error | null = null;
          try {
            answer = await send(agent, url, v, r);
            rememberCookies(v.cookies, answer.setCookies);
          } catch (err) {
            error = err as Error;
          }
          const ms = performance.now() - start;
          const ok = answer !== null && (r.expect ?? [200]).includes(answer.status);
          if (ok) allOk.set(r.step, (allOk.get(r.step) ?? 0) + 1);
          if (!recording) continue;
          note(r.step);
          const c = counts.get(r.step)!;
          c.count++;
          if (ok) {
            c.ok++;
            samples.get(r.step)!.push(ms);
          } else if (answer) {
            fail(r.step, String(answer.status), answer.body);
          } else {
            fail(r.step, 'error', error?.message ?? 'unknown');
          }
        }
      }
    } finally {
      agent.destroy();
    }
  };

  const loops = o.visitors.map((_, i) => loop(i));
  if (clock.phase === 'warmup') {
    await new Promise((r) => setTimeout(r, o.warmupS * 1000));
    clock.phase = 'measure';
  }
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, o.durationS * 1000));
  clock.phase = 'stop';
  const window = (performance.now() - t0) / 1000;
  await Promise.all(loops);

  const steps: Record<string, StepFigures> = {};
  for (const [step, list] of samples) {
    const s = summarize(list);
    const c = counts.get(step)!;
    steps[step] = {
      step,
      rps: Math.round(c.ok / window),
      count: c.count,
      ok: c.ok,
      all_ok: allOk.get(step) ?? 0,
      p50_ms: s.p50_ms,
      p99_ms: s.p99_ms,
      max_ms: s.max_ms,
      failures: failures.get(step)!,
    };
  }
  return { window_s: Math.round(window * 100) / 100, steps };
}

/** "N failed (409×3, error×1)" for the notes column, or ''. */
export function flowFailureNote(s: StepFigures | undefined): string {
  if (!s) return 'no requests completed';
  const entries = Object.entries(s.failures);
  if (!entries.length) return '';
  return `${s.count - s.ok} failed (${entries.map(([k, f]) => `${k}×${f.count}`).join(', ')})`;
}
