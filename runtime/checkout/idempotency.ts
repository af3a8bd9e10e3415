// Idempotency records of place-order (table idempotency_records, primary key site + key). The
// record is inserted before any work: concurrent duplicates collide on the primary key in the
// database. `order_id` is reserved at insert time and doubles as the owner token of the attempt:
// every later write names it, so an attempt that lost its record can never complete it.
// The writes outside the order transaction (insert, expiry, take-over, release) are single
// statements retried on a write conflict (writeWithRetry): the failed statement had no effect, and
// each is an insert guarded by the primary key or an update/delete conditional on the owner, so a
// replay cannot do anything twice. confirmOwner and complete run inside the order transaction,
// which is replayed as a whole (runtime/db-retry.ts).
import type { Db } from '../db.js';
import { writeWithRetry } from '../db-retry.js';
import { isUniqueViolation } from '../db-errors.js';
import { dbNow, toDbTime } from '../time.js';
import { changedRows } from '../db-raw.js';

/** Keys are kept at least this long (the IETF draft and Stripe keep them 24 hours). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface IdempotencyRecord {
  request_hash: string;
  state: 'processing' | 'completed';
  response_status: number | null;
  response_body: string | null;
  order_id: string | null;
  created_at: string;
  expires_at: string;
}

const COLUMNS = [
  'request_hash',
  'state',
  'response_status',
  'response_body',
  'order_id',
  'created_at',
  'expires_at',
];

/** Inserts a processing record; false when the key exists already (a unique violation). */
export async function insertProcessing(
  db: Db,
  siteId: string,
  key: string,
  requestHash: string,
  orderId: string,
  now = new Date(),
): Promise<boolean> {
  try {
    // Raw SQL: one of place-order's hot statements (runtime/db-raw.ts says why).
    await writeWithRetry(db, (db) =>
      changedRows(
        db,
        'insert into `idempotency_records` (`site_id`, `idempotency_key`, `request_hash`, `state`, `response_status`, ' +
          "`response_body`, `order_id`, `created_at`, `expires_at`) values (?, ?, ?, 'processing', null, null, ?, ?, ?)",
        [
          siteId,
          key,
          requestHash,
          orderId,
          toDbTime(now),
          toDbTime(new Date(now.getTime() + IDEMPOTENCY_TTL_MS)),
        ],
      ),
    );
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** The record of a key, or undefined. */
export async function findRecord(
  db: Db,
  siteId: string,
  key: string,
): Promise<IdempotencyRecord | undefined> {
  return (await db('idempotency_records').where({ site_id: siteId, idempotency_key: key }).first(COLUMNS)) as
    IdempotencyRecord | undefined;
}

/** Deletes the key's record if it has expired; returns true when it did. */
export async function deleteIfExpired(db: Db, siteId: string, key: string): Promise<boolean> {
  const n = await writeWithRetry(db, (db) =>
    db('idempotency_records')
      .where({ site_id: siteId, idempotency_key: key })
      .andWhere('expires_at', '<', dbNow())
      .delete(),
  );
  return n > 0;
}

/**
 * Takes over a processing record whose attempt went silent (its process died): only if the record
 * still names `fromOrderId`. Returns true when this attempt now owns the record as `toOrderId`.
 */
export async function takeOver(
  db: Db,
  siteId: string,
  key: string,
  fromOrderId: string | null,
  toOrderId: string,
  now = new Date(),
): Promise<boolean> {
  const n = await writeWithRetry(db, (db) =>
    db('idempotency_records')
      .where({ site_id: siteId, idempotency_key: key, state: 'processing', order_id: fromOrderId })
      .update({
        order_id: toOrderId,
        created_at: toDbTime(now),
        expires_at: toDbTime(new Date(now.getTime() + IDEMPOTENCY_TTL_MS)),
      }),
  );
  return n > 0;
}

/**
 * Confirms inside the order transaction that this attempt still owns the record, and locks it
 * (MySQL: row lock; SQLite: the write lock) for the rest of the transaction. Counts matched rows
 * (mysql2 connects with FOUND_ROWS), so an unchanged value still counts.
 */
export async function confirmOwner(trx: Db, siteId: string, key: string, orderId: string): Promise<boolean> {
  const n = await changedRows(
    trx,
    "update `idempotency_records` set `state` = 'processing' where `site_id` = ? and `idempotency_key` = ? and `state` = 'processing' and `order_id` = ?",
    [siteId, key, orderId],
  );
  return n > 0;
}

/** Marks the attempt's record completed with the response to replay; false when it was lost. */
export async function complete(
  trx: Db,
  siteId: string,
  key: string,
  orderId: string,
  status: number,
  body: unknown,
): Promise<boolean> {
  const n = await changedRows(
    trx,
    "update `idempotency_records` set `state` = 'completed', `response_status` = ?, `response_body` = ? " +
      "where `site_id` = ? and `idempotency_key` = ? and `state` = 'processing' and `order_id` = ?",
    [status, JSON.stringify(body), siteId, key, orderId],
  );
  return n > 0;
}

/** Deletes the attempt's own processing record (its order was not created), so the client may retry. */
export async function release(db: Db, siteId: string, key: string, orderId: string): Promise<void> {
  await writeWithRetry(db, (db) =>
    db('idempotency_records')
      .where({ site_id: siteId, idempotency_key: key, state: 'processing', order_id: orderId })
      .delete(),
  );
}
