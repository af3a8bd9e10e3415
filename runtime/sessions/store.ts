// The `sessions` table: one row per browser session of a site. Only this module writes it; the
// koa-session store (runtime/http/session.ts) and account blocking go through these functions.
import type { Db } from '../db.js';
import { writeWithRetry } from '../db-retry.js';
import { dbNow } from '../time.js';
import { engineOf } from '../db-engine.js';
import { changedRows, selectRows } from '../db-raw.js';

/** The stored data of a live session of a site, or undefined. */
export async function findSessionData(db: Db, siteId: string, id: string): Promise<string | undefined> {
  // Raw SQL (db-raw.ts): every request with a session cookie reads it.
  const rows = await selectRows<{ data: string }>(
    db,
    'select `data` from `sessions` where `id` = ? and `site_id` = ? and `expires_at` > ? limit 1',
    [id, siteId, dbNow()],
  );
  return rows[0]?.data;
}

/** Writes a session whole (an upsert: replaying it after a write conflict is harmless). */
export async function saveSession(
  db: Db,
  row: { id: string; siteId: string; data: string; accountId: string | null; expiresAt: string },
): Promise<void> {
  const now = dbNow();
  // Raw SQL (db-raw.ts), the upsert spelled per engine as knex's onConflict('id').merge(…) spells it.
  const upsert =
    engineOf(db) === 'mysql'
      ? 'on duplicate key update `data` = values(`data`), `account_id` = values(`account_id`), ' +
        '`expires_at` = values(`expires_at`), `updated_at` = values(`updated_at`)'
      : 'on conflict (`id`) do update set `data` = excluded.`data`, `account_id` = excluded.`account_id`, ' +
        '`expires_at` = excluded.`expires_at`, `updated_at` = excluded.`updated_at`';
  await writeWithRetry(db, (db) =>
    changedRows(
      db,
      'insert into `sessions` (`id`, `site_id`, `data`, `account_id`, `expires_at`, `created_at`, `updated_at`) ' +
        `values (?, ?, ?, ?, ?, ?, ?) ${upsert}`,
      [row.id, row.siteId, row.data, row.accountId, row.expiresAt, now, now],
    ),
  );
}

/** Deletes one session now (logout, a rotated id); siteId narrows it when known. */
export async function deleteSession(db: Db, id: string, siteId?: string): Promise<void> {
  await writeWithRetry(db, (db) =>
    db('sessions')
      .where({ id, ...(siteId ? { site_id: siteId } : {}) })
      .delete(),
  );
}

/** A subquery of the ids of an account's sessions (for the carts that belong to them). */
export function sessionIdsOfAccount(db: Db, siteId: string, accountId: string) {
  return db('sessions').select('id').where({ account_id: accountId, site_id: siteId });
}

/** Deletes every session of an account (blocking signs it out everywhere). Run inside the caller's transaction. */
export async function deleteSessionsOfAccount(db: Db, siteId: string, accountId: string): Promise<void> {
  await writeWithRetry(db, (db) => db('sessions').where({ account_id: accountId, site_id: siteId }).delete());
}
