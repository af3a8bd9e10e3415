// Rendered pages for visitors without a session, shared for the catalog cache's lifetime. Such a
// visitor's page depends only on the URL, the site and the catalog (auth is the guest, the cart is
// empty, there is no form or order), except for the CSRF token: pages are rendered once with a
// marker in its place, and each answer gets the visitor's own token put in. The marker is letters
// and digits only, which every helper (escaping, {{json}}, {{urlencode}}) passes through unchanged.
import { randomBytes } from 'node:crypto';
import { TtlCache } from '../catalog/cache.js';

/** Shared guest renders by key (site, origin, URL, page), each kept for `ttlMs`. */
export class GuestPages {
  private readonly marker = `sfcsrf${randomBytes(12).toString('hex')}`;
  private readonly pages: TtlCache<string>;

  constructor(ttlMs: number) {
    this.pages = new TtlCache(ttlMs, 500);
  }

  /** The page for this key with `csrfToken` in it: rendered by `render(token)` at most once per ttl. */
  async html(key: string, csrfToken: string, render: (token: string) => Promise<string>): Promise<string> {
    const shared = await this.pages.get(key, () => render(this.marker));
    return shared.includes(this.marker) ? shared.replaceAll(this.marker, csrfToken) : shared;
  }

  /** Forgets every page (tests; a catalog change that must show at once). */
  clear(): void {
    this.pages.clear();
  }
}
