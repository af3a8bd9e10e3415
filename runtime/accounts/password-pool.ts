// Worker threads that run bcrypt, so a login (tens to hundreds of ms of CPU) never stalls the event loop
// that renders pages. Workers are created on first use and only keep the process alive while busy.
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';

type Job = { op: 'hash'; password: string; cost: number } | { op: 'compare'; password: string; hash: string };

interface Task {
  job: Job;
  resolve(value: string | boolean): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
}

// Plain CommonJS run with `eval: true`: no build step or loader needed, in `dist/` and under tsx alike.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const bcrypt = require(workerData.bcryptPath);
parentPort.on('message', (job) => {
  try {
    const result = job.op === 'hash' ? bcrypt.hashSync(job.password, job.cost) : bcrypt.compareSync(job.password, job.hash);
    parentPort.postMessage({ ok: true, result });
  } catch (err) {
    parentPort.postMessage({ ok: false, message: String((err && err.message) || err) });
  }
});
`;

const bcryptPath = createRequire(import.meta.url).resolve('bcryptjs');

/** How many hashing threads to run: STOREFRONT_HASH_THREADS, else one core fewer than the machine has (1–4). */
export function hashThreadCount(): number {
  const raw = Number(process.env.STOREFRONT_HASH_THREADS);
  if (Number.isInteger(raw) && raw >= 1 && raw <= 64) return raw;
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

/** A fixed-size pool of bcrypt worker threads with a FIFO queue. */
export class PasswordPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];

  constructor(private readonly size = hashThreadCount()) {}

  /** bcrypt hash of password at cost. */
  hash(password: string, cost: number): Promise<string> {
    return this.run({ op: 'hash', password, cost }) as Promise<string>;
  }

  /** True when password matches hash; false for a hash bcrypt cannot read. */
  compare(password: string, hash: string): Promise<boolean> {
    return this.run({ op: 'compare', password, hash }) as Promise<boolean>;
  }

  /** Ends every worker; running and queued jobs are rejected. */
  async close(): Promise<void> {
    const closed = new Error('password pool closed');
    const slots = this.slots.splice(0);
    for (const task of [...slots.map((s) => s.task), ...this.queue.splice(0)]) task?.reject(closed);
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private run(job: Job): Promise<string | boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => s.task === null) ?? this.spawn();
      if (!slot) return;
      const task = this.queue.shift()!;
      slot.task = task;
      slot.worker.ref();
      slot.worker.postMessage(task.job);
    }
  }

  private spawn(): Slot | null {
    if (this.slots.length >= this.size) return null;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { bcryptPath } });
    const slot: Slot = { worker, task: null };
    worker.unref();
    worker.on('message', (msg: { ok: true; result: string | boolean } | { ok: false; message: string }) => {
      const task = slot.task;
      slot.task = null;
      worker.unref();
      if (task) {
        if (msg.ok) task.resolve(msg.result);
        else task.reject(new Error(msg.message));
      }
      this.dispatch();
    });
    // A worker that dies (out of memory, killed) fails its job and is replaced on the next dispatch.
    const retire = (err: Error) => {
      const index = this.slots.indexOf(slot);
      if (index === -1) return;
      this.slots.splice(index, 1);
      slot.task?.reject(err);
      slot.task = null;
      this.dispatch();
    };
    worker.on('error', retire);
    worker.on('exit', (code) => retire(new Error(`password worker exited with code ${code}`)));
    this.slots.push(slot);
    return slot;
  }
}
