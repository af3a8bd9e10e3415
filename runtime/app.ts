// createApp: the one Koa app of `serve` and `dev`. The middleware order below is the whole story.
import Koa from 'koa';
import type { AppDeps } from './deps.js';
import type { AppState } from './http/state.js';
import { requestLog } from './http/request-log.js';
import { requestMetrics } from './http/request-metrics.js';
import { errorHandler, plainHtmlError } from './http/error-handler.js';
import { securityHeaders } from './http/security-headers.js';
import { healthRoutes } from './http/health.js';
import { applyProxyTrust } from './http/proxy-trust.js';
import { httpsOnly } from './http/https-only.js';
import { assetRoutes } from './http/assets.js';
import { siteResolver } from './http/site.js';
import { privateWhenCookiesSet } from './http/cache-headers.js';
import { sessionMiddleware } from './http/session.js';
import { bodyParser } from './http/body.js';
import { postRoutes } from './http/post-routes.js';
import { notFoundPage, pageRoutes } from './http/pages.js';
import { seoRoutes } from './http/seo.js';
import { mediaRoutes } from './http/media.js';
import { CookieKeys } from './http/cookie-keys.js';

/** Builds the storefront app from its dependencies. */
export function createApp(
  deps: AppDeps,
  options: { log?: ((line: string) => void) | null } = {},
): Koa<AppState> {
  const app = new Koa<AppState>();
  app.keys = new CookieKeys(deps.keys) as unknown as Koa['keys']; // a keygrip that remembers proven signatures
  applyProxyTrust(app, deps.config.trustProxy);
  app.silent = true; // errors are logged by errorHandler, once, as JSON
  const posts = postRoutes(deps);

  app.use(requestLog(options.log)); // default: buffered stdout, flushed on shutdown
  app.use(requestMetrics());
  app.use(
    errorHandler(deps.hooks.renderHtmlError ?? plainHtmlError, {
      logHtmlErrors: !deps.hooks.renderHtmlError,
      htmlCsrfRejections: Boolean(deps.hooks.renderHtmlError),
    }),
  );
  app.use(securityHeaders(deps.mode === 'dev' ? ['ws:'] : []));
  app.use(healthRoutes(deps.db));
  app.use(httpsOnly(!deps.plainHttpAllowed));
  app.use(assetRoutes(deps.theme));
  app.use(siteResolver(deps.db));
  app.use(mediaRoutes(deps.media)); // /media/…: per site, no session, immutable
  app.use(seoRoutes(deps)); // /sitemap.xml, /robots.txt: per site, no session, publicly cacheable
  app.use(privateWhenCookiesSet());
  app.use(sessionMiddleware(app, deps.db));
  app.use(bodyParser());
  app.use(posts.routes());
  for (const mw of deps.hooks.middleware ?? []) app.use(mw);
  app.use(pageRoutes(deps));
  app.use(notFoundPage(deps));
  return app;
}
