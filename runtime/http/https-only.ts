// Plain HTTP where only HTTPS is allowed (a public bind without --allow-http): never a 5xx. Pages
// and assets move to https:// with a 308; a POST is refused (its body would have crossed the
// network in clear text already, so it must not take effect). Health checks answer as usual.
import type Koa from 'koa';
import { HttpError } from '../errors.js';
import type { AppState } from './state.js';

// A host name or address with an optional port; anything else is not worth redirecting to.
const HOST_PATTERN = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The https:// URL of this request on the default port, or null when Host is not a plain host. */
export function httpsUrl(ctx: Koa.Context | Koa.ParameterizedContext<AppState>): string | null {
  const host = ctx.host;
  if (!HOST_PATTERN.test(host)) return null;
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!;
  return `https://${name}${ctx.originalUrl.startsWith('/') ? ctx.originalUrl : '/'}`;
}

/** Middleware enforcing HTTPS when `required`; /healthz and /readyz always pass. */
export function httpsOnly(required: boolean): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    if (!required || ctx.secure || ctx.path === '/healthz' || ctx.path === '/readyz') return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw new HttpError('https_required');
    const target = httpsUrl(ctx);
    if (!target) throw new HttpError('bad_request', 'The Host header is not a valid host name.');
    ctx.status = 308;
    ctx.redirect(target);
  };
}
