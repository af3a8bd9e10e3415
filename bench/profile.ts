// A CPU profile of `serve` under load: `node --cpu-prof` on a real serve process (built dist/, a
// seeded SQLite file), autocannon on one path, then the functions with the most self time. Used
// before and after each performance change so a change is kept only when the profile agrees.
//   npm run build && npx tsx bench/profile.ts [--path /products] [--connections 32] [--duration 5]
//                                               [--top 5] [--cookies] [--keep DIR]
// --cookies: every request sends the cookies of a first response (a returning visitor).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServe } from './serve-process.js';
import { sqliteDatabase } from './databases.js';
import { withTeardown } from './teardown.js';
import { flagValue } from './script-args.js';
import { hammer } from './load.js';
import { firstResponseCookies } from './visitor.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
}

/** One line of the self-time ranking. */
export interface SelfTime {
  name: string;
  where: string;
  percent: number;
}

const short = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, '')
    .replace(/^.*\/(dist|runtime|bench)\//, '$1/');

/** Functions ranked by the share of samples in which they were on top of the stack. */
export function selfTimes(profile: CpuProfile, top: number): SelfTime[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map<string, number>();
  let total = 0;
  for (const id of profile.samples) {
    const node = byId.get(id);
    if (!node) continue;
    total++;
    const f = node.callFrame;
    const key = `${f.functionName || '(anonymous)'}\t${f.url ? `${short(f.url)}:${f.lineNumber + 1}` : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, n]) => {
      const [name, where] = key.split('\t');
      return { name, where, percent: Math.round((n / total) * 1000) / 10 };
    });
}

/** Profiles serve under load on `path`; returns the ranking and the req/s measured meanwhile. */
export async function profileServe(o: {
  path: string;
  connections: number;
  durationS: number;
  top: number;
  cookies: boolean;
  keep?: string;
}): Promise<{ rps: number; top: SelfTime[] }> {
  const dir = o.keep ?? mkdtempSync(join(tmpdir(), 'storefront-bench-prof-'));
  try {
    const rps = await withTeardown(async (t) => {
      const databaseUrl = await sqliteDatabase(t);
      const serve = await startServe(t, { databaseUrl, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
      const headers = o.cookies ? await firstResponseCookies(serve.url, o.path) : undefined;
      const r = await hammer({
        url: serve.url,
        path: o.path,
        connections: o.connections,
        durationS: o.durationS,
        warmupS: 1,
        headers,
      });
      await serve.stop(); // SIGTERM: serve exits, node writes the profile
      return r.rps;
    });
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error(`no .cpuprofile written in ${dir}`);
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
    return { rps, top: selfTimes(profile, o.top) };
  } finally {
    if (!o.keep) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const value = (flag: string, fallback: string) => flagValue(args, flag, fallback);
  const o = {
    path: value('--path', '/products'),
    connections: Number(value('--connections', '32')),
    durationS: Number(value('--duration', '5')),
    top: Number(value('--top', '5')),
    cookies: args.includes('--cookies'),
    keep: args.includes('--keep') ? value('--keep', '') || undefined : undefined,
  };
  const r = await profileServe(o);
  process.stdout.write(
    `serve ${o.path}, ${o.connections} connections, ${o.durationS} s${o.cookies ? ', returning visitor' : ''}: ${r.rps} req/s under --cpu-prof\n`,
  );
  for (const s of r.top)
    process.stdout.write(`  ${s.percent.toFixed(1).padStart(5)} %  ${s.name}  ${s.where}\n`);
}
