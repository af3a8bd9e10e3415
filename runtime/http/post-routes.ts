// The /_post endpoints: JSON, never cached, CSRF-checked. Each domain contributes its routes.
import Router from '@koa/router';
import type { AppDeps } from '../deps.js';
import type { AppState } from './state.js';
import { HttpError } from '../errors.js';
import { registerAccountRoutes } from '../accounts/routes.js';
import { registerCartRoutes } from '../cart/routes.js';
import { registerCheckoutRoutes } from '../checkout/routes.js';

/** The router for everything under /_post. */
export function postRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/_post' });
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.vary('Cookie');
    ctx.state.private = true;
    await next();
  });
  router.use(deps.csrf.guard());
  router.all('/{*rest}', async (ctx, next) => {
    await next();
    if (ctx.status === 404 && ctx.body === undefined) throw new HttpError('not_found', 'No such endpoint.');
  });
  registerAccountRoutes(router, deps);
  registerCartRoutes(router, deps);
  registerCheckoutRoutes(router, deps);
  return router;
}
