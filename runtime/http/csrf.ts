// CSRF protection, OWASP's signed double-submit pattern: a random secret in a signed HttpOnly
// cookie; a page token is the HMAC of it under a server key, masked with a fresh random pad per
// response (so no two responses carry the same bytes: BREACH); checking needs no database read.
// The HMAC of a secret is computed once and remembered; the pads come from pooled random bytes (ids.ts):
// a page costs no HMAC and no random draw of its own.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type Koa from 'koa';
import { HttpError } from '../errors.js';
import { pooledRandomBytes } from '../ids.js';
import type { AppState } from './state.js';

export const CSRF_COOKIE = 'sf_csrf';
type Ctx = Koa.ParameterizedContext<AppState>;

const MAC_BYTES = 32;

/** A fresh one-time pad (and a new visitor's secret): MAC_BYTES random bytes from the shared pool. */
const randomPad = (): Buffer => pooledRandomBytes(MAC_BYTES);

function xor(a: Buffer, b: Buffer): Buffer {
  const out = Buffer.allocUnsafe(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i] ^ b[i];
  return out;
}

/** HMACs of recent secrets under the signing key; bounded, the oldest entry leaves first. */
const MAC_CACHE_SIZE = 10_000;

/** Signs and checks CSRF tokens with the server keys (the first signs, every key verifies). */
export class Csrf {
  private macs = new Map<string, Buffer>();

  constructor(private readonly keys: string[]) {}

  private mac(key: string, secret: string): Buffer {
    return createHmac('sha256', key).update(`csrf.${secret}`).digest();
  }

  /** The signing key's HMAC of a secret, computed once per secret while it stays in the cache. */
  private signingMac(secret: string): Buffer {
    let mac = this.macs.get(secret);
    if (!mac) {
      mac = this.mac(this.keys[0], secret);
      if (this.macs.size >= MAC_CACHE_SIZE) this.macs.delete(this.macs.keys().next().value!);
      this.macs.set(secret, mac);
    }
    return mac;
  }

  /** Tokens of the previous format (salt.HMAC(secret.salt)), still on pages rendered before an upgrade. */
  private legacyMac(key: string, secret: string, salt: string): Buffer {
    return createHmac('sha256', key).update(`${secret}.${salt}`).digest();
  }

  private cookieOptions() {
    return {
      httpOnly: true,
      sameSite: 'lax' as const,
      // no `secure`: the cookie is Secure exactly when the request came over HTTPS (ctx.secure)
      signed: true,
      overwrite: true,
      path: '/',
    };
  }

  private readSecret(ctx: Ctx): string | null {
    const value = ctx.cookies.get(CSRF_COOKIE, { signed: true });
    return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
  }

  /** The token to render into this response, setting the secret cookie the first time. */
  token(ctx: Ctx): string {
    let secret = ctx.state.csrfSecret ?? this.readSecret(ctx);
    if (!secret) secret = this.rotate(ctx, false);
    ctx.state.csrfSecret = secret;
    const pad = randomPad();
    return `${pad.toString('base64url')}.${xor(pad, this.signingMac(secret)).toString('base64url')}`;
  }

  /** Replaces the secret (login, logout); returns the new one. Old tokens stop working. */
  rotate(ctx: Ctx, returnToken = true): string {
    // From the same pool as the pads: a new visitor's first page costs no random draw of its own.
    const secret = randomPad().toString('base64url');
    ctx.cookies.set(CSRF_COOKIE, secret, this.cookieOptions());
    ctx.state.csrfSecret = secret;
    return returnToken ? this.token(ctx) : secret;
  }

  /** True when the request's token matches its secret cookie. No secret or no token: false. */
  verify(ctx: Ctx, token: unknown): boolean {
    const secret = this.readSecret(ctx);
    if (!secret || typeof token !== 'string' || token.length > 200) return false;
    const [salt, mac, extra] = token.split('.');
    if (!salt || !mac || extra !== undefined) return false;
    const given = Buffer.from(mac, 'base64url');
    const pad = Buffer.from(salt, 'base64url');
    if (given.length !== MAC_BYTES) return false;
    if (pad.length === MAC_BYTES) {
      const unmasked = xor(pad, given);
      // the signing key's HMAC is the remembered one; older keys (rotation) are computed
      return this.keys.some((key, i) =>
        timingSafeEqual(unmasked, i === 0 ? this.signingMac(secret) : this.mac(key, secret)),
      );
    }
    return this.keys.some((key) => timingSafeEqual(given, this.legacyMac(key, secret, salt)));
  }

  /** Middleware: every state-changing request must carry a valid X-CSRF-Token header or _token field. */
  guard(): Koa.Middleware<AppState> {
    return async (ctx, next) => {
      if (['GET', 'HEAD', 'OPTIONS'].includes(ctx.method)) return next();
      const body = (ctx.request as { body?: Record<string, unknown> }).body;
      const token = ctx.get('x-csrf-token') || (body && typeof body === 'object' ? body._token : undefined);
      if (!this.verify(ctx, token)) throw new HttpError('csrf_rejected');
      return next();
    };
  }
}
