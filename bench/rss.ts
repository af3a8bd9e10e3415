// Resident memory of a process and its children, from /proc (Linux): VmRSS now, VmHWM (the
// kernel's own peak) per process, and a sampler that keeps the largest total seen during a load.
import { readdirSync, readFileSync } from 'node:fs';

function statusField(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = new RegExp(`^${field}:\\s*(\\d+) kB`, 'm').exec(status);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** Direct children of pid (cluster workers of a serve primary). */
export function childPids(pid: number): number[] {
  const out: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return out;
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may contain spaces, so parse after the last ')'
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(name));
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}

/** Peak memory of one process tree (the process and its direct children). */
export interface RssFigures {
  /** Largest sum of VmRSS over the tree seen by the sampler, kB. */
  sampled_peak_kb: number | null;
  /** VmHWM of each process at the end, kB (pid → kB); their sum bounds the tree's peak from above. */
  hwm_kb: Record<string, number>;
  hwm_sum_kb: number | null;
  processes: number;
}

/** Samples the tree of pid every intervalMs until stop() is called. */
export function sampleRss(pid: number, intervalMs = 200): { stop(): RssFigures } {
  let peak: number | null = null;
  const tick = () => {
    const pids = [pid, ...childPids(pid)];
    let total = 0;
    let any = false;
    for (const p of pids) {
      const kb = statusField(p, 'VmRSS');
      if (kb !== null) {
        total += kb;
        any = true;
      }
    }
    if (any && (peak === null || total > peak)) peak = total;
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      tick();
      const hwm: Record<string, number> = {};
      for (const p of [pid, ...childPids(pid)]) {
        const kb = statusField(p, 'VmHWM');
        if (kb !== null) hwm[String(p)] = kb;
      }
      const values = Object.values(hwm);
      return {
        sampled_peak_kb: peak,
        hwm_kb: hwm,
        hwm_sum_kb: values.length ? values.reduce((a, b) => a + b, 0) : null,
        processes: values.length,
      };
    },
  };
}
