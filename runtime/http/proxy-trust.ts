// What a request may say about itself through reverse proxies. With `hops` proxies in front, only
// the right-most `hops` entries of X-Forwarded-For / X-Forwarded-Proto were written by them; what
// stands further left came from the client and is never believed.
import type Koa from 'koa';

function headerList(value: string): string[] {
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** The entry the outermost trusted proxy wrote, counted from the right (the first one if fewer). */
export function trustedEntry(header: string, hops: number): string | null {
  const list = headerList(header);
  if (list.length === 0 || hops < 1) return null;
  return list[Math.max(0, list.length - hops)]!;
}

/**
 * Makes ctx.ip, ctx.protocol, ctx.secure and ctx.host trust exactly `hops` proxies (0 = none).
 * The site comes from the Host header alone: X-Forwarded-Host is ignored, because an appending
 * proxy passes a client-written one through and the site decides whose cookies and data answer.
 */
export function applyProxyTrust(app: Koa<never> | Koa, hops: number): void {
  app.proxy = hops > 0;
  app.maxIpsCount = hops; // Koa keeps the right-most `hops` entries; ctx.ip is the left-most of those
  Object.defineProperties(app.request, {
    protocol: {
      get(this: Koa.Request): string {
        if ((this.socket as { encrypted?: boolean }).encrypted) return 'https';
        const proto = hops > 0 ? trustedEntry(this.get('X-Forwarded-Proto'), hops) : null;
        return proto?.toLowerCase() === 'https' ? 'https' : 'http';
      },
    },
    host: {
      get(this: Koa.Request): string {
        let host = this.req.httpVersionMajor >= 2 ? this.get(':authority') : '';
        if (!host) host = this.get('Host');
        host = (host.split(',')[0] ?? '').trim();
        if (!host || host.includes('@')) return '';
        return host;
      },
    },
  });
}
