// /sitemap.xml and /robots.txt, per site (DESIGN.md, "Theme platform", SEO). URLs are absolute, built
// from the request's scheme and host (proxy-aware: see proxy-trust.ts), so every host of a site lists
// its own. The sitemap holds the public pages worth indexing: the home page, the product listing, every
// live (not archived) product and the theme's custom pages; never a private route.
import type Koa from 'koa';
import type { AppDeps } from '../deps.js';
import { customPaths } from '../theme/page-routing.js';
import { PAGE_ROUTES } from '../theme/page-routes.js';
import { HttpError } from '../errors.js';
import { TtlCache } from '../catalog/cache.js';
import { sitemapXml } from './sitemap.js';
import type { AppState } from './state.js';

type Ctx = Koa.ParameterizedContext<AppState>;

/** Path prefixes no crawler should fetch: the private routes, the POST endpoints, the dev server's own. */
export const ROBOTS_DISALLOW = [
  ...PAGE_ROUTES.filter((r) => r.private).map((r) => r.path.replace(/\/:.*$/, '')),
  '/_post/',
  '/__storefront/',
].filter((p, i, all) => all.indexOf(p) === i);

/** Public contract pages listed first in every sitemap (then the theme's custom pages and the products). */
const PUBLIC_LISTED = ['/', '/products'];

const SEO_CACHE = 'public, max-age=3600';

/** scheme://host of the request, e.g. `https://shop.example.com`. */
export function requestOrigin(ctx: Ctx): string {
  return `${ctx.protocol}://${ctx.host}`;
}

function robots(ctx: Ctx): string {
  return [
    'User-agent: *',
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${requestOrigin(ctx)}/sitemap.xml`,
    '',
  ].join('\n');
}

/** /sitemap.xml → 0, /sitemap-<n>.xml → n, anything else → null. */
function sitemapPart(path: string): number | null {
  if (path === '/sitemap.xml') return 0;
  const m = /^\/sitemap-([1-9][0-9]{0,5})\.xml$/.exec(path);
  return m ? Number(m[1]) : null;
}

/**
 * Middleware answering GET/HEAD /sitemap.xml (with /sitemap-<n>.xml when it is split: sitemap.ts) and
 * /robots.txt for the site of the host (405 otherwise). A sitemap file (up to 50,000 URLs, some 5 MB)
 * is built once per site, origin and part for the catalog cache's lifetime (never in dev), so a
 * crawler, or anyone, asking again costs a copy, not a query.
 */
export function seoRoutes(deps: AppDeps): Koa.Middleware<AppState> {
  // Few entries: a sitemap can weigh 5 MB, and Host (hence the origin in its URLs) is the client's.
  const sitemaps = new TtlCache<Buffer | null>(deps.mode === 'dev' ? 0 : deps.config.catalogCacheMs, 8);
  return async (ctx, next) => {
    const part = sitemapPart(ctx.path);
    if (part === null && ctx.path !== '/robots.txt') return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.state.route = ctx.path;
      ctx.set('Allow', 'GET, HEAD');
      throw new HttpError('method_not_allowed');
    }
    if (part !== null) {
      const origin = requestOrigin(ctx);
      const xml = await sitemaps.get(`${ctx.state.site.id}\n${origin}\n${part}`, async () => {
        const text = await sitemapXml(
          {
            db: deps.readDb, // catalog reads: the replica when there is one
            siteId: ctx.state.site.id,
            origin,
            pages: [...PUBLIC_LISTED, ...[...customPaths(deps.theme().pageNames())].sort()],
          },
          part,
        );
        return text === null ? null : Buffer.from(text);
      });
      if (!xml) return next(); // a part this sitemap does not have: the theme's 404 page
      ctx.state.route = part === 0 ? '/sitemap.xml' : '/sitemap-:n.xml';
      ctx.body = xml;
      ctx.type = 'application/xml; charset=utf-8';
    } else {
      ctx.state.route = ctx.path;
      ctx.body = robots(ctx);
      ctx.type = 'text/plain; charset=utf-8';
    }
    ctx.set('Cache-Control', SEO_CACHE);
  };
}
