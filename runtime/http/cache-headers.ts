// Cache-Control rules: responses that depend on the visitor are private and never stored.
import type Koa from 'koa';
import type { AppState } from './state.js';

/** Marks a response as private: Cache-Control private, no-store and Vary: Cookie. */
export function markPrivate(ctx: Koa.ParameterizedContext<AppState>): void {
  ctx.state.private = true;
  ctx.set('Cache-Control', 'private, no-store');
  ctx.vary('Cookie');
}

/** Any response that set a cookie is private, whatever the route decided. */
export function privateWhenCookiesSet(): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    await next();
    if (ctx.response.get('Set-Cookie') && !ctx.state.private) markPrivate(ctx);
  };
}
