// Worker threads that run bcrypt, so a login (tens to hundreds of ms of CPU) never stalls the event loop
// that renders pages. Workers are created on first use and only keep the process alive while busy.
//
// The queue is bounded for the request flows: a flood of registrations (or sign-ins) would otherwise
// queue thousands of hashes and every sign-in would wait behind them for seconds. A job says how it
// is admitted (Admission): sign-ins go ahead of everything else and are refused only when the whole
// queue is full; registrations are refused once half of it is taken, so the other half is always
// there for sign-ins; 'wait' jobs (seeding, tests) are never refused. A refused job fails at once
// with PasswordPoolBusyError, and the caller answers 503 + Retry-After.
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { defaultHashQueue, defaultHashThreads } from '../config.js';

type Job = { op: 'hash'; password: string; cost: number } | { op: 'compare'; password: string; hash: string };

/** How a job is admitted when every thread is busy (see the top of this file). */
export type Admission = 'sign-in' | 'register' | 'wait';

/** The queue is full: the job was not queued. */
export class PasswordPoolBusyError extends Error {
  override name = 'PasswordPoolBusyError';
  constructor() {
    super('every password hashing thread is busy and the queue is full');
  }
}

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

// The Config validates these settings (runtime/config.ts) and password.ts hands them to the shared pool;
// the two functions below are the fallback where no Config reaches (tests, tools): a bad value there
// gives the default.

/** How many hashing threads to run: STOREFRONT_HASH_THREADS, else one core fewer than the machine has (1–4). */
export function hashThreadCount(): number {
  const raw = Number(process.env.STOREFRONT_HASH_THREADS);
  if (Number.isInteger(raw) && raw >= 1 && raw <= 64) return raw;
  return defaultHashThreads();
}

/** How many jobs may wait for a thread: STOREFRONT_HASH_QUEUE, else 32 per thread (defaultHashQueue). */
export function hashQueueLimit(threads = hashThreadCount()): number {
  const raw = Number(process.env.STOREFRONT_HASH_QUEUE);
  if (Number.isInteger(raw) && raw >= 1 && raw <= 100000) return raw;
  return defaultHashQueue(threads);
}

/** Tuning of a PasswordPool. */
export interface PasswordPoolOptions {
  /** Worker threads (default hashThreadCount()). */
  size?: number;
  /** Most jobs waiting for a thread (default hashQueueLimit(size)). */
  maxQueue?: number;
  /** Told the number of waiting jobs whenever it changes (the metrics gauge). */
  onQueueLength?: (waiting: number) => void;
}

/** A fixed-size pool of bcrypt worker threads with a bounded queue, sign-ins first. */
export class PasswordPool {
  private readonly slots: Slot[] = [];
  // Sign-ins, then everything else; FIFO within each.
  private readonly signIns: Task[] = [];
  private readonly others: Task[] = [];
  /** Worker threads. */
  readonly size: number;
  /** Most jobs that may wait for a thread (registrations: half of it). */
  readonly maxQueue: number;
  private readonly onQueueLength: (waiting: number) => void;
  private closingWhenIdle = false;

  constructor(options: PasswordPoolOptions = {}) {
    this.size = options.size ?? hashThreadCount();
    this.maxQueue = options.maxQueue ?? hashQueueLimit(this.size);
    this.onQueueLength = options.onQueueLength ?? (() => {});
  }

  /** Jobs waiting for a thread. */
  get waiting(): number {
    return this.signIns.length + this.others.length;
  }

  /** bcrypt hash of password at cost; rejects with PasswordPoolBusyError when not admitted. */
  hash(password: string, cost: number, admission: Admission = 'wait'): Promise<string> {
    return this.run({ op: 'hash', password, cost }, admission) as Promise<string>;
  }

  /** True when password matches hash; false for a hash bcrypt cannot read. */
  compare(password: string, hash: string, admission: Admission = 'wait'): Promise<boolean> {
    return this.run({ op: 'compare', password, hash }, admission) as Promise<boolean>;
  }

  /** Ends every worker; running and queued jobs are rejected. */
  async close(): Promise<void> {
    const closed = new Error('password pool closed');
    const slots = this.slots.splice(0);
    const queued = [...this.signIns.splice(0), ...this.others.splice(0)];
    this.onQueueLength(0);
    for (const task of [...slots.map((s) => s.task), ...queued]) task?.reject(closed);
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  /** Ends every worker once no job runs or waits (a pool replaced by other settings). */
  closeWhenIdle(): void {
    this.closingWhenIdle = true;
    this.dispatch();
  }

  /** True when a job of this admission would be taken now (callers check before costly work). */
  admits(admission: Admission): boolean {
    if (admission === 'wait') return true;
    // A free (or not yet started) thread takes the job at once: nothing waits.
    if (this.slots.length < this.size || this.slots.some((s) => s.task === null)) return true;
    const room = admission === 'sign-in' ? this.maxQueue : Math.ceil(this.maxQueue / 2);
    return this.waiting < room;
  }

  private run(job: Job, admission: Admission): Promise<string | boolean> {
    if (!this.admits(admission)) return Promise.reject(new PasswordPoolBusyError());
    return new Promise((resolve, reject) => {
      (admission === 'sign-in' ? this.signIns : this.others).push({ job, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.waiting > 0) {
      const slot = this.slots.find((s) => s.task === null) ?? this.spawn();
      if (!slot) break;
      const task = (this.signIns.shift() ?? this.others.shift())!;
      slot.task = task;
      slot.worker.ref();
      slot.worker.postMessage(task.job);
    }
    this.onQueueLength(this.waiting);
    if (this.closingWhenIdle && this.waiting === 0 && this.slots.every((s) => s.task === null))
      void this.close();
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
