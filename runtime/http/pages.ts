// Page routes: each contract route maps to a theme page, rendered on the server with its data
// fetched before the render. Private routes and visitor-dependent pages are never cacheable.
import type Koa from 'koa';
import type { AppDeps } from '../deps.js';
import { AbortRender } from '../theme/errors.js';
import type { DataSource, RenderRequest } from '../theme/theme.js';
import { GUEST_AUTH } from '../accounts/auth.js';
import { resolveAuth } from './visitor.js';
import { TEMPLATE_OBJECT_DECLARATIONS, TEMPLATE_OBJECTS, type PageScope } from '../template-objects.js';
import { existingSessionId, sessionOf } from './session.js';
import { markPrivate } from './cache-headers.js';
import { HttpError } from '../errors.js';
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
    origin: `${ctx.protocol}://${ctx.host}`,
    path: ctx.path,
    url: ctx.url,
    params,
    query: firstValues(ctx.query as Record<string, string | string[]>),
  };
}

const DECLARATIONS = new Map(TEMPLATE_OBJECT_DECLARATIONS.map((d) => [d.name, d]));

/** The registry's calls and objects for one render, bound to this request's site and visitor. */
function dataSource(ctx: Ctx, deps: AppDeps, request: RenderRequest, accountId: string | null): DataSource {
  const scope: PageScope = {
    siteId: ctx.state.site.id,
    request,
    accountId,
    sessionId: existingSessionId(ctx),
    db: deps.db,
    catalog: deps.catalog,
    locale: ctx.state.site.locale,
  };
  return {
    call(name, args) {
      const d = DECLARATIONS.get(name);
      if (d?.kind !== 'call') throw new Error(`no data call ${name} in the registry`);
      return d.run(scope, args);
    },
    load(name) {
      const d = DECLARATIONS.get(name);
      if (d?.kind !== 'object') throw new Error(`no loaded object ${name} in the registry`);
      return d.load(scope);
    },
  };
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
    // Private calls (own orders) answer for the signed-in account, so they need auth resolved too.
    const privateCall = needs.calls.some((c) => TEMPLATE_OBJECTS.call(c.name)?.private);
    const auth = needs.roots.has('auth') || privateCall ? await resolveAuth(ctx, deps.db) : GUEST_AUTH;
    if (options.private || needs.private) markPrivate(ctx);
    const csrfToken = needs.roots.has('csrf_token') ? deps.csrf.token(ctx) : '';
    const render = (token: string) =>
      theme.render(
        page,
        {
          request,
          auth,
          csrfToken: token,
          site: { name: ctx.state.site.name, locale: ctx.state.site.locale },
          extra: needs.roots.has('placed_order')
            ? { ...options.extra, ...placedOrderOf(ctx) }
            : options.extra,
        },
        dataSource(ctx, deps, request, auth.user?.id ?? null),
        deps.hooks.inspect,
      );
    // A visitor without a session sees what every such visitor sees (guest, empty cart), bar the token.
    const shared =
      deps.guestPages &&
      !existingSessionId(ctx) &&
      !privateCall &&
      !options.extra &&
      options.status === undefined;
    const html = shared
      ? await deps.guestPages!.html(
          `${ctx.state.site.id}\n${ctx.state.site.locale}\n${request.origin}\n${page}\n${ctx.url}`,
          csrfToken,
          render,
        )
      : await render(csrfToken);
    ctx.status = options.status ?? 200;
    ctx.type = 'text/html; charset=utf-8';
    // Sent as bytes: a string body is measured twice (by Koa, then by node) and encoded once more.
    const transform = deps.hooks.transformHtml;
    if (transform) ctx.body = Buffer.from(transform(html.toString(), ctx));
    else ctx.body = typeof html === 'string' ? Buffer.from(html) : html;
  } catch (err) {
    if (err instanceof AbortRender && page !== '404') {
      await renderPage(ctx, deps, '404', { status: err.status, private: options.private });
      return;
    }
    throw err;
  }
}

/** Middleware answering GET/HEAD for the contract's page routes, then the theme's custom pages (405 for other methods). */
export function pageRoutes(deps: AppDeps): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    const readable = ctx.method === 'GET' || ctx.method === 'HEAD';
    for (const r of PAGE_ROUTES) {
      const m = r.pattern.exec(ctx.path);
      if (!m) continue;
      ctx.state.route = r.path;
      if (!readable) {
        ctx.set('Allow', 'GET, HEAD');
        throw new HttpError('method_not_allowed');
      }
      const params: Record<string, string> = {};
      try {
        r.params.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1])));
      } catch {
        return renderPage(ctx, deps, '404', { status: 404 });
      }
      return renderPage(ctx, deps, r.page, { params, private: r.private });
    }
    // Then the theme's own pages: pages/about.hbs at /about, pages/help/index.hbs at /help.
    const custom = deps.theme().customPageAt(ctx.path);
    if (custom) {
      ctx.state.route = '/<custom page>';
      if (!readable) {
        ctx.set('Allow', 'GET, HEAD');
        throw new HttpError('method_not_allowed');
      }
      return renderPage(ctx, deps, custom);
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

/** `placed_order` for the page context: the session's last order number, when it has one. */
function placedOrderOf(ctx: Koa.ParameterizedContext<AppState>): { placed_order?: { number: string } } {
  const number = existingSessionId(ctx) ? sessionOf(ctx)?.placedOrder : undefined;
  return number ? { placed_order: { number } } : {};
}
