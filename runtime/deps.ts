// What the app's routes share: configuration, databases, the theme, CSRF, and the dev hooks.
import type Koa from 'koa';
import type { CatalogReader } from './catalog/service.js';
import type { Config } from './config.js';
import type { Db } from './db.js';
import type { Csrf } from './http/csrf.js';
import type { GuestPages } from './http/guest-pages.js';
import type { MediaService } from './media/service.js';
import type { HtmlErrorRenderer } from './http/error-handler.js';
import type { AppState } from './http/state.js';
import type { ObjectInspector, Theme } from './theme/theme.js';

/** Extension points used by `storefront dev`; `serve` leaves them empty. */
export interface AppHooks {
  /** Sees every template object before a render (dev validates it against its JSON Schema). */
  inspect?: ObjectInspector;
  /** Rewrites rendered HTML (dev injects its live-reload client). */
  transformHtml?: (html: string, ctx: Koa.ParameterizedContext<AppState>) => string;
  /** Answers failed HTML requests (dev shows its error overlay). */
  renderHtmlError?: HtmlErrorRenderer;
  /** Extra middleware mounted before the page routes (dev's /__storefront/ routes). */
  middleware?: Array<Koa.Middleware<AppState>>;
}

/** Dependencies handed to every route module. */
export interface AppDeps {
  config: Config;
  mode: 'serve' | 'dev';
  /** Primary database: sessions, accounts, carts, orders. */
  db: Db;
  /** Catalog reads; the primary unless DATABASE_READ_URL names a replica. */
  readDb: Db;
  /** The `products` template object's calls, on readDb, cached briefly (never in dev). */
  catalog: CatalogReader;
  /** Pages of visitors without a session, shared for the catalog cache's lifetime (null: off, as in dev). */
  guestPages: GuestPages | null;
  /** Product images: originals on readDb, derivatives cached on this process's disk. */
  media: MediaService;
  /** The current theme (dev swaps files in it as they change). */
  theme: () => Theme;
  csrf: Csrf;
  /**
   * Plain-HTTP requests are served (dev, --allow-http, a loopback bind). Otherwise they are moved
   * to HTTPS. Cookies carry the Secure flag whenever the request came over HTTPS, either way.
   */
  plainHttpAllowed: boolean;
  /** Keys signing cookies and HMACs, newest first. */
  keys: string[];
  hooks: AppHooks;
}
