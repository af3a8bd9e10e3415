// Counts every request by route pattern, method and status, and times it (runtime/metrics.ts).
import type Koa from 'koa';
import { httpDuration, httpRequests } from '../metrics.js';
import type { AppState } from './state.js';

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']);

/** The route pattern of an answered request; label values stay few whatever paths clients send. */
export function routeLabel(ctx: Koa.ParameterizedContext<AppState>): string {
  if (ctx.path === '/healthz' || ctx.path === '/readyz') return ctx.path;
  if (ctx.path.startsWith('/assets/')) return '/assets/*';
  if (ctx.state.route) return ctx.state.route;
  const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
  if (typeof matched === 'string' && !matched.includes('*')) return matched;
  return ctx.path.startsWith('/_post/') ? '/_post/*' : 'unmatched';
}

/** Middleware recording storefront_http_requests_total and the duration histogram. */
export function requestMetrics(): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    const stop = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const method = KNOWN_METHODS.has(ctx.method) ? ctx.method : 'other';
      const route = routeLabel(ctx);
      httpRequests.inc({ route, method, status: String(ctx.status) });
      httpDuration.observe({ route, method }, Number(process.hrtime.bigint() - stop) / 1e9);
    }
  };
}
