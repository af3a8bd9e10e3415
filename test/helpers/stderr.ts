// Captures what the server writes to stderr during a fault test (one JSON line per failed request,
// knex warnings), so that the test can look at it and the test output stays readable.

export interface StderrCapture {
  /** Everything written since the capture started, split into lines. */
  lines(): string[];
  /** The JSON error lines the error middleware logged. */
  errorLogs(): Array<Record<string, unknown>>;
  /** Stops capturing; with `replay`, writes what was captured to the real stderr (for failed tests). */
  stop(options?: { replay?: boolean }): void;
}

/** Starts capturing process.stderr.write (in this process only). */
export function captureStderr(): StderrCapture {
  const original = process.stderr.write;
  const chunks: string[] = [];
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    const callback = rest.find((a) => typeof a === 'function') as (() => void) | undefined;
    callback?.();
    return true;
  }) as typeof process.stderr.write;
  let stopped = false;
  const lines = () =>
    chunks
      .join('')
      .split('\n')
      .filter((l) => l !== '');
  return {
    lines,
    errorLogs() {
      return lines()
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((r) => r.level === 'error');
    },
    stop(options = {}) {
      if (stopped) return;
      stopped = true;
      process.stderr.write = original;
      if (options.replay && chunks.length) process.stderr.write(chunks.join(''));
    },
  };
}
