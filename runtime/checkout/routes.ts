// The checkout endpoints under /_post (guest allowed): checkout/quote and checkout/place-order.
// JSON in and out; neither creates a session (a visitor without one has an empty cart: 422).
import type Router from '@koa/router';
import type { AppDeps } from '../deps.js';
import type { AppState } from '../http/state.js';
import { bodyOf } from '../http/body.js';
import { existingSessionId } from '../http/session.js';
import { sessionAccount, sessionOf } from '../http/session.js';
import { placeOrder, quote } from './service.js';

/** Registers the checkout routes on the /_post router. */
export function registerCheckoutRoutes(router: Router<AppState>, deps: AppDeps): void {
  router.post('/checkout/quote', async (ctx) => {
    ctx.body = await quote(deps.db, ctx.state.site, existingSessionId(ctx), bodyOf(ctx), deps.keys);
  });

  router.post('/checkout/place-order', async (ctx) => {
    const sessionId = existingSessionId(ctx);
    const result = await placeOrder(
      deps.db,
      ctx.state.site,
      { sessionId, account: sessionId ? sessionAccount(ctx) : null },
      bodyOf(ctx),
      deps.keys,
    );
    if (result.replayed) ctx.set('Idempotent-Replayed', 'true');
    // Kept in the (server-side) session so the confirmation shows again after a reload; a link
    // cannot make another visitor's checkout page claim an order.
    const session = sessionOf(ctx);
    if (result.status === 201 && sessionId && session) session.placedOrder = result.body.Number;
    ctx.status = result.status;
    ctx.body = result.body;
  });
}
