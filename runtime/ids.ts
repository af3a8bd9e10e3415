// Identifiers: random UUIDs for new rows, name-based (v5-style) UUIDs for seeded rows so that
// seeding twice yields the same ids.
import { createHash, randomBytes, randomFillSync, randomUUID } from 'node:crypto';

/** A random UUID v4. */
export function newId(): string {
  return randomUUID();
}

// Request ids: a random prefix per process and a counter. Unique like a UUID (48 random bits tell
// processes and restarts apart; the counter never repeats within one), without a random draw
// per request on the hot path.
const REQUEST_ID_PREFIX = `${randomBytes(6).toString('base64url')}-`;
let requestCounter = 0;

/** A new request id (X-Request-Id), unique across processes and restarts. */
export function newRequestId(): string {
  requestCounter++;
  return REQUEST_ID_PREFIX + requestCounter.toString(36).padStart(6, '0');
}

/** A UUID (version 5 layout, SHA-1) derived from a namespace UUID and a name. */
export function stableId(namespace: string, name: string): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(ns).update(name).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const h = hash.subarray(0, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

// Random bytes for per-request secrets (CSRF pads and secrets, session ids) are drawn 4 KiB at a
// time from the crypto RNG, as node's randomUUID does for its own: a request then costs a copy, not
// a call into OpenSSL. Bytes handed out are wiped from the pool, so each is used once.
const randomPool = Buffer.alloc(4096);
let randomPoolOffset = randomPool.length;

/** `size` (at most 4096) fresh bytes from the crypto RNG, through the pool; a copy the caller owns. */
export function pooledRandomBytes(size: number): Buffer {
  if (size > randomPool.length) throw new RangeError(`at most ${randomPool.length} pooled random bytes`);
  if (randomPoolOffset + size > randomPool.length) {
    randomFillSync(randomPool);
    randomPoolOffset = 0;
  }
  const bytes = Buffer.from(randomPool.subarray(randomPoolOffset, randomPoolOffset + size));
  randomPool.fill(0, randomPoolOffset, randomPoolOffset + size);
  randomPoolOffset += size;
  return bytes;
}

/** A human-friendly order number like SF-7KQ2M9XA (no 0/O/1/I to misread). */
export function newOrderNumber(): string {
  const bytes = randomBytes(8);
  let out = '';
  for (const b of bytes) out += ORDER_NUMBER_ALPHABET[b % ORDER_NUMBER_ALPHABET.length];
  return `SF-${out}`;
}

/** True for a canonical lower-case UUID string. */
export function isUuid(value: unknown): value is string {
  return (
    typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value)
  );
}
