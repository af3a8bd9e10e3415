// Account queries. Every query is bound to one site: an account of one website is invisible on another.
// Lookups by email compare `email_key` (the stored email, byte for byte; see the migration
// 20261123100000): never `email`, whose MySQL collation equates look-alikes such as `demó@…`.
import type { Db } from '../db.js';
import { isUniqueViolation } from '../db-errors.js';
import { deleteCartsOfSessions } from '../cart/store.js';
import { deleteSessionsOfAccount, sessionIdsOfAccount } from '../sessions/store.js';
import { transactionWithRetry, writeWithRetry } from '../db-retry.js';
import { newId } from '../ids.js';
import { dbNow, isoFromDb } from '../time.js';

/** What login needs to decide: the hash and whether the account may sign in, read together. */
export interface AccountCredentials {
  id: string;
  password_hash: string;
  blocked: boolean;
  membership_status: string | null;
  /** Bumped by every block; a session counts only while it holds the current one. */
  session_generation: number;
}

/** One row of `storefront accounts list`. */
export interface AccountSummary {
  id: string;
  email: string;
  display_name: string;
  phone: string;
  status: 'active' | 'blocked';
  joined_at: string | null;
  blocked_at: string | null;
}

/** The login data of an account by email key (validate.ts emailKey), or null. */
export async function findCredentials(
  db: Db,
  siteId: string,
  emailKey: string,
): Promise<AccountCredentials | null> {
  const row = (await db('accounts as a')
    .leftJoin('memberships as m', function () {
      this.on('m.account_id', '=', 'a.id').andOn('m.site_id', '=', 'a.site_id');
    })
    .where({ 'a.site_id': siteId, 'a.email_key': emailKey })
    .first(
      'a.id',
      'a.password_hash',
      'a.blocked_at',
      'a.session_generation',
      'm.status as membership_status',
    )) as
    | {
        id: string;
        password_hash: string;
        blocked_at: string | null;
        session_generation: number | string;
        membership_status: string | null;
      }
    | undefined;
  if (!row) return null;
  return {
    id: row.id,
    password_hash: row.password_hash,
    blocked: row.blocked_at !== null,
    membership_status: row.membership_status,
    session_generation: Number(row.session_generation),
  };
}

/** The session generation of an account (dev personas sign in without credentials), or null. */
export async function sessionGenerationOf(db: Db, siteId: string, accountId: string): Promise<number | null> {
  const row = (await db('accounts').where({ id: accountId, site_id: siteId }).first('session_generation')) as
    { session_generation: number | string } | undefined;
  return row ? Number(row.session_generation) : null;
}

/** The account id for an email key of a site, or null. */
export async function findAccountIdByEmail(db: Db, siteId: string, emailKey: string): Promise<string | null> {
  const row = (await db('accounts').where({ site_id: siteId, email_key: emailKey }).first('id')) as
    { id: string } | undefined;
  return row?.id ?? null;
}

/**
 * Creates an account and its active membership in one transaction; email is the normalised one
 * (its key is generated from it). Returns false (and writes nothing) when the email is taken,
 * including by a concurrent registration: the unique (site_id, email_key) index decides.
 */
export async function createAccount(
  db: Db,
  input: { siteId: string; email: string; passwordHash: string; displayName: string },
): Promise<boolean> {
  const now = dbNow();
  const accountId = newId();
  try {
    // Replayed whole on a write conflict (on Galera, a concurrent registration of the same email on
    // another node may surface as a certification failure; the replay then meets the unique key).
    await transactionWithRetry(db, async (trx) => {
      await trx('accounts').insert({
        id: accountId,
        site_id: input.siteId,
        email: input.email,
        password_hash: input.passwordHash,
        display_name: input.displayName,
        phone: '',
        email_verified: false,
        blocked_at: null,
        created_at: now,
        updated_at: now,
      });
      await trx('memberships').insert({
        id: newId(),
        site_id: input.siteId,
        account_id: accountId,
        status: 'active',
        joined_at: now,
      });
    });
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** Writes display_name (and phone when given); returns false when no such account. */
export async function updateProfileRow(
  db: Db,
  siteId: string,
  accountId: string,
  change: { display_name: string; phone?: string },
): Promise<boolean> {
  const n = await writeWithRetry(db, (db) =>
    db('accounts')
      .where({ id: accountId, site_id: siteId })
      .update({
        display_name: change.display_name,
        ...(change.phone !== undefined ? { phone: change.phone } : {}),
        updated_at: dbNow(),
      }),
  );
  return n > 0;
}

/** The profile fields of an account. */
export async function profileOf(
  db: Db,
  siteId: string,
  accountId: string,
): Promise<{ display_name: string; email: string; phone: string } | null> {
  const row = (await db('accounts')
    .where({ id: accountId, site_id: siteId })
    .first('display_name', 'email', 'phone')) as
    { display_name: string; email: string; phone: string } | undefined;
  return row ?? null;
}

/** Every account of a site with its membership, by email. */
export async function listAccounts(db: Db, siteId: string): Promise<AccountSummary[]> {
  const rows = (await db('accounts as a')
    .leftJoin('memberships as m', function () {
      this.on('m.account_id', '=', 'a.id').andOn('m.site_id', '=', 'a.site_id');
    })
    .where({ 'a.site_id': siteId })
    .orderBy('a.email')
    .select(
      'a.id',
      'a.email',
      'a.display_name',
      'a.phone',
      'a.blocked_at',
      'm.status as membership_status',
      'm.joined_at',
    )) as Array<{
    id: string;
    email: string;
    display_name: string;
    phone: string;
    blocked_at: string | null;
    membership_status: string | null;
    joined_at: string | null;
  }>;
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    display_name: r.display_name,
    phone: r.phone,
    status: r.blocked_at === null && r.membership_status === 'active' ? 'active' : 'blocked',
    joined_at: r.joined_at ? isoFromDb(r.joined_at) : null,
    blocked_at: r.blocked_at ? isoFromDb(r.blocked_at) : null,
  }));
}

/**
 * Blocks or unblocks an account: blocked_at, membership status, and its sessions (with their carts)
 * deleted in the same transaction, so it is signed out at once. Blocking also bumps the session
 * generation: a login that read the account before the block writes its session after it (koa-session
 * saves at the end of the request), with the old generation, and that session never counts. Unblocking
 * deletes sessions too: no login can create one while the account is blocked, so any it finds were
 * written by such a race, and this also covers readers that do not compare generations.
 */
export async function setBlocked(db: Db, siteId: string, accountId: string, blocked: boolean): Promise<void> {
  const now = dbNow();
  // Replayed whole after a write conflict (the rolled-back bump is applied once); the bump is
  // conditional on the account not being blocked yet, so blocking twice bumps once.
  await transactionWithRetry(db, async (trx) => {
    if (blocked) {
      await trx('accounts')
        .where({ id: accountId, site_id: siteId })
        .whereNull('blocked_at')
        .update({
          blocked_at: now,
          updated_at: now,
          session_generation: trx.raw('?? + 1', ['session_generation']),
        });
    } else {
      await trx('accounts')
        .where({ id: accountId, site_id: siteId })
        .update({ blocked_at: null, updated_at: now });
    }
    await trx('memberships')
      .where({ account_id: accountId, site_id: siteId })
      .update({ status: blocked ? 'blocked' : 'active' });
    await deleteCartsOfSessions(trx, siteId, sessionIdsOfAccount(trx, siteId, accountId));
    await deleteSessionsOfAccount(trx, siteId, accountId);
  });
}
