// The login redirect target `next`: only same-origin paths of the contract's exact shapes are kept;
// anything else (absolute or protocol-relative URLs, backslashes, schemes, control characters,
// percent-encoded tricks, query strings, other paths) falls back to /profile.

export const DEFAULT_NEXT = '/profile';

const ID = '[0-9A-Fa-f][0-9A-Fa-f-]{0,63}';
const SLUG = '[A-Za-z0-9][A-Za-z0-9._-]{0,189}';

const ALLOWED: RegExp[] = [
  /^\/profile$/,
  /^\/products$/,
  new RegExp(`^/products/${SLUG}$`),
  /^\/cart$/,
  /^\/checkout$/,
  /^\/my-orders$/,
  new RegExp(`^/my-orders/${ID}$`),
  new RegExp(`^/my-orders/${ID}/tracking$`),
];

/** True when value is exactly one of the allowed relative paths (no decoding is applied). */
export function isAllowedNext(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 256) return false;
  // Only "/" followed by a path character: never "//host", "/\host" or a scheme.
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return false;
  return ALLOWED.some((pattern) => pattern.test(value));
}

/** The redirect target for a login: value when allowed, else /profile. */
export function safeNext(value: unknown): string {
  return isAllowedNext(value) ? value : DEFAULT_NEXT;
}
