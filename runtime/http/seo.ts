// /sitemap.xml and /robots.txt, per site (DESIGN.md, "Theme platform", SEO). URLs are absolute, built
// from the request's scheme and host (proxy-aware: see proxy-trust.ts), so every host of a site lists
// its own. The sitemap holds the public pages worth indexing: the home page, the product listing, every
// live (not archived) product and the theme's custom pages; never a private route.
import type Koa from 'koa';
import type { AppDeps } from '../deps.js';
import { productSlugsForSitemap } from '../catalog/store.js';
import { customPaths } from '../theme/page-routing.js';
import { PAGE_ROUTES } from '../theme/page-routes.js';
import { isoFromDb } from '../time.js';
import { HttpError } from '../errors.js';
import { TtlCache } from '../catalog/cache.js';
import type { AppState } from './state.js';

type Ctx = Koa.ParameterizedContext<AppState>;

/** A sitemap holds at most 50,000 URLs (sitemaps.org); further products are left out. */
export const SITEMAP_MAX_URLS = 50_000;

/** Path prefixes no crawler should fetch: the private routes, the POST endpoints, the dev server's own. */
export const ROBOTS_DISALLOW = [
  ...PAGE_ROUTES.filter((r) => r.private).map((r) => r.path.replace(/\/:.*$/, '')),
  '/_post/',
  '/__storefront/',
].filter((p, i, all) => all.indexOf(p) === i);

/** Public contract pages listed in every sitemap (products are added one by one). */
const PUBLIC_LISTED = ['/', '/products'];

const SEO_CACHE = 'public, max-age=3600';

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
}

/** scheme://host of the request, e.g. `https://shop.example.com`. */
export function requestOrigin(ctx: Ctx): string {
  return `${ctx.protocol}://${ctx.host}`;
}

async function sitemap(ctx: Ctx, deps: AppDeps): Promise<string> {
  const origin = requestOrigin(ctx);
  const entries: Array<{ path: string; lastmod?: string }> = PUBLIC_LISTED.map((path) => ({ path }));
  for (const path of [...customPaths(deps.theme().pageNames())].sort()) entries.push({ path });
  const products = await productSlugsForSitemap(
    deps.db,
    ctx.state.site.id,
    SITEMAP_MAX_URLS - entries.length,
  );
  for (const p of products)
    entries.push({
      path: `/products/${encodeURIComponent(p.slug)}`,
      lastmod: p.updated_at ? isoFromDb(p.updated_at) : undefined,
    });
  const urls = entries.map(
    (e) =>
      `  <url><loc>${escapeXml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : ''}</url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
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

/**
 * Middleware answering GET/HEAD /sitemap.xml and /robots.txt for the site of the host (405 otherwise).
 * A sitemap (up to 50,000 products, some 5 MB) is built once per site and origin for the catalog
 * cache's lifetime (never in dev), so a crawler, or anyone, asking again costs a copy, not a query.
 */
export function seoRoutes(deps: AppDeps): Koa.Middleware<AppState> {
  // Few entries: a sitemap can weigh 5 MB, and Host (hence the origin in its URLs) is the client's.
  const sitemaps = new TtlCache<Buffer>(deps.mode === 'dev' ? 0 : deps.config.catalogCacheMs, 8);
  return async (ctx, next) => {
    if (ctx.path !== '/sitemap.xml' && ctx.path !== '/robots.txt') return next();
    ctx.state.route = ctx.path;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.set('Allow', 'GET, HEAD');
      throw new HttpError('method_not_allowed');
    }
    if (ctx.path === '/sitemap.xml') {
      ctx.body = await sitemaps.get(`${ctx.state.site.id}\n${requestOrigin(ctx)}`, async () =>
        Buffer.from(await sitemap(ctx, deps)),
      );
      ctx.type = 'application/xml; charset=utf-8';
    } else {
      ctx.body = robots(ctx);
      ctx.type = 'text/plain; charset=utf-8';
    }
    ctx.set('Cache-Control', SEO_CACHE);
  };
}
