// Account rules, free of HTTP: registration, credential checks with rate limits, profile changes,
// blocking. Routes add the session, CSRF and response handling around these.
import type { Db } from '../db.js';
import type { Site } from '../sites/store.js';
import { HttpError, validationError } from '../http/errors.js';
import { bcryptCost, hashPassword, passwordBytes, verifyPassword } from './password.js';
import { loginInput, normalizeEmail, profileInput, registerInput, PASSWORD_MAX_BYTES } from './validate.js';
import {
  createAccount,
  findAccountIdByEmail,
  findCredentials,
  profileOf,
  setBlocked,
  updateProfileRow,
} from './store.js';
import { hit, LOGIN_PER_EMAIL, LOGIN_PER_IP, reset, sweepExpired, unhit } from './rate-limit.js';

/** The one answer to every accepted registration, whether or not the email was free. */
export const REGISTER_MESSAGE =
  'Thank you. If this email address can be used for a new account, you can now sign in with it.';

/** An email that names no account of the site (CLI block/unblock). */
export class AccountNotFoundError extends Error {
  override name = 'AccountNotFoundError';
}

// A hash of the current cost to compare against when the email is unknown, so that an unknown
// email takes as long as a wrong password.
const dummyHashes = new Map<number, Promise<string>>();
function dummyHash(): Promise<string> {
  const cost = bcryptCost();
  let hash = dummyHashes.get(cost);
  if (!hash) {
    hash = hashPassword('storefront-timing-equalizer-password');
    dummyHashes.set(cost, hash);
  }
  return hash;
}

/**
 * Registers an account when the site accepts registrations. Always resolves to the same message
 * for a new and a taken email (a password is hashed either way; a concurrent duplicate is absorbed).
 */
export async function register(
  db: Db,
  site: Site,
  body: Record<string, unknown>,
): Promise<{ message: string }> {
  if (site.registerPolicy !== 'open') throw new HttpError('registration_closed');
  const checked = registerInput(body);
  if ('errors' in checked) throw validationError(checked.errors);
  const { email, password, display_name } = checked.input;
  const passwordHash = await hashPassword(password);
  // A taken email fails on the unique key inside the same transaction path: no early answer.
  await createAccount(db, { siteId: site.id, email, passwordHash, displayName: display_name });
  return { message: REGISTER_MESSAGE };
}

/**
 * Checks credentials for a sign-in from clientIp. Returns the account id, or throws one generic
 * invalid_credentials for an unknown email, a wrong password and a blocked account or membership;
 * rate_limited (with retryAfter) past the per-email or per-address limit.
 */
export async function authenticate(
  db: Db,
  site: Site,
  body: Record<string, unknown>,
  clientIp: string,
): Promise<string> {
  if (site.loginPolicy !== 'open') throw new HttpError('login_closed');
  const checked = loginInput(body);
  if ('errors' in checked) throw validationError(checked.errors);
  const { email, password } = checked.input;

  const [byEmail, byIp] = await Promise.all([
    hit(db, LOGIN_PER_EMAIL, site.id, email),
    hit(db, LOGIN_PER_IP, site.id, clientIp || 'unknown'),
  ]);
  if (byEmail.limited || byIp.limited) {
    const retryAfter = Math.max(byEmail.limited ? byEmail.retryAfter : 0, byIp.limited ? byIp.retryAfter : 0);
    throw new HttpError('rate_limited', undefined, { retryAfter });
  }
  if (Math.random() < 0.01) await sweepExpired(db);

  const account = await findCredentials(db, site.id, email);
  const tooLong = passwordBytes(password) > PASSWORD_MAX_BYTES; // bcrypt would ignore the rest
  const matches = await verifyPassword(password, account?.password_hash ?? (await dummyHash()));
  if (!account || tooLong || !matches || account.blocked || account.membership_status !== 'active') {
    throw new HttpError('invalid_credentials');
  }
  await Promise.all([
    reset(db, LOGIN_PER_EMAIL, site.id, email),
    unhit(db, LOGIN_PER_IP, site.id, clientIp || 'unknown'),
  ]);
  return account.id;
}

/** Changes display_name and phone of an account; every other key of body is ignored. */
export async function updateProfile(
  db: Db,
  siteId: string,
  accountId: string,
  body: Record<string, unknown>,
): Promise<{ display_name: string; phone: string }> {
  const checked = profileInput(body);
  if ('errors' in checked) throw validationError(checked.errors);
  if (!(await updateProfileRow(db, siteId, accountId, checked.input)))
    throw new HttpError('not_authenticated');
  const profile = await profileOf(db, siteId, accountId);
  if (!profile) throw new HttpError('not_authenticated');
  return { display_name: profile.display_name, phone: profile.phone };
}

async function accountIdOrThrow(db: Db, siteId: string, email: string): Promise<string> {
  const id = await findAccountIdByEmail(db, siteId, normalizeEmail(email));
  if (!id) throw new AccountNotFoundError(`no account with email ${JSON.stringify(email)} on this site`);
  return id;
}

/** Blocks an account by email and ends its sessions at once. */
export async function blockAccount(db: Db, siteId: string, email: string): Promise<string> {
  const id = await accountIdOrThrow(db, siteId, email);
  await setBlocked(db, siteId, id, true);
  return id;
}

/** Lifts a block: the account may sign in again. */
export async function unblockAccount(db: Db, siteId: string, email: string): Promise<string> {
  const id = await accountIdOrThrow(db, siteId, email);
  await setBlocked(db, siteId, id, false);
  return id;
}
