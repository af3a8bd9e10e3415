// Catalog queries. A listing costs three queries (page, count, variants of the page) whatever its size;
// the count, which grows with the catalog, is cached per site by CatalogReader (service.ts).
import type { Db } from '../db.js';

export interface ProductRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  category: string;
}

export interface VariantRow {
  id: string;
  product_id: string;
  sku: string;
  name: string;
  price_minor: number;
  currency: string;
  available: boolean | number;
  /** Units left; null when not tracked. Templates see only `available` (false at 0), never the count. */
  stock: number | null;
  /** The variant's own image (a media hash among its product's images), or null. */
  image_hash: string | null;
}

const PRODUCT_COLUMNS = ['id', 'slug', 'name', 'description', 'category'];
const VARIANT_COLUMNS = [
  'id',
  'product_id',
  'sku',
  'name',
  'price_minor',
  'currency',
  'available',
  'stock',
  'image_hash',
];

/**
 * One page of the live (not archived) products of a site in catalog order, and the total count:
 * `count`, when the caller has it (a cached liveProductCount), else counted alongside the page.
 */
export async function pageOfProducts(
  db: Db,
  siteId: string,
  limit: number,
  offset: number,
  count?: Promise<number>,
): Promise<{ rows: ProductRow[]; total: number }> {
  // A deferred join: the page's ids come from the covering index products_listing_index (OFFSET
  // skips index entries, not rows), then only those rows are read, so a deep page costs about what
  // the first does.
  const page = db('products')
    .where({ site_id: siteId })
    .whereNull('archived_at')
    .orderBy([{ column: 'position' }, { column: 'id' }])
    .limit(limit)
    .offset(offset)
    .select('id')
    .as('page');
  const [rows, total] = await Promise.all([
    db('products as p')
      .join(page, 'p.id', 'page.id')
      .orderBy([{ column: 'p.position' }, { column: 'p.id' }])
      .select(PRODUCT_COLUMNS.map((c) => `p.${c}`)),
    count ?? liveProductCount(db, siteId),
  ]);
  return { rows: rows as ProductRow[], total };
}

/**
 * The number of live (not archived) products of a site: a scan of products_listing_index, so it
 * grows with the catalog (some 9 ms at 100,000 products on SQLite); CatalogReader caches it per site.
 */
export async function liveProductCount(db: Db, siteId: string): Promise<number> {
  const row = await db('products')
    .where({ site_id: siteId })
    .whereNull('archived_at')
    .count({ n: '*' })
    .first();
  return Number((row as { n: number | string } | undefined)?.n ?? 0);
}

/** A live (not archived) product of a site by slug. */
export async function productBySlug(db: Db, siteId: string, slug: string): Promise<ProductRow | undefined> {
  return (await db('products')
    .where({ site_id: siteId, slug })
    .whereNull('archived_at')
    .first(PRODUCT_COLUMNS)) as ProductRow | undefined;
}

/** Variants of the given products, in one query. */
export async function variantsOf(db: Db, siteId: string, productIds: string[]): Promise<VariantRow[]> {
  if (productIds.length === 0) return [];
  return (await db('variants')
    .where({ site_id: siteId })
    .whereIn('product_id', productIds)
    .orderBy([{ column: 'product_id' }, { column: 'position' }])
    .select(VARIANT_COLUMNS)) as VariantRow[];
}

/** Slug and last change of every live (not archived) product of a site, in catalog order: for the sitemap. */
export async function productSlugsForSitemap(
  db: Db,
  siteId: string,
): Promise<Array<{ slug: string; updated_at: string | Date | null }>> {
  return (await db('products')
    .where({ site_id: siteId })
    .whereNull('archived_at')
    .orderBy([{ column: 'position' }, { column: 'id' }])
    .select(['slug', 'updated_at'])) as Array<{ slug: string; updated_at: string | Date | null }>;
}
