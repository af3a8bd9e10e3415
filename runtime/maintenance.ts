// Housekeeping: removes expired sessions, carts left without a session, expired idempotency keys
// and rate-limit windows. Safe to run from every serve process at once (plain deletes).
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

/** Deletes what has expired. Carts are kept an hour past their session so a login can move them. */
export async function sweepExpired(db: Db, now = new Date()): Promise<SweepReport> {
  const nowText = toDbTime(now);
  const sessions = await db('sessions').where('expires_at', '<', nowText).delete();
  const cartCutoff = toDbTime(new Date(now.getTime() - 60 * 60 * 1000));
  const carts = await db('carts')
    .where('updated_at', '<', cartCutoff)
    .whereNotExists(db('sessions').select(db.raw('1')).whereRaw('sessions.id = carts.session_id'))
    .delete();
  const idempotency_records = await db('idempotency_records').where('expires_at', '<', nowText).delete();
  const rate_limits = await db('rate_limits').where('expires_at', '<', nowText).delete();
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
