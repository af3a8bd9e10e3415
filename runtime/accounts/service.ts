// Account rules, free of HTTP: registration, credential checks with rate limits, profile changes,
// blocking. Routes add the session, CSRF and response handling around these.
import type { Db } from '../db.js';
import type { Site } from '../sites/store.js';
import { HttpError, validationError } from '../errors.js';
import { rateLimitRefusals } from '../metrics.js';
import { UserError } from '../user-error.js';
import {
  bcryptCost,
  hashingHasRoom,
  hashPassword,
  passwordBytes,
  PasswordPoolBusyError,
  verifyPassword,
} from './password.js';
import { emailKey, loginInput, profileInput, registerInput, PASSWORD_MAX_BYTES } from './validate.js';
import {
  createAccount,
  findAccountIdByEmail,
  findCredentials,
  profileOf,
  setBlocked,
  updateProfileRow,
} from './store.js';
import {
  hit,
  LOGIN_PER_EMAIL,
  LOGIN_PER_IP,
  peek,
  registerPerIp,
  reset,
  sweepExpired,
  take,
  unhit,
  type HitResult,
  type Limit,
} from './rate-limit.js';

/** The one answer to every accepted registration, whether or not the email was free. */
export const REGISTER_MESSAGE =
  'Thank you. If this email address can be used for a new account, you can now sign in with it.';

/** An email that names no account of the site (CLI block/unblock). */
export class AccountNotFoundError extends UserError {
  override name = 'AccountNotFoundError';
}

/** A signed-in account and the session generation read with its credentials. */
export interface SignedIn {
  accountId: string;
  generation: number;
}

// A hash of the current cost to compare against when the email is unknown (or refused), so that it
// takes as long as a wrong password. A failed attempt (queue full) is not kept.
const dummyHashes = new Map<number, Promise<string>>();
function dummyHash(): Promise<string> {
  const cost = bcryptCost();
  let hash = dummyHashes.get(cost);
  if (!hash) {
    hash = hashPassword('storefront-timing-equalizer-password', 'sign-in');
    hash.catch(() => dummyHashes.delete(cost));
    dummyHashes.set(cost, hash);
  }
  return hash;
}

const busy = () => new HttpError('service_busy', undefined, { retryAfter: 1 });

/** Runs a password job of a request; a full hashing queue becomes 503 service_busy, Retry-After 1. */
async function passwordJob<T>(job: () => Promise<T>): Promise<T> {
  try {
    return await job();
  } catch (err) {
    if (err instanceof PasswordPoolBusyError) throw busy();
    throw err;
  }
}

/**
 * 503 at once when the hashing queue would refuse this job anyway: under a flood, the refusal then
 * costs no database work, which is what keeps the connection pool free for sign-ins. (The job can
 * still be refused later, if the queue fills in between.)
 */
function refuseWhenQueueFull(admission: 'sign-in' | 'register'): void {
  if (!hashingHasRoom(admission)) throw busy();
}

/** Throws 429 rate_limited when any counter is limited, with the longest Retry-After among them. */
function refuseWhenLimited(counters: Array<[Limit, HitResult | null]>): void {
  const limited = counters.filter(([, c]) => c?.limited) as Array<[Limit, HitResult]>;
  if (!limited.length) return;
  for (const [limit] of limited) rateLimitRefusals.inc({ limit: limit.name });
  const retryAfter = Math.max(...limited.map(([, c]) => c.retryAfter));
  throw new HttpError('rate_limited', undefined, { retryAfter });
}

/**
 * Registers an account when the site accepts registrations. Always resolves to the same message
 * for a new and a taken email (a password is hashed either way; a concurrent duplicate is absorbed).
 * At most registerLimit registrations are accepted per client address and hour (429 past it); a
 * full hashing queue is 503 service_busy, and that attempt does not count.
 */
export async function register(
  db: Db,
  site: Site,
  body: Record<string, unknown>,
  clientIp: string,
  registerLimit: number,
): Promise<{ message: string }> {
  if (site.registerPolicy !== 'open') throw new HttpError('registration_closed');
  const checked = registerInput(body);
  if ('errors' in checked) throw validationError(checked.errors);
  const { email, password, display_name } = checked.input;
  refuseWhenQueueFull('register');
  const limit = registerPerIp(registerLimit);
  const ip = clientIp || 'unknown';
  // An address already at its limit is refused with one read (a flood from one address would
  // otherwise queue writes on its one counter row); below it, take() counts this registration only
  // if the limit still allows it, so concurrent registrations cannot pass it together.
  refuseWhenLimited([[limit, await peek(db, limit, site.id, ip)]]);
  refuseWhenLimited([[limit, await take(db, limit, site.id, ip)]]);
  let passwordHash: string;
  try {
    passwordHash = await passwordJob(() => hashPassword(password, 'register'));
  } catch (err) {
    // Not accepted after all (the queue filled up): the counter holds accepted registrations only.
    await unhit(db, limit, site.id, ip);
    throw err;
  }
  // A taken email fails on the unique key inside the same transaction path: no early answer.
  await createAccount(db, { siteId: site.id, email, passwordHash, displayName: display_name });
  return { message: REGISTER_MESSAGE };
}

/**
 * Checks credentials for a sign-in from clientIp. Returns the account and its session generation,
 * or throws one generic invalid_credentials for an unknown or refused email, a wrong password and a
 * blocked account or membership; rate_limited (with retryAfter) past the per-email or per-address
 * limit; service_busy when the hashing queue is full.
 *
 * Failures are counted, successes are not: both counters are read before the attempt (429 once
 * either has reached its limit), a failure adds one to each, and a success clears its email's.
 * Counting only after the verdict means concurrent guesses that all passed the check are all
 * judged, so the limit can be overshot by the guesses in flight during one bcrypt round (at most
 * the hashing queue plus the threads); counting before the verdict instead would refuse the right
 * password to people signing in from several tabs or devices at once, as it did. The trade-off is
 * small: the guesses that slip through are bounded per round, and the next round is refused.
 */
export async function authenticate(
  db: Db,
  site: Site,
  body: Record<string, unknown>,
  clientIp: string,
): Promise<SignedIn> {
  if (site.loginPolicy !== 'open') throw new HttpError('login_closed');
  const checked = loginInput(body);
  if ('errors' in checked) throw validationError(checked.errors);
  // email is null for an address registration refuses (invisible characters, look-alike letters):
  // it names no account, is never looked up, and has no counter of its own.
  const { email, password } = checked.input;
  const ip = clientIp || 'unknown';
  refuseWhenQueueFull('sign-in');

  // The account is read beside the counters (one round trip fewer): a refused attempt ignores it.
  const [byIp, byEmail, account] = await Promise.all([
    peek(db, LOGIN_PER_IP, site.id, ip),
    email ? peek(db, LOGIN_PER_EMAIL, site.id, email) : null,
    email ? findCredentials(db, site.id, email) : null,
  ]);
  refuseWhenLimited([
    [LOGIN_PER_IP, byIp],
    [LOGIN_PER_EMAIL, byEmail],
  ]);
  if (Math.random() < 0.01) await sweepExpired(db);

  const tooLong = passwordBytes(password) > PASSWORD_MAX_BYTES; // bcrypt would ignore the rest
  const hash = account?.password_hash ?? (await passwordJob(dummyHash));
  const matches = await passwordJob(() => verifyPassword(password, hash, 'sign-in'));
  if (!account || tooLong || !matches || account.blocked || account.membership_status !== 'active') {
    await Promise.all([
      hit(db, LOGIN_PER_IP, site.id, ip),
      email ? hit(db, LOGIN_PER_EMAIL, site.id, email) : null,
    ]);
    throw new HttpError('invalid_credentials');
  }
  if (byEmail && byEmail.hits > 0) await reset(db, LOGIN_PER_EMAIL, site.id, email!);
  return { accountId: account.id, generation: account.session_generation };
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
  const key = emailKey(email);
  const id = key ? await findAccountIdByEmail(db, siteId, key) : null;
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
