// A CPU profile of `serve` under WRITE load on MariaDB, with the SQL of one request of `serve` and of
// the write ceiling side by side: round trips are the currency of the write paths, so the statements
// are listed one per line (from MariaDB's general log) and counted, for serve and for the ceiling.
//   npm run build && npx tsx bench/profile-writes.ts [--flow cart|checkout] [--connections 10]
//                                                     [--duration 5] [--top 15] [--keep DIR] [--no-profile]
// --flow cart:     cart/add then cart/get per visitor (bench/scenarios/cart.ts's loop)
// --flow checkout: place-order then a cart/add refill (bench/scenarios/checkout.ts's loop)
// --no-profile:    only the statement lists (no --cpu-prof run)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import mysql from 'mysql2/promise';
import { startServe } from './serve-process.js';
import { availableVariantIds, MysqlProvider } from './databases.js';
import { withTeardown } from './teardown.js';
import { flagValue } from './script-args.js';
import { runFlow, type FlowRequest, type Visitor } from './flow.js';
import { BENCH_ADDRESS, cartSteps, checkoutSteps, newVisitor } from './visitor.js';
import { selfTimes } from './profile.js';
import { ceilingCartSteps, ceilingCheckoutSteps, startWriteCeilings } from './write-ceilings.js';

type Flow = 'cart' | 'checkout';

/** One statement a request sent, as the general log has it. */
export interface LoggedStatement {
  kind: string;
  sql: string;
}

/**
 * The statements MariaDB received while `run` ran, from every connection but the logging one
 * (general log to a table, switched on around `run` only). Bench databases only: it sets globals.
 */
export async function statementsOf(
  databaseUrl: string,
  run: () => Promise<void>,
): Promise<LoggedStatement[]> {
  const conn = await mysql.createConnection(databaseUrl);
  try {
    await conn.query("SET GLOBAL log_output = 'TABLE'");
    await conn.query('TRUNCATE TABLE mysql.general_log');
    await conn.query('SET GLOBAL general_log = 1');
    try {
      await run();
    } finally {
      await conn.query('SET GLOBAL general_log = 0');
    }
    const [rows] = await conn.query<mysql.RowDataPacket[]>(
      "select command_type, convert(argument using utf8mb4) as argument from mysql.general_log where thread_id <> connection_id() and command_type in ('Query', 'Execute') order by event_time",
    );
    return rows.map((r) => ({ kind: String(r.command_type), sql: String(r.argument) }));
  } finally {
    await conn.end();
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

/** The pid of the MariaDB server behind a URL (its pid file). */
async function serverPid(databaseUrl: string): Promise<number> {
  const conn = await mysql.createConnection(databaseUrl);
  try {
    const [rows] = await conn.query<mysql.RowDataPacket[]>('select @@pid_file as f');
    return Number(readFileSync(String(rows[0].f), 'utf8').trim());
  } finally {
    await conn.end();
  }
}

/** A span of the monotonic clock in microseconds: the clock of V8's profile timestamps. */
interface Window {
  fromUs: number;
  toUs: number;
}

const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** Runs the flow and reports req/s and the CPU milliseconds per iteration of the server and of MariaDB. */
async function measuredFlow(
  label: string,
  o: { url: string; visitors: Visitor[]; durationS: number; pid: number; dbPid: number },
  iteration: (v: number, i: number) => FlowRequest[],
): Promise<{ text: string; window: Window }> {
  let cpu0 = { node: 0, db: 0 };
  const window = { fromUs: 0, toUs: 0 };
  const started = performance.now();
  const r = await runFlow({
    url: o.url,
    visitors: o.visitors,
    durationS: o.durationS,
    warmupS: 1,
    iteration: (v, i) => {
      // The first iteration after the warm-up marks the CPU counters' start (close enough: one
      // iteration of 10 visitors' hundreds per second).
      if (cpu0.node === 0 && performance.now() - started > 1000) {
        cpu0 = { node: cpuSeconds(o.pid), db: cpuSeconds(o.dbPid) };
        window.fromUs = monotonicUs();
      }
      return iteration(v, i);
    },
  });
  window.toUs = monotonicUs();
  const used = { node: cpuSeconds(o.pid) - cpu0.node, db: cpuSeconds(o.dbPid) - cpu0.db };
  const steps = Object.values(r.steps);
  const iterations = Math.max(1, ...steps.map((s) => s.ok));
  const perIteration = (s: number) => ((s * 1000) / iterations).toFixed(2);
  const text = `${label}, ${o.visitors.length} visitors, ${o.durationS} s: ${steps
    .map((s) => `${s.step} ${s.rps} req/s (p99 ${s.p99_ms.toFixed(1)} ms)`)
    .join(
      ', ',
    )}; CPU per iteration: server ${perIteration(used.node)} ms, MariaDB ${perIteration(used.db)} ms; load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}\n`;
  return { text, window };
}

/** A statement list for the terminal: numbered, each cut to one line of `width` characters. */
export function formatStatements(title: string, list: LoggedStatement[], width = 160): string {
  const lines = list.map((s, i) => {
    const sql = s.sql.replace(/\s+/g, ' ');
    return `  ${String(i + 1).padStart(2)}. ${sql.length > width ? `${sql.slice(0, width - 1)}…` : sql}`;
  });
  return `${title}: ${list.length} statements (round trips)\n${lines.join('\n')}\n`;
}

interface ProfileTree {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string }; children?: number[] }>;
  samples: number[];
  startTime: number;
  timeDeltas: number[];
}

/** The profile with only the samples taken inside the window (start-up and set-up left out). */
export function profileWindow<P extends ProfileTree>(profile: P, window: Window): P {
  const samples: number[] = [];
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (t >= window.fromUs && t <= window.toUs) samples.push(id);
  });
  return { ...profile, samples };
}

/** The package (or runtime folder) of a script URL; null for Node's own code. */
function packageOf(url: string): string | null {
  if (!url || url.startsWith('node:')) return null;
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url) ?? /\/(runtime\/[^/]+|bench\/[^/]+)/.exec(url);
  return m ? m[1].replace(/\.[jt]s$/, '') : url;
}

/**
 * Samples per package, Node's own code counted to the package that called it (a socket write of
 * mysql2 is mysql2's): which layer costs what, where self times scatter over Node internals.
 */
export function cpuByPackage(profile: ProfileTree): Array<{ where: string; percent: number }> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const sums = new Map<string, number>();
  for (const id of profile.samples) {
    const own = byId.get(id)?.callFrame;
    let where = own && !own.url && /^\(.*\)$/.test(own.functionName) ? own.functionName : null;
    for (let cur: number | undefined = id; !where && cur !== undefined; cur = parent.get(cur))
      where = packageOf(byId.get(cur)?.callFrame.url ?? '');
    where ??= '(node, no package caller)';
    sums.set(where, (sums.get(where) ?? 0) + 1);
  }
  const total = profile.samples.length || 1;
  return [...sums.entries()]
    .map(([where, n]) => ({ where, percent: Math.round((n / total) * 1000) / 10 }))
    .sort((a, b) => b.percent - a.percent);
}

/** The ranking of one .cpuprofile in dir: by package (see cpuByPackage), then by self time. */
function profileReport(title: string, dir: string, top: number, window: Window): string {
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no .cpuprofile written in ${dir}`);
  const profile = profileWindow(
    JSON.parse(readFileSync(join(dir, file), 'utf8')) as ProfileTree & Parameters<typeof selfTimes>[0],
    window,
  );
  const percent = (p: number) => `${p.toFixed(1).padStart(5)} %`;
  return (
    `\n${title}, the measured window only (${profile.samples.length} samples): by package (Node internals counted to their caller):\n${cpuByPackage(
      profile,
    )
      .slice(0, top)
      .map((s) => `  ${percent(s.percent)}  ${s.where}`)
      .join('\n')}\n` +
    `${title}: top ${top} functions by self time:\n${selfTimes(profile, top)
      .map((s) => `  ${percent(s.percent)}  ${s.name}  ${s.where}`)
      .join('\n')}\n`
  );
}

/** The iteration of visitor v under `flow` (as the bench scenarios run them). */
function iterationOf(
  flow: Flow,
  variants: string[],
  fingerprints: string[],
): (v: number, i: number) => FlowRequest[] {
  if (flow === 'cart') return (v, i) => cartSteps(variants[v % variants.length], i);
  return (v) => checkoutSteps(fingerprints[v], variants[v % variants.length]);
}

/** One request of `flow`'s first step for visitor 0, sent alone (the statement trace). */
async function oneRequest(url: string, visitor: Visitor, request: FlowRequest): Promise<void> {
  const r = await runFlow({
    url,
    visitors: [visitor],
    durationS: 0,
    warmupS: 0,
    iteration: () => [request],
  });
  const s = r.steps[request.step];
  if (s && s.ok !== s.count) throw new Error(`${request.step}: ${JSON.stringify(s.failures)}`);
}

/** Profiles serve under `flow`; prints the statement lists of serve and of the ceiling, then the profile. */
export async function profileWrites(o: {
  flow: Flow;
  connections: number;
  durationS: number;
  top: number;
  profile: boolean;
  keep?: string;
}): Promise<string> {
  const dir = o.keep ?? mkdtempSync(join(tmpdir(), 'storefront-bench-prof-'));
  let out = '';
  const windows = { serve: { fromUs: 0, toUs: 0 }, ceiling: { fromUs: 0, toUs: 0 } };
  try {
    await withTeardown(async (t) => {
      const provider = new MysqlProvider(t);
      const databaseUrl = await provider.database(t, 'bench_profile_writes');
      const serve = await startServe(t, {
        databaseUrl,
        nodeArgs: o.profile ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [],
      });
      const variants = await availableVariantIds(databaseUrl, 5);
      const visitors: Visitor[] = [];
      const fingerprints: string[] = [];
      for (let i = 0; i < o.connections; i++) {
        const v = await newVisitor(serve.url, { addVariant: variants[i % variants.length] });
        if (o.flow === 'checkout') {
          const q = await v.browser.postJson(
            '/_post/checkout/quote',
            { shipping_address: BENCH_ADDRESS },
            v.token,
          );
          if (q.status !== 200) throw new Error(`checkout/quote: ${q.status} ${q.text.slice(0, 200)}`);
          fingerprints.push((q.json as { Fingerprint: string }).Fingerprint);
        }
        visitors.push(v);
      }
      const iteration = iterationOf(o.flow, variants, fingerprints);
      // The traced request: visitor 0's first step, then the rest of its iteration (untraced) so
      // the cart is as the loop expects it.
      const [first, ...rest] = iteration(0, 0);
      const served = await statementsOf(databaseUrl, () => oneRequest(serve.url, visitors[0], first));
      for (const r of rest) await oneRequest(serve.url, visitors[0], r);
      out += formatStatements(`serve ${first.step}`, served);

      const dbPid = await serverPid(databaseUrl);
      const served2 = await measuredFlow(
        `serve${o.profile ? ' under --cpu-prof' : ''}`,
        { url: serve.url, visitors, durationS: o.durationS, pid: serve.pid, dbPid },
        iteration,
      );
      windows.serve = served2.window;
      out += `\n${served2.text}`;
      await serve.stop(); // SIGTERM: serve exits, node writes the profile

      // The ceiling on the same database: its statements for the same step.
      const ceiling = await startWriteCeilings(
        t,
        databaseUrl,
        o.profile ? ['--cpu-prof', `--cpu-prof-dir=${join(dir, 'ceiling')}`] : [],
      );
      const step = o.flow === 'cart' ? 'cart-add' : 'place-order';
      const ceilingStatements = await statementsOf(databaseUrl, () =>
        oneRequest(
          ceiling.url,
          { cookies: new Map(), token: '' },
          {
            step,
            method: 'POST',
            path: `/${step}/0`,
            expect: [200, 201],
            body: { quantity: 1, idempotency_key: randomBytes(16).toString('hex') },
          },
        ),
      );
      out += `\n${formatStatements(`ceiling ${step}`, ceilingStatements)}`;
      const ceilingVisitors = visitors.map(() => ({ cookies: new Map<string, string>(), token: '' }));
      const ceilingRun = await measuredFlow(
        'ceiling',
        { url: ceiling.url, visitors: ceilingVisitors, durationS: o.durationS, pid: ceiling.pid, dbPid },
        o.flow === 'cart' ? ceilingCartSteps : ceilingCheckoutSteps,
      );
      windows.ceiling = ceilingRun.window;
      out += `\n${ceilingRun.text}`;
      await ceiling.stop();
    });
    if (o.profile)
      out +=
        profileReport('serve', dir, o.top, windows.serve) +
        profileReport('ceiling', join(dir, 'ceiling'), o.top, windows.ceiling);
    return out;
  } finally {
    if (!o.keep) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const value = (flag: string, fallback: string) => flagValue(args, flag, fallback);
  const flow = value('--flow', 'cart');
  if (flow !== 'cart' && flow !== 'checkout') throw new Error('--flow is cart or checkout');
  process.stdout.write(
    await profileWrites({
      flow,
      connections: Number(value('--connections', '10')),
      durationS: Number(value('--duration', '5')),
      top: Number(value('--top', '15')),
      profile: !args.includes('--no-profile'),
      keep: args.includes('--keep') ? value('--keep', '') || undefined : undefined,
    }),
  );
}
