// The quote's Fingerprint: HMAC-SHA256 (the first of the app's keys) over a canonical JSON of what
// the customer confirmed — the lines (variant, quantity, unit price), the shipping address, the
// totals and the currency. place-order recomputes it from the database; any difference is 409.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Totals } from './pricing.js';
import type { ShippingAddress } from '../orders/address.js';

/** What a fingerprint covers. */
export interface FingerprintInput {
  siteId: string;
  currency: string;
  lines: Array<{ variantId: string; quantity: number; unitPrice: number }>;
  address: ShippingAddress;
  totals: Totals;
}

/**
 * JSON with object keys sorted (recursively) and no whitespace, so equal values always give equal
 * text. Only plain JSON values are allowed; undefined object members are left out.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('canonicalJson: numbers must be finite');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v)).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  throw new TypeError(`canonicalJson: unsupported ${typeof value}`);
}

/** SHA-256 of a text, lower-case hex. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The canonical text a fingerprint signs (lines in variant id order: cart order does not matter). */
export function fingerprintPayload(input: FingerprintInput): string {
  const lines = [...input.lines]
    .sort((a, b) => (a.variantId < b.variantId ? -1 : a.variantId > b.variantId ? 1 : 0))
    .map((l) => ({ variant_id: l.variantId, quantity: l.quantity, unit_price: l.unitPrice }));
  const { subtotal, shipping, tax, discount, total } = input.totals;
  return canonicalJson({
    v: 1,
    site: input.siteId,
    currency: input.currency,
    lines,
    address: { ...input.address },
    totals: { subtotal, shipping, tax, discount, total },
  });
}

/** The fingerprint under one key: 64 lower-case hex characters. */
export function quoteFingerprint(key: string, input: FingerprintInput): string {
  return createHmac('sha256', key).update(fingerprintPayload(input), 'utf8').digest('hex');
}

/**
 * True when candidate is the fingerprint of input under any of keys (the newest signs; older
 * keys still verify quotes made before a key rotation). Constant-time per comparison.
 */
export function verifyFingerprint(
  keys: readonly string[],
  input: FingerprintInput,
  candidate: unknown,
): boolean {
  if (typeof candidate !== 'string' || !/^[0-9a-f]{64}$/.test(candidate)) return false;
  const given = Buffer.from(candidate, 'hex');
  const payload = fingerprintPayload(input);
  let ok = false;
  for (const key of keys) {
    const expected = createHmac('sha256', key).update(payload, 'utf8').digest();
    ok = timingSafeEqual(expected, given) || ok;
  }
  return ok;
}
