// The cart endpoints under /_post: cart/get, cart/add, cart/update, cart/remove, on the visitor's
// guest session (no login, no cart id). JSON answers the cart body; a plain HTML form post answers
// 303 to /cart on success and re-renders the cart page with the error (status kept) on failure.
// Reading never creates a session; the first write does.
import type Router from '@koa/router';
import type Koa from 'koa';
import type { AppDeps } from '../deps.js';
import type { AppState } from '../http/state.js';
import { bodyOf, isFormPost } from '../http/body.js';
import { HttpError } from '../errors.js';
import { renderPage } from '../http/pages.js';
import { ensureSession, existingSessionId } from '../http/session.js';
import { addItem, readCart, removeItem, updateItem, type CartResponse } from './service.js';

type Ctx = Koa.ParameterizedContext<AppState>;

async function answer(ctx: Ctx, deps: AppDeps, run: () => Promise<CartResponse>): Promise<void> {
  const form = isFormPost(ctx);
  let cart: CartResponse;
  try {
    cart = await run();
  } catch (err) {
    if (!(err instanceof HttpError) || !form) throw err;
    await renderPage(ctx, deps, 'cart', {
      status: err.status,
      private: true,
      extra: { form: { error: err.message, code: err.code } },
    });
    return;
  }
  if (form) {
    ctx.status = 303;
    ctx.redirect('/cart');
    return;
  }
  ctx.body = cart;
}

/** Registers the cart routes on the /_post router. */
export function registerCartRoutes(router: Router<AppState>, deps: AppDeps): void {
  router.post('/cart/get', (ctx) =>
    answer(ctx, deps, () => readCart(deps.db, ctx.state.site, existingSessionId(ctx))),
  );

  router.post('/cart/add', (ctx) =>
    answer(ctx, deps, () =>
      addItem(deps.db, ctx.state.site, () => ensureSession(ctx), bodyOf(ctx), { form: isFormPost(ctx) }),
    ),
  );

  router.post('/cart/update', (ctx) =>
    answer(ctx, deps, () =>
      updateItem(deps.db, ctx.state.site, existingSessionId(ctx), bodyOf(ctx), { form: isFormPost(ctx) }),
    ),
  );

  router.post('/cart/remove', (ctx) =>
    answer(ctx, deps, () => removeItem(deps.db, ctx.state.site, existingSessionId(ctx), bodyOf(ctx))),
  );
}
