// Scenario `register-flood`: sign-ins while 100 connections flood POST /_post/auth/register, on MySQL,
// at the default bcrypt cost. Before the fix a flood like this queued thousands of hashes and a normal
// sign-in took over 10 s. The login driver sends 10 correct sign-ins per second (each from its own
// X-Forwarded-For address, serve --trust-proxy) and reports the p99 of the 200s and the count of each
// status; goal: p99 < 1 s. Three runs: sign-ins alone (reference); the flood from one client address
// (the per-address register limit, 50 an hour, turns it into cheap 429s); the flood from a new address
// per request (the limit cannot help: only the bounded hashing queue, which keeps half of itself for
// sign-ins and serves them first, protects them).
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Scenario, ScenarioContext } from '../context.js';
import type { Row } from '../report.js';
import { skippedRow } from '../report.js';
import { withTeardown } from '../teardown.js';
import { startServe } from '../serve-process.js';
import { BENCH_PASSWORD, registerAccounts, startLogins, type LoginFigures } from '../login-driver.js';
import { sleep } from '../stats.js';
import { TestBrowser } from '../../test/helpers/browser.js';

const FLOOD_CONNECTIONS = 100;
const LOGIN_RATE = 10;
const ACCOUNTS = 20;
const GOAL_P99_MS = 1000;

type Flood = 'none' | 'one address' | 'many addresses';

interface FloodFigures {
  /** Answered requests. */
  requests: number;
  rps: number;
  status: Record<string, number>;
  errors: number;
  timeouts: number;
}

interface RunFigures {
  flood: Flood;
  logins: LoginFigures;
  register: FloodFigures | null;
}

// autocannon runs on a worker thread: on the bench's main thread its thousands of answers a second
// would delay the login driver's own timers and reads, and the sign-ins would look slower than serve
// made them. Plain CommonJS with `eval: true`, as in runtime/accounts/password-pool.ts.
const FLOOD_SOURCE = `
const { parentPort, workerData: w } = require('node:worker_threads');
const autocannon = require(w.autocannonPath);
let n = 0;
autocannon({
  url: w.baseUrl,
  connections: w.connections,
  duration: w.durationS,
  requests: [{
    method: 'POST',
    path: '/_post/auth/register',
    setupRequest: (req) => {
      n += 1;
      const ip = w.oneAddress ? '198.51.100.7' : '10.' + (200 + w.run) + '.' + ((n >> 8) & 255) + '.' + (n & 255);
      return {
        ...req,
        headers: { 'content-type': 'application/json', 'x-csrf-token': w.token, cookie: w.cookie, 'x-forwarded-for': ip },
        body: JSON.stringify({ email: 'flood-' + w.run + '-' + n + '@example.com', password: w.password, display_name: 'Flood' }),
      };
    },
  }],
}, (err, r) => {
  if (err) return parentPort.postMessage({ error: String(err) });
  const status = {};
  for (const [code, s] of Object.entries(r.statusCodeStats || {})) status[code] = (s && s.count) || 0;
  const answered = Object.values(status).reduce((a, b) => a + b, 0);
  parentPort.postMessage({ requests: answered, rps: Math.round(answered / w.durationS), status, errors: r.errors, timeouts: r.timeouts });
});
`;

/** Floods register for durationS seconds: every request a new email, from one or from many addresses. */
async function flood(
  baseUrl: string,
  kind: Exclude<Flood, 'none'>,
  durationS: number,
  run: number,
): Promise<FloodFigures> {
  // One CSRF cookie + token for every request: the token verifies without state.
  const browser = new TestBrowser(baseUrl);
  const token = await browser.csrfToken('/register');
  const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const worker = new Worker(FLOOD_SOURCE, {
    eval: true,
    workerData: {
      autocannonPath: createRequire(import.meta.url).resolve('autocannon'),
      baseUrl,
      connections: FLOOD_CONNECTIONS,
      durationS,
      oneAddress: kind === 'one address',
      run,
      token,
      cookie,
      password: BENCH_PASSWORD,
    },
  });
  try {
    const message = await new Promise<FloodFigures | { error: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if ('error' in message) throw new Error(`register flood: ${message.error}`);
    return message;
  } finally {
    await worker.terminate();
  }
}

/** Sign-ins for the measured window, with the flood (if any) running from the warm-up on. */
async function measure(
  ctx: ScenarioContext,
  baseUrl: string,
  accounts: Array<{ email: string; password: string }>,
  kind: Flood,
  run: number,
): Promise<RunFigures> {
  const o = ctx.options;
  ctx.log(`  mysql: ${LOGIN_RATE} sign-ins/s, register flood: ${kind}`);
  const flooding = kind === 'none' ? null : flood(baseUrl, kind, o.warmupS + o.durationS, run);
  await sleep(o.warmupS * 1000);
  const logins = await startLogins(baseUrl, accounts, LOGIN_RATE);
  await sleep(o.durationS * 1000);
  const loginFigures = await logins.stop();
  return { flood: kind, logins: loginFigures, register: flooding ? await flooding : null };
}

function counts(status: Record<string | number, number>): string {
  const entries = Object.entries(status).filter(([, v]) => v > 0);
  return entries.length ? entries.map(([k, v]) => `${k}×${v}`).join(', ') : 'none';
}

function row(r: RunFigures): Row {
  const l = r.logins;
  const loginStatus: Record<string, number> = { 200: l.succeeded, 429: l.rate_limited, ...l.other };
  const met = Number.isFinite(l.p99_ms) && l.p99_ms < GOAL_P99_MS && l.succeeded > 0;
  const floodNote = r.register
    ? `; flood ${r.register.rps} req/s (${counts(r.register.status)}${r.register.errors ? `, ${r.register.errors} errors` : ''})`
    : '';
  return {
    scenario:
      r.flood === 'none'
        ? 'POST /_post/auth/login, no flood'
        : `POST /_post/auth/login + register flood from ${r.flood}`,
    engine: 'mysql',
    rps: l.achieved_per_s,
    p50_ms: l.p50_ms,
    p99_ms: l.p99_ms,
    notes: `logins ${counts(loginStatus)}${r.flood === 'none' ? '' : `; goal p99 < 1 s: ${met ? 'met' : 'NOT met'}`}${floodNote}`,
  };
}

export const registerFloodScenario: Scenario = {
  name: 'register-flood',
  description: `${LOGIN_RATE} sign-ins/s while ${FLOOD_CONNECTIONS} connections flood register, on MySQL`,
  async run(ctx) {
    const missing = ctx.mysql.unavailableReason();
    if (missing)
      return {
        rows: [skippedRow('POST /_post/auth/login + register flood', 'mysql', missing)],
        details: null,
      };
    return withTeardown(async (t) => {
      const databaseUrl = await ctx.mysql.database(t, 'bench_register_flood');
      const serve = await startServe(t, { databaseUrl, trustProxy: true });
      ctx.log(`  registering ${ACCOUNTS} accounts`);
      const accounts = await registerAccounts(serve.url, ACCOUNTS);
      const runs: RunFigures[] = [];
      const kinds: Flood[] = ['none', 'one address', 'many addresses'];
      for (const [i, kind] of kinds.entries()) runs.push(await measure(ctx, serve.url, accounts, kind, i));
      return { rows: runs.map(row), details: { runs } };
    });
  },
};
