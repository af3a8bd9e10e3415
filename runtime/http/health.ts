// /healthz: the process is up. /readyz: the database answers (503 otherwise). No site, no session.
import type Koa from 'koa';
import type { Db } from '../db.js';

/** /readyz answers within this, even when the pool has no free connection to give. */
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
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        // The probe's own deadline (shorter than --db-timeout-ms when that is longer): a probe that
        // gets no answer destroys its connection (runtime/db-deadline.ts) instead of leaving it
        // stuck in the pool. The race bounds the wait for a connection as well.
        db.raw('select 1').timeout(READY_TIMEOUT_MS),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
          timer.unref();
        }),
      ]);
      ctx.body = { status: 'ready' };
    } catch {
      ctx.status = 503;
      ctx.body = { error: { code: 'service_unavailable', message: 'The database is not reachable.' } };
    } finally {
      clearTimeout(timer);
    }
  };
}
