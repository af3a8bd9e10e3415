// Password hashing with bcryptjs on worker threads. The cost is STOREFRONT_BCRYPT_COST (4–15, default 10:
// OWASP's floor for bcrypt, and what pure-JS bcrypt can do ten times a second beside the page traffic).
import { passwordQueueLength } from '../metrics.js';
import { PasswordPool, type Admission } from './password-pool.js';

export { PasswordPoolBusyError, type Admission } from './password-pool.js';

export const DEFAULT_BCRYPT_COST = 10;

let pool: PasswordPool | null = null;

/** The process's hashing pool (its size and queue bound are read by tests and the bench). */
export function sharedPool(): PasswordPool {
  pool ??= new PasswordPool({ onQueueLength: (waiting) => passwordQueueLength.set(waiting) });
  return pool;
}

/** True when the pool would take a job of this admission now. */
export function hashingHasRoom(admission: Admission): boolean {
  return sharedPool().admits(admission);
}

/** The bcrypt cost in force. */
export function bcryptCost(): number {
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
