// Personas: dev-only routes under /__storefront/personas to look at the shop as a guest or as any
// fixture account (no password), and to put the cart into useful states. The POSTs need the CSRF
// token like every other state-changing request; the GET hands it to the toolbar.
import type Koa from 'koa';
import type { AppDeps } from '../runtime/deps.js';
import type { AppState } from '../runtime/http/state.js';
import { bodyOf } from '../runtime/http/body.js';
import { HttpError } from '../runtime/errors.js';
import { markPrivate } from '../runtime/http/cache-headers.js';
import { ensureSession, existingSessionId, sessionAccount } from '../runtime/http/session.js';
import { resolveAuth, signInSession } from '../runtime/http/visitor.js';
import { sessionGenerationOf } from '../runtime/accounts/store.js';
import { newId } from '../runtime/ids.js';
import { dbNow, toDbTime } from '../runtime/time.js';
import { DEV_PREFIX } from './inject.js';

type Ctx = Koa.ParameterizedContext<AppState>;

export const PERSONAS_PATH = `${DEV_PREFIX}/personas`;

/** One fixture account as the toolbar lists it. */
export interface Persona {
  id: string;
  email: string;
  display_name: string;
  orders: number;
  blocked: boolean;
  /** 'with orders', 'no orders' or 'blocked'. */
  kind: 'with-orders' | 'no-orders' | 'blocked';
}

export const CART_STATES = ['empty', 'lines', 'unavailable'] as const;
export type CartState = (typeof CART_STATES)[number];

/** The accounts of the current site with their order counts. */
export async function listPersonas(deps: AppDeps, siteId: string): Promise<Persona[]> {
  const rows = (await deps
    .db('accounts as a')
    .leftJoin('orders as o', function () {
      this.on('o.account_id', '=', 'a.id').andOn('o.site_id', '=', 'a.site_id');
    })
    .where('a.site_id', siteId)
    .groupBy('a.id', 'a.email', 'a.display_name', 'a.blocked_at')
    .orderBy('a.email')
    .select('a.id', 'a.email', 'a.display_name', 'a.blocked_at')
    .count({ orders: 'o.id' })) as Array<{
    id: string;
    email: string;
    display_name: string;
    blocked_at: string | null;
    orders: number | string;
  }>;
  return rows.map((r) => {
    const orders = Number(r.orders);
    const blocked = r.blocked_at !== null;
    return {
      id: r.id,
      email: r.email,
      display_name: r.display_name,
      orders,
      blocked,
      kind: blocked ? 'blocked' : orders > 0 ? 'with-orders' : 'no-orders',
    };
  });
}

async function cartLineCount(deps: AppDeps, siteId: string, sessionId: string | null): Promise<number> {
  if (!sessionId) return 0;
  const row = (await deps
    .db('carts as c')
    .join('cart_lines as l', 'l.cart_id', 'c.id')
    .where({ 'c.site_id': siteId, 'c.session_id': sessionId })
    .count({ n: '*' })
    .first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/** Signs this browser in as accountId (null: guest), as a login does (runtime/http/visitor.ts). */
async function switchTo(ctx: Ctx, deps: AppDeps, accountId: string | null): Promise<string> {
  const generation = accountId ? await sessionGenerationOf(deps.db, ctx.state.site.id, accountId) : null;
  return signInSession(ctx, deps, accountId && generation !== null ? { accountId, generation } : null);
}

/** Two available variants of different products, and (for 'unavailable') one unavailable one. */
async function pickVariants(
  deps: AppDeps,
  siteId: string,
  state: CartState,
): Promise<Array<{ id: string; quantity: number }>> {
  if (state === 'empty') return [];
  const available = (await deps
    .db('variants as v')
    .join('products as p', 'p.id', 'v.product_id')
    .where({ 'v.site_id': siteId, 'v.available': true })
    .orderBy([{ column: 'p.position' }, { column: 'v.position' }])
    .limit(50)
    .select('v.id', 'v.product_id')) as Array<{ id: string; product_id: string }>;
  const picked: Array<{ id: string; quantity: number }> = [];
  const products = new Set<string>();
  for (const v of available) {
    if (products.has(v.product_id)) continue;
    products.add(v.product_id);
    picked.push({ id: v.id, quantity: picked.length + 1 });
    if (picked.length === 2) break;
  }
  if (picked.length === 0)
    throw new HttpError('bad_request', 'The fixtures have no available variant to put into the cart.');
  if (state === 'unavailable') {
    const gone = (await deps
      .db('variants as v')
      .join('products as p', 'p.id', 'v.product_id')
      .where({ 'v.site_id': siteId, 'v.available': false })
      .orderBy([{ column: 'p.position' }, { column: 'v.position' }])
      .first('v.id')) as { id: string } | undefined;
    if (!gone)
      throw new HttpError(
        'bad_request',
        'The fixtures have no unavailable variant (set "available": false on one).',
      );
    picked.splice(1, picked.length - 1, { id: gone.id, quantity: 1 });
  }
  return picked;
}

/** Replaces the lines of this browser's cart (created when missing). */
async function setCart(ctx: Ctx, deps: AppDeps, state: CartState): Promise<void> {
  const siteId = ctx.state.site.id;
  const sessionId = ensureSession(ctx);
  const lines = await pickVariants(deps, siteId, state);
  const now = dbNow();
  await deps.db.transaction(async (trx) => {
    let cart = (await trx('carts').where({ site_id: siteId, session_id: sessionId }).first('id')) as
      { id: string } | undefined;
    if (!cart) {
      cart = { id: newId() };
      await trx('carts').insert({
        id: cart.id,
        site_id: siteId,
        session_id: sessionId,
        created_at: now,
        updated_at: now,
      });
    }
    await trx('cart_lines').where({ cart_id: cart.id }).delete();
    if (lines.length) {
      await trx('cart_lines').insert(
        lines.map((l, i) => ({
          cart_id: cart.id,
          variant_id: l.id,
          site_id: siteId,
          quantity: l.quantity,
          created_at: toDbTime(new Date(Date.now() + i)),
          updated_at: now,
        })),
      );
    }
    await trx('carts').where({ id: cart.id }).update({ updated_at: now });
  });
}

/** The /__storefront/personas routes. */
export function personaRoutes(deps: () => AppDeps): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    if (ctx.path !== PERSONAS_PATH && !ctx.path.startsWith(`${PERSONAS_PATH}/`)) return next();
    const d = deps();
    markPrivate(ctx);
    const siteId = ctx.state.site.id;
    const sub = ctx.path.slice(PERSONAS_PATH.length);

    if (sub === '' || sub === '/') {
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw new HttpError('method_not_allowed');
      const auth = await resolveAuth(ctx, d.db);
      const signedIn = sessionAccount(ctx)?.accountId ?? null;
      const personas = await listPersonas(d, siteId);
      const signedAs = personas.find((p) => p.id === signedIn) ?? null;
      ctx.body = {
        current: auth.check
          ? { persona: auth.user!.email, display_name: auth.user!.display_name }
          : { persona: 'guest', display_name: null, session_account: signedAs?.email ?? null },
        auth,
        personas,
        cart: { lines: await cartLineCount(d, siteId, existingSessionId(ctx)), states: CART_STATES },
        csrf_token: d.csrf.token(ctx),
      };
      return;
    }

    if (ctx.method !== 'POST') throw new HttpError('method_not_allowed');
    await d.csrf.guard()(ctx, async () => {});
    const body = bodyOf(ctx);

    if (sub === '/switch') {
      const persona = typeof body.persona === 'string' ? body.persona.trim().toLowerCase() : '';
      if (!persona)
        throw new HttpError('bad_request', 'persona is required: "guest" or the email of a fixture account');
      let accountId: string | null = null;
      if (persona !== 'guest') {
        const found = (await listPersonas(d, siteId)).find((p) => p.email === persona);
        if (!found)
          throw new HttpError('not_found', `No fixture account with email ${JSON.stringify(persona)}.`);
        accountId = found.id;
      }
      const csrfToken = await switchTo(ctx, d, accountId);
      ctx.body = { ok: true, persona, csrf_token: csrfToken };
      return;
    }

    if (sub === '/cart') {
      const state = body.state;
      if (typeof state !== 'string' || !(CART_STATES as readonly string[]).includes(state)) {
        throw new HttpError('bad_request', `state must be one of ${CART_STATES.join(', ')}`);
      }
      await setCart(ctx, d, state as CartState);
      ctx.body = { ok: true, state, lines: await cartLineCount(d, siteId, ctx.state.sessionId ?? null) };
      return;
    }

    throw new HttpError('not_found', 'No such dev route.');
  };
}
