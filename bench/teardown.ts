// A stack of clean-up steps (servers, databases, temp dirs) run in reverse order, always: at the end
// of a scenario, on failure, and once more on SIGINT/SIGTERM so nothing the bench started survives.

type Step = { label: string; run: () => Promise<void> | void };

/** Clean-up steps registered while resources are created. */
export class Teardown {
  private steps: Step[] = [];

  /** Registers a step; returns a function that runs it now (and only once). */
  add(label: string, run: () => Promise<void> | void): () => Promise<void> {
    const step: Step = { label, run };
    this.steps.push(step);
    return async () => {
      const i = this.steps.indexOf(step);
      if (i === -1) return;
      this.steps.splice(i, 1);
      await step.run();
    };
  }

  private draining: Promise<void> | null = null;

  /** Runs every step, newest first; a failing step is reported and the others still run. Concurrent callers share one pass. */
  runAll(): Promise<void> {
    this.draining ??= this.drain().finally(() => (this.draining = null));
    return this.draining;
  }

  private async drain(): Promise<void> {
    while (this.steps.length) {
      const step = this.steps.pop()!;
      try {
        await step.run();
      } catch (err) {
        process.stderr.write(`bench: clean-up "${step.label}" failed: ${(err as Error).message}\n`);
      }
    }
  }
}

/** Runs fn with a fresh Teardown and always empties it afterwards. */
export async function withTeardown<T>(fn: (t: Teardown) => Promise<T>): Promise<T> {
  const t = new Teardown();
  active.push(t);
  try {
    return await fn(t);
  } finally {
    await t.runAll();
    active.splice(active.indexOf(t), 1);
  }
}

/** Open teardowns, outermost first (the run's, then the scenario's). */
const active: Teardown[] = [];
let interruptedBy: string | null = null;

/** The signal that interrupted the run, or null. */
export function interrupted(): string | null {
  return interruptedBy;
}

/** On SIGINT/SIGTERM: run every open teardown, then exit 130/143. */
export function installSignalTeardown(): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) process.exit(1);
      stopping = true;
      interruptedBy = signal;
      process.stderr.write(`\nbench: ${signal}, cleaning up…\n`);
      void (async () => {
        // innermost first: a scenario's servers and databases before the run's MariaDB
        for (const t of [...active].reverse()) await t.runAll();
      })().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }
}
