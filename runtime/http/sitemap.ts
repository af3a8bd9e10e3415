// The sitemap of a site (sitemaps.org). While the public pages and the live products fit in one file
// of SITEMAP_MAX_URLS URLs, /sitemap.xml is that file; past it, /sitemap.xml is an index of
// /sitemap-1.xml … /sitemap-N.xml, each at most SITEMAP_MAX_URLS URLs: the public pages first, then the
// products in listing order. A part reads only its own products, a range of the listing rank, so no
// request reads the whole catalog however large it grows.
import type { Db } from '../db.js';
import { liveProductCount, productSlugsForSitemap } from '../catalog/store.js';
import { isoFromDb } from '../time.js';

/** The most URLs one sitemap file may hold (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** What a site's sitemap is built from. */
export interface SitemapSource {
  db: Db;
  siteId: string;
  /** scheme://host the URLs start with. */
  origin: string;
  /** The public pages listed before the products (paths). */
  pages: string[];
  /** URLs per file (SITEMAP_MAX_URLS; smaller in tests). */
  maxUrls?: number;
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A urlset of the listing's items [lo, hi): the pages come first, then product ranks 1, 2, … */
async function urlset(src: SitemapSource, lo: number, hi: number): Promise<string> {
  const entries: Array<{ path: string; lastmod?: string }> = src.pages
    .slice(lo, Math.min(hi, src.pages.length))
    .map((path) => ({ path }));
  const firstRank = Math.max(1, lo - src.pages.length + 1);
  const lastRank = hi - src.pages.length;
  for (const p of await productSlugsForSitemap(src.db, src.siteId, firstRank, lastRank))
    entries.push({
      path: `/products/${encodeURIComponent(p.slug)}`,
      lastmod: p.updated_at ? isoFromDb(p.updated_at) : undefined,
    });
  const urls = entries.map(
    (e) =>
      `  <url><loc>${escapeXml(src.origin + e.path)}</loc>${e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : ''}</url>`,
  );
  return [XML_HEAD, `<urlset xmlns="${NS}">`, ...urls, '</urlset>', ''].join('\n');
}

/**
 * The XML of sitemap `part`: 0 is /sitemap.xml (the whole sitemap, or the index of the parts when it
 * is split), n ≥ 1 is /sitemap-n.xml. Null when there is no such part (a sitemap that fits in one file
 * has no numbered parts).
 */
export async function sitemapXml(src: SitemapSource, part: number): Promise<string | null> {
  const max = src.maxUrls ?? SITEMAP_MAX_URLS;
  // Ranks are 1…n, so the largest is the number of live products: one index seek.
  const items = src.pages.length + (await liveProductCount(src.db, src.siteId));
  const parts = Math.ceil(items / max);
  if (parts <= 1) return part === 0 ? urlset(src, 0, items) : null;
  if (part > parts) return null;
  if (part >= 1) return urlset(src, (part - 1) * max, part * max);
  const list = Array.from(
    { length: parts },
    (_, i) => `  <sitemap><loc>${escapeXml(`${src.origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>`,
  );
  return [XML_HEAD, `<sitemapindex xmlns="${NS}">`, ...list, '</sitemapindex>', ''].join('\n');
}
