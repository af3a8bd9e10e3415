// Housekeeping: removes expired sessions, carts left without a session, expired idempotency keys
// and rate-limit windows. Safe to run from every serve process at once (plain deletes, in batches).
import type { Knex } from 'knex';
import type { Db } from './db.js';
import { log } from './logger.js';
import { toDbTime } from './time.js';

/** Rows deleted per table. */
export interface SweepReport {
  sessions: number;
  carts: number;
  idempotency_records: number;
  rate_limits: number;
}

/** Rows per delete: each statement stays short, well inside the query deadline (db-deadline.ts). */
export const SWEEP_BATCH = 1000;

/**
 * Deletes the rows of `table` that `pick` selects, SWEEP_BATCH at a time, and returns how many. A
 * backlog (a process that was down for days, a flood of sessions) is then many short statements
 * rather than one that holds locks for long and misses the deadline. The batch's keys are read in
 * a derived table: MySQL takes no LIMIT directly inside IN, nor a subquery on the table it deletes from.
 */
async function deleteInBatches(
  db: Db,
  table: string,
  key: string[],
  pick: (q: Knex.QueryBuilder) => Knex.QueryBuilder,
): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = pick(db(table).select(key)).limit(SWEEP_BATCH).as('batch');
    const keys = db.select(key.map((k) => `batch.${k}`)).from(batch);
    const target = db(table);
    const deleted = await (
      key.length === 1 ? target.whereIn(key[0], keys) : target.whereIn(key, keys)
    ).delete();
    total += deleted;
    if (deleted < SWEEP_BATCH) return total;
  }
}

/** Deletes what has expired. Carts are kept an hour past their session so a login can move them. */
export async function sweepExpired(db: Db, now = new Date()): Promise<SweepReport> {
  const nowText = toDbTime(now);
  const expired = (q: Knex.QueryBuilder) => q.where('expires_at', '<', nowText);
  const sessions = await deleteInBatches(db, 'sessions', ['id'], expired);
  const cartCutoff = toDbTime(new Date(now.getTime() - 60 * 60 * 1000));
  const carts = await deleteInBatches(db, 'carts', ['id'], (q) =>
    q
      .where('updated_at', '<', cartCutoff)
      .whereNotExists(db('sessions').select(db.raw('1')).whereRaw('sessions.id = carts.session_id')),
  );
  const idempotency_records = await deleteInBatches(
    db,
    'idempotency_records',
    ['site_id', 'idempotency_key'],
    expired,
  );
  const rate_limits = await deleteInBatches(db, 'rate_limits', ['bucket'], expired);
  return { sessions, carts, idempotency_records, rate_limits };
}

/** Runs sweepExpired now and then every intervalMs; returns a stop function. Failures are logged, not thrown. */
export function scheduleSweeps(db: Db, intervalMs = 10 * 60 * 1000): () => void {
  const run = () => sweepExpired(db).catch((err: Error) => log('warn', `sweep failed: ${err.message}`));
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
