// Password hashing with bcryptjs on worker threads. The cost is STOREFRONT_BCRYPT_COST (4–15, default 10:
// OWASP's floor for bcrypt, and what pure-JS bcrypt can do ten times a second beside the page traffic).
import { PasswordPool } from './password-pool.js';

export const DEFAULT_BCRYPT_COST = 10;

let pool: PasswordPool | null = null;

function sharedPool(): PasswordPool {
  pool ??= new PasswordPool();
  return pool;
}

/** The bcrypt cost in force. */
export function bcryptCost(): number {
  const raw = process.env.STOREFRONT_BCRYPT_COST;
  const n = raw ? Number(raw) : DEFAULT_BCRYPT_COST;
  return Number.isInteger(n) && n >= 4 && n <= 15 ? n : DEFAULT_BCRYPT_COST;
}

/** bcrypt hash of a password (12–72 bytes are checked by the caller). */
export function hashPassword(password: string): Promise<string> {
  return sharedPool().hash(password, bcryptCost());
}

/** True when password matches hash. */
export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return sharedPool().compare(password, hash);
}

/** Byte length of a password in UTF-8, which is what bcrypt's 72-byte limit counts. */
export function passwordBytes(password: string): number {
  return Buffer.byteLength(password, 'utf8');
}
