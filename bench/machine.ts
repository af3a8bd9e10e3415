// The machine a bench ran on: CPU model and cores (from /proc/cpuinfo), Node version, OS, load.
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, release, type } from 'node:os';

export interface Machine {
  cpu: string;
  cores: number;
  node: string;
  os: string;
  /** 1-minute load average when the run started: other work on the machine skews the figures. */
  load_1m: number;
}

function cpuModel(): string {
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8');
    const m = /^model name\s*:\s*(.+)$/m.exec(info);
    if (m) return m[1].trim();
  } catch {
    // not Linux: fall through to os.cpus()
  }
  return cpus()[0]?.model?.trim() || 'unknown CPU';
}

/** Describes this machine. */
export function describeMachine(): Machine {
  return {
    cpu: cpuModel(),
    cores: availableParallelism(),
    node: process.version,
    os: `${type()} ${release()}`,
    load_1m: Math.round(loadavg()[0] * 100) / 100,
  };
}
