// The `sessions` table: one row per browser session of a site. Only this module writes it; the
// koa-session store (runtime/http/session.ts) and account blocking go through these functions.
import type { Db } from '../db.js';
import { writeWithRetry } from '../db-retry.js';
import { dbNow } from '../time.js';

/** The stored data of a live session of a site, or undefined. */
export async function findSessionData(db: Db, siteId: string, id: string): Promise<string | undefined> {
  const row = (await db('sessions')
    .where({ id, site_id: siteId })
    .andWhere('expires_at', '>', dbNow())
    .first('data')) as { data: string } | undefined;
  return row?.data;
}

/** Writes a session whole (an upsert: replaying it after a write conflict is harmless). */
export async function saveSession(
  db: Db,
  row: { id: string; siteId: string; data: string; accountId: string | null; expiresAt: string },
): Promise<void> {
  const now = dbNow();
  await writeWithRetry(db, (db) =>
    db('sessions')
      .insert({
        id: row.id,
        site_id: row.siteId,
        data: row.data,
        account_id: row.accountId,
        expires_at: row.expiresAt,
        created_at: now,
        updated_at: now,
      })
      .onConflict('id')
      .merge(['data', 'account_id', 'expires_at', 'updated_at']),
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
