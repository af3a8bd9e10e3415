// Write-conflict retries. A MariaDB Galera cluster replicates optimistically: each node runs a
// transaction under its own local locks and certifies it against the rest of the cluster only at
// COMMIT. A write-write conflict with another node therefore surfaces late — at COMMIT, or as a
// brute-force abort of a statement in the middle — as errno 1213 (ER_LOCK_DEADLOCK, SQLSTATE 40001,
// "Deadlock: wsrep aborted transaction" / "WSREP detected deadlock/conflict"), by which time the
// server has rolled the whole transaction back. The only correct answer is to replay the whole unit
// from its start: the transaction (opened anew) or a single autocommit statement. Never retry a
// statement half-way through a transaction: after the rollback the connection is no longer in one,
// and the retried statement would commit on its own. Plain InnoDB deadlocks (1213) and lock wait
// timeouts (1205) and SQLite's busy errors are handled the same way.
//
// A statement that failed with one of these errors had no effect (its transaction was rolled back),
// so replaying it applies it exactly once, even when it is not idempotent (`hits + 1`). Errors whose
// outcome is unknown (a connection lost during COMMIT) are not retried here: they fail loudly.
import type { Knex } from 'knex';
import type { Db } from './db.js';

/** Total calls of the unit, the first included. */
export const DEFAULT_ATTEMPTS = 5;
/** Upper bound of the first back-off delay; it doubles per retry up to MAX_DELAY_MS. */
export const BASE_DELAY_MS = 5;
/** Upper bound of any back-off delay. */
export const MAX_DELAY_MS = 200;

/** Tuning and test seams of withConflictRetry. */
export interface RetryOptions {
  /** Total calls of the unit, the first included (default DEFAULT_ATTEMPTS, at least 1). */
  attempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Waits between attempts (default: a timer). */
  sleep?: (ms: number) => Promise<void>;
  /** A number in [0, 1) for the jitter (default Math.random). */
  random?: () => number;
}

const RETRYABLE_ERRNOS = new Set([
  1213, // ER_LOCK_DEADLOCK: InnoDB deadlock; Galera certification failure or brute-force abort
  1205, // ER_LOCK_WAIT_TIMEOUT
]);
const RETRYABLE_CODES = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT', 'SQLITE_BUSY']);

/** True for a write conflict after which the whole transaction (or statement) may be run again. */
export function isRetryableConflict(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { errno?: unknown; code?: unknown; sqlState?: unknown };
  if (typeof e.errno === 'number' && RETRYABLE_ERRNOS.has(e.errno)) return true;
  // SQLSTATE 40001 is "serialization failure": the transaction was rolled back and may be retried.
  if (e.sqlState === '40001') return true;
  if (typeof e.code !== 'string') return false;
  // better-sqlite3 reports extended codes: SQLITE_BUSY_SNAPSHOT (a WAL snapshot went stale before
  // the first write), SQLITE_BUSY_RECOVERY, SQLITE_BUSY_TIMEOUT.
  return RETRYABLE_CODES.has(e.code) || e.code.startsWith('SQLITE_BUSY_');
}

/** The wait before retry `retry` (0 = first): jittered in [½, 1] × min(max, base · 2^retry) ms. */
export function backoffDelay(retry: number, options: RetryOptions = {}): number {
  const base = options.baseDelayMs ?? BASE_DELAY_MS;
  const max = options.maxDelayMs ?? MAX_DELAY_MS;
  const ceiling = Math.min(max, base * 2 ** Math.min(retry, 30));
  const r = Math.min(Math.max((options.random ?? Math.random)(), 0), 1);
  return Math.round(ceiling / 2 + (r * ceiling) / 2);
}

const timerSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// Where replays are counted: metrics.ts registers its counter here. The dependency points that way
// so that modules using retries (the cart and orders stores, which the template-object registry and
// so `check-theme` load) do not load prom-client, which only `serve` needs.
let countReplay: () => void = () => {};

/** Makes every replay after a write conflict call `count` (metrics.ts: the retries counter). */
export function countWriteConflictReplays(count: () => void): void {
  countReplay = count;
}

/** Calls fn (a whole unit) again after a write conflict, up to `attempts` calls; other errors at once. */
export async function withConflictRetry<T>(
  fn: (attempt: number) => PromiseLike<T>,
  options: RetryOptions = {},
): Promise<T> {
  const attempts = Math.max(1, Math.floor(options.attempts ?? DEFAULT_ATTEMPTS));
  const sleep = options.sleep ?? timerSleep;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (err) {
      if (attempt >= attempts || !isRetryableConflict(err)) throw err;
      countReplay();
      await sleep(backoffDelay(attempt - 1, options));
    }
  }
}

/** db.transaction(fn), replayed from the start on a conflict (once only inside an outer transaction). */
export function transactionWithRetry<T>(
  db: Db,
  fn: (trx: Knex.Transaction) => Promise<T>,
  options?: RetryOptions,
): Promise<T> {
  if (db.isTransaction) return db.transaction(fn);
  return withConflictRetry(() => db.transaction(fn), options);
}

/** One autocommit write fn(db), retried on a conflict; run once when db is a transaction (see top). */
export async function writeWithRetry<T>(
  db: Db,
  fn: (db: Db) => PromiseLike<T>,
  options?: RetryOptions,
): Promise<T> {
  if (db.isTransaction) return await fn(db);
  return withConflictRetry(() => fn(db), options);
}
