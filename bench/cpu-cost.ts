// Server CPU per answer: the CPU time (user + system, every thread) a server process uses while it
// answers a FIXED rate of requests, divided by the answers. Unlike req/s at saturation, it does not
// depend on how the load generator and the server share this machine's two cores, so serve and its
// static ceiling compare as the cost of one answer each. Linux only (/proc/<pid>/stat): elsewhere the
// figure is null and the report says so.
import { existsSync, readFileSync } from 'node:fs';
import { hammer, type LoadOptions } from './load.js';

// utime and stime in /proc are counted in USER_HZ ticks, which Linux fixes at 100 per second.
const MICROS_PER_TICK = 10_000;

/** CPU time a process has used so far, in µs (all its threads). */
export function processCpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // the command name (field 2) may hold spaces: fields are counted after its closing parenthesis
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * MICROS_PER_TICK;
}

/** µs of the process's CPU per answered request while `o.rate` requests per second are sent; null without /proc. */
export async function cpuPerRequest(pid: number, o: LoadOptions & { rate: number }): Promise<number | null> {
  if (!existsSync(`/proc/${pid}/stat`)) return null;
  const before = processCpuMicros(pid);
  const run = await hammer({ ...o, warmupS: 0 });
  const used = processCpuMicros(pid) - before;
  return run.requests > 0 ? Math.round((used / run.requests) * 10) / 10 : 0;
}
