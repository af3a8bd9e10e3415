// Password hashing with bcryptjs on worker threads. The cost, the threads and the queue bound are the
// Config's (runtime/accounts/password-settings.ts); without a Config, the environment's, read leniently.
import { DEFAULT_BCRYPT_COST } from '../config.js';
import { passwordQueueLength } from '../metrics.js';
import { PasswordPool, type Admission } from './password-pool.js';
import { configuredPasswordHashing } from './password-settings.js';

export { PasswordPoolBusyError, type Admission } from './password-pool.js';

let pool: PasswordPool | null = null;

/** The process's hashing pool (its size and queue bound are read by tests and the bench). */
export function sharedPool(): PasswordPool {
  const settings = configuredPasswordHashing();
  if (pool && settings && (pool.size !== settings.hashThreads || pool.maxQueue !== settings.hashQueue)) {
    // Configured after hashing began, with other settings: the old pool finishes its jobs and ends.
    pool.closeWhenIdle();
    pool = null;
  }
  pool ??= new PasswordPool({
    size: settings?.hashThreads,
    maxQueue: settings?.hashQueue,
    onQueueLength: (waiting) => passwordQueueLength.set(waiting),
  });
  return pool;
}

/** True when the pool would take a job of this admission now. */
export function hashingHasRoom(admission: Admission): boolean {
  return sharedPool().admits(admission);
}

/** The bcrypt cost in force: the Config's, else STOREFRONT_BCRYPT_COST (4–15; else the default). */
export function bcryptCost(): number {
  const configured = configuredPasswordHashing();
  if (configured) return configured.bcryptCost;
  const raw = process.env.STOREFRONT_BCRYPT_COST;
  const n = raw ? Number(raw) : DEFAULT_BCRYPT_COST;
  return Number.isInteger(n) && n >= 4 && n <= 15 ? n : DEFAULT_BCRYPT_COST;
}

/**
 * bcrypt hash of a password (12–72 bytes are checked by the caller). A request flow passes its
 * admission and may get PasswordPoolBusyError; other callers wait for a thread however long.
 */
export function hashPassword(password: string, admission: Admission = 'wait'): Promise<string> {
  return sharedPool().hash(password, bcryptCost(), admission);
}

/** True when password matches hash (admission: as for hashPassword). */
export function verifyPassword(
  password: string,
  hash: string,
  admission: Admission = 'wait',
): Promise<boolean> {
  return sharedPool().compare(password, hash, admission);
}

/** Byte length of a password in UTF-8, which is what bcrypt's 72-byte limit counts. */
export function passwordBytes(password: string): number {
  return Buffer.byteLength(password, 'utf8');
}
