// Fixed-window attempt counters in the `rate_limits` table, so limits hold across serve processes.
// A hit is counted before the attempt is judged (one atomic upsert), so concurrent attempts cannot
// slip past the limit together; a successful login then takes its hits back.
//
// Write conflicts (deadlock, Galera certification failure, SQLite busy) are retried per statement
// (writeWithRetry), never per function: a statement rejected that way was rolled back in full, so
// replaying it applies `hits + 1` / `hits - 1` exactly once, whereas replaying `hit` after its upsert
// succeeded would count twice. A failure whose outcome is unknown (connection lost) is not retried.
import { createHash } from 'node:crypto';
import type { Db } from '../db.js';
import { writeWithRetry } from '../db-retry.js';
import { dbNow, fromDbTime, toDbTime } from '../time.js';

/** A limit: at most `max` hits per window of `windowMs`. */
export interface Limit {
  name: string;
  max: number;
  windowMs: number;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Failed sign-ins per email address of a site. */
export const LOGIN_PER_EMAIL: Limit = { name: 'login-email', max: 5, windowMs: FIFTEEN_MINUTES };
/** Failed sign-ins per client address of a site. */
export const LOGIN_PER_IP: Limit = { name: 'login-ip', max: 20, windowMs: FIFTEEN_MINUTES };

/** The state of one counter after a hit. */
export interface HitResult {
  hits: number;
  limited: boolean;
  /** Whole seconds until the window ends (at least 1). */
  retryAfter: number;
}

/** The bucket key: limit name, site and a hash of the subject (bounded length, no raw emails stored). */
export function bucketKey(limit: Limit, siteId: string, subject: string): string {
  const digest = createHash('sha256').update(subject).digest('base64url');
  return `${limit.name}:${siteId}:${digest}`;
}

/** Counts one hit against limit for subject and tells whether the limit is exceeded. */
export async function hit(db: Db, limit: Limit, siteId: string, subject: string): Promise<HitResult> {
  const bucket = bucketKey(limit, siteId, subject);
  const now = new Date();
  const nowText = toDbTime(now);
  // A window that is over starts again from zero. Deleting it first keeps the upsert portable
  // (no engine-specific conditional UPDATE); a race here can only count a hit twice.
  await writeWithRetry(db, (db) =>
    db('rate_limits').where({ bucket }).andWhere('expires_at', '<=', nowText).delete(),
  );
  await writeWithRetry(db, (db) =>
    db('rate_limits')
      .insert({
        bucket,
        site_id: siteId,
        hits: 1,
        window_started_at: nowText,
        expires_at: toDbTime(new Date(now.getTime() + limit.windowMs)),
      })
      .onConflict('bucket')
      .merge({ hits: db.raw('?? + 1', ['rate_limits.hits']) }),
  );
  const row = (await db('rate_limits').where({ bucket }).first('hits', 'expires_at')) as
    { hits: number | string; expires_at: string } | undefined;
  const hits = Number(row?.hits ?? 1);
  const endsAt = row ? fromDbTime(row.expires_at).getTime() : now.getTime() + limit.windowMs;
  return {
    hits,
    limited: hits > limit.max,
    retryAfter: Math.max(1, Math.ceil((endsAt - Date.now()) / 1000)),
  };
}

/** Forgets every hit of subject (a successful login resets its email counter). */
export async function reset(db: Db, limit: Limit, siteId: string, subject: string): Promise<void> {
  await writeWithRetry(db, (db) =>
    db('rate_limits')
      .where({ bucket: bucketKey(limit, siteId, subject) })
      .delete(),
  );
}

/** Takes back one hit (a successful login does not count against its client address). */
export async function unhit(db: Db, limit: Limit, siteId: string, subject: string): Promise<void> {
  await writeWithRetry(db, (db) =>
    db('rate_limits')
      .where({ bucket: bucketKey(limit, siteId, subject) })
      .andWhere('hits', '>', 0)
      .update({ hits: db.raw('?? - 1', ['hits']) }),
  );
}

/** Deletes counters whose window ended (called now and then by login). */
export async function sweepExpired(db: Db): Promise<number> {
  return writeWithRetry(db, (db) => db('rate_limits').where('expires_at', '<=', dbNow()).delete());
}
