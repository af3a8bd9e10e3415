// Fixed-window attempt counters in the `rate_limits` table, so limits hold across serve processes.
// Three ways to use one: `peek` reads a counter without counting, and `hit` counts one (sign-in
// checks its failure counters before the attempt and counts only a failure, see service.ts);
// `take` counts one only while the limit allows it, in one conditional update (registration:
// concurrent attempts can neither pass the limit together nor refuse each other).
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

/** Accepted registrations per client address of a site: at most max an hour (--register-limit). */
export function registerPerIp(max: number): Limit {
  return { name: 'register-ip', max, windowMs: 60 * 60 * 1000 };
}

/** The state of one counter. */
export interface HitResult {
  hits: number;
  /** hit: this hit is past the limit; peek: the next one would be. */
  limited: boolean;
  /** Whole seconds until the window ends (at least 1). */
  retryAfter: number;
}

function result(limit: Limit, hits: number, expiresAt: string | null, limited: boolean): HitResult {
  const endsAt = expiresAt ? fromDbTime(expiresAt).getTime() : Date.now() + limit.windowMs;
  return { hits, limited, retryAfter: Math.max(1, Math.ceil((endsAt - Date.now()) / 1000)) };
}

/** The bucket key: limit name, site and a hash of the subject (bounded length, no raw emails stored). */
export function bucketKey(limit: Limit, siteId: string, subject: string): string {
  const digest = createHash('sha256').update(subject).digest('base64url');
  return `${limit.name}:${siteId}:${digest}`;
}

/**
 * Ends the bucket's window if it is over (so it starts again from zero) and returns the row of a
 * new window holding `hits`. Deleting first keeps the upsert portable (no engine-specific
 * conditional UPDATE); a race here can only count a hit twice.
 */
async function openWindow(db: Db, limit: Limit, siteId: string, bucket: string, hits: number) {
  const now = new Date();
  const nowText = toDbTime(now);
  await writeWithRetry(db, (db) =>
    db('rate_limits').where({ bucket }).andWhere('expires_at', '<=', nowText).delete(),
  );
  return {
    bucket,
    site_id: siteId,
    hits,
    window_started_at: nowText,
    expires_at: toDbTime(new Date(now.getTime() + limit.windowMs)),
  };
}

/** Counts one hit against limit for subject (a failed sign-in) and tells whether it is past the limit. */
export async function hit(db: Db, limit: Limit, siteId: string, subject: string): Promise<HitResult> {
  const bucket = bucketKey(limit, siteId, subject);
  const fresh = await openWindow(db, limit, siteId, bucket, 1);
  await writeWithRetry(db, (db) =>
    db('rate_limits')
      .insert(fresh)
      .onConflict('bucket')
      .merge({ hits: db.raw('?? + 1', ['rate_limits.hits']) }),
  );
  const row = (await db('rate_limits').where({ bucket }).first('hits', 'expires_at')) as
    { hits: number | string; expires_at: string } | undefined;
  const hits = Number(row?.hits ?? 1);
  return result(limit, hits, row?.expires_at ?? null, hits > limit.max);
}

/**
 * Counts one hit for subject if the limit allows it; null then, else the (limited) counter and
 * nothing counted. The judgement is the conditional update itself (`… where hits < max`), not a
 * count read afterwards, which concurrent attempts would all see at its highest and all refuse.
 */
export async function take(db: Db, limit: Limit, siteId: string, subject: string): Promise<HitResult | null> {
  const bucket = bucketKey(limit, siteId, subject);
  // The window's counter at zero, unless it is there already.
  const fresh = await openWindow(db, limit, siteId, bucket, 0);
  await writeWithRetry(db, (db) => db('rate_limits').insert(fresh).onConflict('bucket').ignore());
  const counted = await writeWithRetry(db, (db) =>
    db('rate_limits')
      .where({ bucket })
      .andWhere('hits', '<', limit.max)
      .update({ hits: db.raw('?? + 1', ['hits']) }),
  );
  if (counted > 0) return null;
  const row = (await db('rate_limits').where({ bucket }).first('hits', 'expires_at')) as
    { hits: number | string; expires_at: string } | undefined;
  return result(limit, Number(row?.hits ?? limit.max), row?.expires_at ?? null, true);
}

/** Reads the counter of subject without counting; limited when it has reached the limit. */
export async function peek(db: Db, limit: Limit, siteId: string, subject: string): Promise<HitResult> {
  const row = (await db('rate_limits')
    .where({ bucket: bucketKey(limit, siteId, subject) })
    .andWhere('expires_at', '>', dbNow())
    .first('hits', 'expires_at')) as { hits: number | string; expires_at: string } | undefined;
  const hits = Number(row?.hits ?? 0);
  return result(limit, hits, row?.expires_at ?? null, hits >= limit.max);
}

/** Forgets every hit of subject (a successful sign-in resets its email's failures). */
export async function reset(db: Db, limit: Limit, siteId: string, subject: string): Promise<void> {
  await writeWithRetry(db, (db) =>
    db('rate_limits')
      .where({ bucket: bucketKey(limit, siteId, subject) })
      .delete(),
  );
}

/** Takes back one hit (a registration taken but then refused because the hashing queue was full). */
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
