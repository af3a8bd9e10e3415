// Serves product images at their content-addressed URLs (/media/<sha256>/<width>.<ext>) with
// year-long immutable caching; anything else under /media/ is a plain 404. Per site: the hash is
// looked up among the originals of the site the Host names.
import type Koa from 'koa';
import { MEDIA_PREFIX, parseMediaPath } from '../media-urls.js';
import type { MediaService } from '../media/service.js';
import type { AppState } from './state.js';

function notFound(ctx: Koa.Context): void {
  ctx.status = 404;
  ctx.type = 'text/plain; charset=utf-8';
  ctx.body = 'Not found';
}

/** GET/HEAD /media/…: the derivative, made on first request; mounted after the site resolver. */
export function mediaRoutes(media: MediaService): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    if (!ctx.path.startsWith(MEDIA_PREFIX)) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      return;
    }
    const wanted = parseMediaPath(ctx.path);
    if (!wanted) return notFound(ctx);
    const found = await media.derivative(ctx.state.site.id, wanted.hash, wanted.width, wanted.format);
    if (!found) return notFound(ctx);
    // The URL names the bytes for ever: a client that has them needs no new copy.
    const etag = `"${wanted.hash.slice(0, 32)}-${wanted.width}-${wanted.format}"`;
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('ETag', etag);
    if (ctx.get('if-none-match') === etag) {
      ctx.status = 304;
      return;
    }
    ctx.type = found.type;
    ctx.body = found.bytes;
  };
}
