// Serves theme assets at their content-hashed URLs with year-long immutable caching.
import type Koa from 'koa';
import type { Theme } from '../theme/theme.js';

/** GET/HEAD /assets/…: the asset, or a plain 404 for unknown or stale URLs. */
export function assetRoutes(theme: () => Theme): Koa.Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/assets/')) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      return;
    }
    const asset = theme().assetByUrl(ctx.path);
    if (!asset) {
      ctx.status = 404;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = 'Not found';
      return;
    }
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('ETag', asset.etag);
    if (ctx.get('if-none-match') === asset.etag) {
      ctx.status = 304;
      return;
    }
    ctx.type = asset.contentType;
    ctx.body = asset.body;
  };
}
