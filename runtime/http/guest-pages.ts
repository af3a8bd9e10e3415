// Rendered pages for visitors without a session, shared for the catalog cache's lifetime. Such a
// visitor's page depends only on the URL, the site and the catalog (auth is the guest, the cart is
// empty, there is no form or order), except for the CSRF token: pages are rendered once with a
// marker in its place, and each answer gets the visitor's own token put in. The marker is letters
// and digits only, which every helper (escaping, {{json}}, {{urlencode}}) passes through unchanged.
//
// A shared page is kept as UTF-8 bytes cut at the markers, so an answer is a copy of bytes with the
// token between them: no string is measured and encoded again per answer (for a 25 KB listing
// that was the largest cost left in the profile).
import { randomBytes } from 'node:crypto';
import { TtlCache } from '../catalog/cache.js';

/** Shared guest renders by key (site, origin, URL, page), each kept for `ttlMs`. */
export class GuestPages {
  private readonly marker = `sfcsrf${randomBytes(12).toString('hex')}`;
  private readonly pages: TtlCache<Buffer[]>;

  constructor(ttlMs: number) {
    this.pages = new TtlCache(ttlMs, 500);
  }

  /** The page for this key with `csrfToken` in it: rendered by `render(token)` at most once per ttl. */
  async html(key: string, csrfToken: string, render: (token: string) => Promise<string>): Promise<Buffer> {
    const parts = await this.pages.get(key, async () =>
      (await render(this.marker)).split(this.marker).map((part) => Buffer.from(part)),
    );
    if (parts.length === 1) return parts[0];
    const token = Buffer.from(csrfToken);
    const pieces: Buffer[] = [parts[0]];
    for (let i = 1; i < parts.length; i++) pieces.push(token, parts[i]);
    return Buffer.concat(pieces);
  }

  /** Forgets every page (tests; a catalog change that must show at once). */
  clear(): void {
    this.pages.clear();
  }
}
