// The data of the ceiling server: the catalog read ONCE from the benchmarked database through the
// app's own read functions (products.paginate page by page, products.find for every slug), so the
// ceiling renders exactly what `serve` renders, from memory.
import { findSiteByHostExact } from '../runtime/sites/store.js';
import { createDb } from '../runtime/db.js';
import {
  CatalogReader,
  DEFAULT_PAGE_SIZE,
  type ProductListing,
  type ProductObject,
} from '../runtime/catalog/service.js';

export interface CatalogSnapshot {
  siteName: string;
  siteLocale: string;
  /** Listing pages of /products (no other query parameters), by page number. */
  listings: Map<number, ProductListing>;
  products: Map<string, ProductObject>;
  pageSize: number;
}

/** Reads the default site's catalog into memory. */
export async function loadCatalogSnapshot(
  databaseUrl: string,
  pageSize = DEFAULT_PAGE_SIZE,
): Promise<CatalogSnapshot> {
  const db = createDb(databaseUrl);
  try {
    const site = await findSiteByHostExact(db, undefined);
    if (!site) throw new Error('the database has no default site');
    const catalog = new CatalogReader(db, 0);
    const listings = new Map<number, ProductListing>();
    const products = new Map<string, ProductObject>();
    for (let page = 1; ; page++) {
      const listing = await catalog.paginate(
        site.id,
        { limit: pageSize, page },
        { path: '/products', query: {} },
      );
      listings.set(page, listing);
      for (const item of listing.items) {
        const product = await catalog.find(site.id, item.slug);
        if (product) products.set(product.slug, product);
      }
      if (page >= listing.total_pages) break;
    }
    return { siteName: site.name, siteLocale: site.locale, listings, products, pageSize };
  } finally {
    await db.destroy();
  }
}
