// The CEILING: the same starter-theme templates and the same catalog data as `serve`, rendered by a
// bare Koa + Handlebars handler from memory — the project's Theme class (same layout, partials and
// helpers), no database, no session, no CSRF secret, no security headers, no request log. What
// `serve` achieves is reported as a fraction of this.
import Koa from 'koa';
import { Theme, type DataSource, type RenderRequest } from '../runtime/theme/theme.js';
import { AbortRender } from '../runtime/theme/errors.js';
import { PAGE_ROUTES } from '../runtime/theme/page-routes.js';
import { TEMPLATE_OBJECTS } from '../runtime/template-objects.js';
import { GUEST_AUTH } from '../runtime/accounts/auth.js';
import { EMPTY_CART } from '../runtime/cart/template.js';
import type { CatalogSnapshot } from './ceiling-data.js';

// A stand-in for a CSRF token of the real length (salt.mac): the page carries the same bytes.
const TOKEN = `${'s'.repeat(16)}.${'m'.repeat(43)}`;

function memorySource(data: CatalogSnapshot, request: RenderRequest): DataSource {
  return {
    async call(name, args) {
      if (name === 'products.paginate') {
        const raw =
          args.page ?? (/^\d{1,6}$/.test(request.query.page ?? '') ? Number(request.query.page) : 1);
        return data.listings.get(Number(raw)) ?? null;
      }
      if (name === 'products.find') return data.products.get(String(args.slug ?? '')) ?? null;
      return null;
    },
    async load(name) {
      return name === 'cart' ? EMPTY_CART : null;
    },
  };
}

/** The ceiling app for the catalog pages (/products, /products/:slug). */
export function createCeilingApp(themeDir: string, data: CatalogSnapshot): Koa {
  const theme = Theme.load(themeDir, TEMPLATE_OBJECTS);
  const routes = PAGE_ROUTES.filter((r) => r.page === 'products/index' || r.page === 'products/show');
  const app = new Koa();
  app.use(async (ctx) => {
    for (const r of routes) {
      const m = r.pattern.exec(ctx.path);
      if (!m) continue;
      const params: Record<string, string> = {};
      r.params.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1])));
      const query: Record<string, string> = {};
      for (const [k, v] of Object.entries(ctx.query)) if (typeof v === 'string') query[k] = v;
      const request: RenderRequest = {
        origin: `${ctx.protocol}://${ctx.host}`,
        path: ctx.path,
        url: ctx.url,
        params,
        query,
      };
      try {
        ctx.body = await theme.render(
          r.page,
          { request, auth: GUEST_AUTH, csrfToken: TOKEN, site: { name: data.siteName } },
          memorySource(data, request),
        );
        ctx.type = 'text/html; charset=utf-8';
      } catch (err) {
        if (!(err instanceof AbortRender)) throw err;
        ctx.status = err.status;
        ctx.body = 'not found';
      }
      return;
    }
    ctx.status = ctx.path === '/healthz' ? 200 : 404;
    ctx.body = ctx.status === 200 ? 'ok' : 'not found';
  });
  return app;
}
