// /healthz: the process is up. /readyz: the database answers (503 otherwise). No site, no session.
import type Koa from 'koa';
import type { Db } from '../db.js';

const READY_TIMEOUT_MS = 2000;

/** Health and readiness endpoints for load balancers and orchestrators. */
export function healthRoutes(db: Db): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/healthz' && ctx.path !== '/readyz') return next();
    ctx.set('Cache-Control', 'no-store');
    if (ctx.path === '/healthz') {
      ctx.body = { status: 'ok' };
      return;
    }
    try {
      await Promise.race([
        db.raw('select 1'),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS).unref()),
      ]);
      ctx.body = { status: 'ready' };
    } catch {
      ctx.status = 503;
      ctx.body = { error: { code: 'service_unavailable', message: 'The database is not reachable.' } };
    }
  };
}
