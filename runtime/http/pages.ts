// Page routes: each contract route maps to a theme page, rendered on the server with its data
// fetched before the render. Private routes and visitor-dependent pages are never cacheable.
import type Koa from 'koa';
import type { AppDeps } from '../deps.js';
import { AbortRender } from '../theme/errors.js';
import type { DataSource, RenderRequest } from '../theme/theme.js';
import { GUEST_AUTH, resolveAuth } from '../accounts/auth.js';
import { findOrder, paginateOrders, trackOrder } from '../orders/template.js';
import { cartLinesForSession } from '../cart/store.js';
import { cartObject, EMPTY_CART } from '../cart/template.js';
import { existingSessionId } from './session.js';
import { markPrivate } from './cache-headers.js';
import type { AppState } from './state.js';
import { PAGE_ROUTES } from '../theme/page-routes.js';

type Ctx = Koa.ParameterizedContext<AppState>;

function firstValues(query: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    const value = Array.isArray(v) ? v[0] : v;
    if (typeof value === 'string') out[k] = value;
  }
  return out;
}

/** The request as templates see it. */
export function renderRequest(ctx: Ctx, params: Record<string, string>): RenderRequest {
  return {
    path: ctx.path,
    url: ctx.url,
    params,
    query: firstValues(ctx.query as Record<string, string | string[]>),
  };
}

/** The data calls of one render, bound to this request's site and visitor. */
function dataSource(ctx: Ctx, deps: AppDeps, request: RenderRequest, accountId: string | null): DataSource {
  const siteId = ctx.state.site.id;
  return {
    call(name, args) {
      switch (name) {
        case 'products.paginate':
          return deps.catalog.paginate(
            siteId,
            {
              limit: args.limit as number | undefined,
              page: (args.page as number | undefined) ?? queryPage(request),
            },
            request,
          );
        case 'products.find':
          return deps.catalog.find(siteId, String(args.slug ?? ''));
        case 'orders.paginate':
          return paginateOrders(
            deps.db,
            siteId,
            accountId,
            {
              limit: args.limit as number | undefined,
              page: (args.page as number | undefined) ?? queryPage(request),
            },
            request,
          );
        case 'orders.find':
          return findOrder(deps.db, siteId, accountId, String(args.id ?? ''));
        case 'orders.track':
          return trackOrder(deps.db, siteId, String(args.number ?? ''));
      }
    },
    async cart() {
      const sessionId = existingSessionId(ctx);
      return sessionId ? cartObject(await cartLinesForSession(deps.db, siteId, sessionId)) : EMPTY_CART;
    },
  };
}

function queryPage(request: RenderRequest): number | undefined {
  const raw = request.query.page;
  return raw && /^\d{1,6}$/.test(raw) ? Number(raw) : undefined;
}

/**
 * Renders a theme page into ctx. `extra` adds page-specific values (e.g. a re-rendered form's
 * errors); it can never replace auth, csrf_token or the data objects.
 */
export async function renderPage(
  ctx: Ctx,
  deps: AppDeps,
  page: string,
  options: {
    params?: Record<string, string>;
    status?: number;
    private?: boolean;
    extra?: Record<string, unknown>;
  } = {},
): Promise<void> {
  const theme = deps.theme();
  const request = renderRequest(ctx, options.params ?? {});
  try {
    const needs = theme.needs(page);
    const usesOrders = needs.calls.some((c) => c.name.startsWith('orders.'));
    const auth = needs.auth || usesOrders ? await resolveAuth(ctx, deps.db) : GUEST_AUTH;
    if (options.private || needs.auth || needs.cart || needs.csrf || usesOrders) markPrivate(ctx);
    const csrfToken = needs.csrf ? deps.csrf.token(ctx) : '';
    const html = await theme.render(
      page,
      { request, auth, csrfToken, site: { name: ctx.state.site.name }, extra: options.extra },
      dataSource(ctx, deps, request, auth.user?.id ?? null),
      deps.hooks.inspect,
    );
    ctx.status = options.status ?? 200;
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = deps.hooks.transformHtml ? deps.hooks.transformHtml(html, ctx) : html;
  } catch (err) {
    if (err instanceof AbortRender && page !== '404') {
      await renderPage(ctx, deps, '404', { status: err.status, private: options.private });
      return;
    }
    throw err;
  }
}

/** Middleware answering GET/HEAD for the page routes, extra theme pages, and 404 for the rest. */
export function pageRoutes(deps: AppDeps): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    for (const r of PAGE_ROUTES) {
      const m = r.pattern.exec(ctx.path);
      if (!m) continue;
      const params: Record<string, string> = {};
      try {
        r.params.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1])));
      } catch {
        return renderPage(ctx, deps, '404', { status: 404 });
      }
      return renderPage(ctx, deps, r.page, { params, private: r.private });
    }
    return next();
  };
}

/** Final fallback: the theme's 404 page. */
export function notFoundPage(deps: AppDeps): Koa.Middleware<AppState> {
  return async (ctx) => {
    if (ctx.path.startsWith('/_post/')) {
      ctx.status = 404;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { error: { code: 'not_found', message: 'No such endpoint.' } };
      return;
    }
    await renderPage(ctx, deps, '404', { status: 404 });
  };
}
