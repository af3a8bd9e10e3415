// Security headers on every response; the CSP is one the starter theme satisfies (no inline code).
import type Koa from 'koa';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

/** Adds CSP, nosniff, referrer policy, and HSTS when the request came over HTTPS. */
export function securityHeaders(extraConnectSrc: string[] = []): Koa.Middleware {
  const csp = extraConnectSrc.length
    ? CONTENT_SECURITY_POLICY.replace("connect-src 'self'", `connect-src 'self' ${extraConnectSrc.join(' ')}`)
    : CONTENT_SECURITY_POLICY;
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Content-Security-Policy', csp);
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    if (ctx.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000');
    await next();
  };
}
