// The CLI run in this process (main() of bin/cli.ts), its output captured: fast CLI tests.
import { main } from '../../bin/cli.js';

/** What a command printed and its exit code. */
export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `storefront …args` in this process, capturing its output. */
export async function storefront(args: string[]): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const stdoutWrite = process.stdout.write.bind(process.stdout);
  const stderrWrite = process.stderr.write.bind(process.stderr);
  process.stdout.write = ((chunk: string | Uint8Array) => (
    out.push(String(chunk)),
    true
  )) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => (
    err.push(String(chunk)),
    true
  )) as typeof process.stderr.write;
  const exitCode = process.exitCode;
  let code: number;
  try {
    code = await main(['node', 'storefront', ...args]);
  } finally {
    process.stdout.write = stdoutWrite;
    process.stderr.write = stderrWrite;
    process.exitCode = exitCode;
  }
  return { code, stdout: out.join(''), stderr: err.join('') };
}
