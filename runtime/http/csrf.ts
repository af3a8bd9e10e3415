// CSRF protection, OWASP's signed double-submit pattern: a random secret in a signed HttpOnly
// cookie; page tokens are random-salted HMACs of it; checking needs no database read.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type Koa from 'koa';
import { HttpError } from '../errors.js';
import type { AppState } from './state.js';

export const CSRF_COOKIE = 'sf_csrf';
type Ctx = Koa.ParameterizedContext<AppState>;

/** Signs and checks CSRF tokens with the server keys (the first signs, every key verifies). */
export class Csrf {
  constructor(private readonly keys: string[]) {}

  private mac(key: string, secret: string, salt: string): Buffer {
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
    const salt = randomBytes(12).toString('base64url');
    return `${salt}.${this.mac(this.keys[0], secret, salt).toString('base64url')}`;
  }

  /** Replaces the secret (login, logout); returns the new one. Old tokens stop working. */
  rotate(ctx: Ctx, returnToken = true): string {
    const secret = randomBytes(32).toString('base64url');
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
    let given: Buffer;
    try {
      given = Buffer.from(mac, 'base64url');
    } catch {
      return false;
    }
    return this.keys.some((key) => {
      const expected = this.mac(key, secret, salt);
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
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
