// What middleware puts on ctx.state for the routes below it.
import type { Site } from '../sites/store.js';

export interface AppState {
  /** Request id, also sent as X-Request-Id and logged. */
  requestId: string;
  /** The website this Host belongs to. */
  site: Site;
  /** The koa-session external key once known (set by the store or by genid). */
  sessionId?: string;
  /** The CSRF secret of this response once read or rotated (runtime/http/csrf.ts). */
  csrfSecret?: string;
  /** The route pattern that answered (`/products/:slug`), for metrics: never the raw path. */
  route?: string;
  /** Set when the response depends on the visitor (cookies, auth, cart): it must not be cached. */
  private?: boolean;
}
