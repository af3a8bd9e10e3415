// Catalog queries. A listing costs three queries (page, count, variants of the page) whatever its size
// and however deep the page: the page and the count are index seeks on products.listing_rank.
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
 * `count`, when the caller has it (a cached liveProductCount), else read alongside the page.
 */
export async function pageOfProducts(
  db: Db,
  siteId: string,
  limit: number,
  offset: number,
  count?: Promise<number>,
): Promise<{ rows: ProductRow[]; total: number }> {
  // A range of the unique index (site_id, listing_rank), whose ranks are 1..n in catalog order
  // (listing-rank.ts): a deep page reads its rows only, where an OFFSET would step over every
  // entry before them. The archived_at test costs nothing (the rows are read anyway) and keeps an
  // archived product out even if a writer forgot to renumber.
  const [rows, total] = await Promise.all([
    db('products')
      .where({ site_id: siteId })
      .whereBetween('listing_rank', [offset + 1, offset + limit])
      .whereNull('archived_at')
      .orderBy('listing_rank')
      .select(PRODUCT_COLUMNS),
    count ?? liveProductCount(db, siteId),
  ]);
  return { rows: rows as ProductRow[], total };
}

/**
 * The number of live (not archived) products of a site: their largest listing rank, since the
 * ranks are 1..n (listing-rank.ts), so one seek at the end of (site_id, listing_rank) and not a
 * count that grows with the catalog.
 */
export async function liveProductCount(db: Db, siteId: string): Promise<number> {
  const row = await db('products').where({ site_id: siteId }).max({ n: 'listing_rank' }).first();
  return Number((row as { n: number | string | null } | undefined)?.n ?? 0);
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

/**
 * Slug and last change of the live (not archived) products ranked `from`…`to` in a site's listing
 * (1-based, inclusive), in that order: one part of the sitemap, an index range like a listing page.
 */
export async function productSlugsForSitemap(
  db: Db,
  siteId: string,
  from: number,
  to: number,
): Promise<Array<{ slug: string; updated_at: string | Date | null }>> {
  if (to < from) return [];
  return (await db('products')
    .where({ site_id: siteId })
    .whereBetween('listing_rank', [from, to])
    .whereNull('archived_at')
    .orderBy('listing_rank')
    .select(['slug', 'updated_at'])) as Array<{ slug: string; updated_at: string | Date | null }>;
}
