// Spawning the server processes the bench measures: a free port, readiness by polling an HTTP
// path, the tail of stderr for error messages, and a stop that always ends the process (TERM, then
// KILL), registered with a Teardown so failures cannot leak processes.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Teardown } from './teardown.js';
import { sleep } from './stats.js';

export { freePort } from '../test/helpers/ports.js';

/** A running child server. */
export interface ChildServer {
  url: string;
  pid: number;
  child: ChildProcess;
  /** The last lines the process wrote to stderr. */
  stderrTail(): string;
  stop(): Promise<void>;
}

export interface SpawnOptions {
  label: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  port: number;
  /** Path polled until it answers 200. */
  readyPath: string;
  readyTimeoutMs?: number;
}

/** Starts a server process and waits until it answers; throws with its stderr when it does not. */
export async function spawnServer(t: Teardown, o: SpawnOptions): Promise<ChildServer> {
  // stdout carries one JSON log line per request: sent to /dev/null, as a log shipper would take
  // it away; stderr (banners, errors) is kept for messages.
  const child = spawn(o.command, o.args, { cwd: o.cwd, env: o.env, stdio: ['ignore', 'ignore', 'pipe'] });
  const tail: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => {
    tail.push(chunk.toString());
    if (tail.length > 40) tail.shift();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = t.add(`stop ${o.label}`, async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
  });
  const url = `http://127.0.0.1:${o.port}`;
  const deadline = Date.now() + (o.readyTimeoutMs ?? 30000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(
        `${o.label} exited (${child.exitCode ?? child.signalCode}): ${tail.join('').slice(-1500)}`,
      );
    }
    try {
      const res = await fetch(url + o.readyPath, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `${o.label} did not answer ${o.readyPath} within ${o.readyTimeoutMs ?? 30000} ms: ${tail.join('').slice(-1500)}`,
      );
    }
    await sleep(100);
  }
  return { url, pid: child.pid!, child, stderrTail: () => tail.join(''), stop };
}
