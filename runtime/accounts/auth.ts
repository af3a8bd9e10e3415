// The `auth` template object's data, loaded once per render (runtime/http/visitor.ts reads the
// session). Guest unless the session holds an account of this site that is not blocked, whose
// membership is active, and whose session generation (bumped by every block) is the one the session
// was signed in with.
import type { Db } from '../db.js';
import { isoFromDb } from '../time.js';

/** The contract's flat `auth` object. */
export interface AuthObject {
  check: boolean;
  method: 'email_password' | null;
  provider: 'local' | null;
  user: null | {
    id: string;
    display_name: string;
    email: string;
    email_verified: boolean;
    phone: string;
    membership: { id: string; status: string; joined_at: string };
  };
}

/** auth for a guest, and for renders without a request. */
export const GUEST_AUTH: AuthObject = Object.freeze({
  check: false,
  method: null,
  provider: null,
  user: null,
}) as AuthObject;

/**
 * Loads the signed-in account of this site by id; null when missing, blocked, not an active member,
 * or when generation (the session's) is not the account's. Every caller holding a session passes
 * its generation (sessionAccount).
 */
export async function loadActiveAccount(
  db: Db,
  siteId: string,
  accountId: string,
  generation: number,
): Promise<AuthObject['user']> {
  const query = db('accounts as a')
    .join('memberships as m', 'm.account_id', 'a.id')
    .where({ 'a.id': accountId, 'a.site_id': siteId, 'm.site_id': siteId, 'm.status': 'active' })
    .whereNull('a.blocked_at')
    .andWhere('a.session_generation', generation);
  const row = (await query.first(
    'a.id',
    'a.email',
    'a.display_name',
    'a.phone',
    'a.email_verified',
    'm.id as membership_id',
    'm.status',
    'm.joined_at',
  )) as
    | {
        id: string;
        email: string;
        display_name: string;
        phone: string;
        email_verified: boolean | number;
        membership_id: string;
        status: string;
        joined_at: string;
      }
    | undefined;
  if (!row) return null;
  return {
    id: row.id,
    display_name: row.display_name,
    email: row.email,
    email_verified: Boolean(row.email_verified),
    phone: row.phone,
    membership: { id: row.membership_id, status: row.status, joined_at: isoFromDb(row.joined_at) },
  };
}
