// Catalog queries. A listing costs three queries (page, count, variants of the page) whatever its size.
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
}

const PRODUCT_COLUMNS = ['id', 'slug', 'name', 'description', 'category'];
const VARIANT_COLUMNS = ['id', 'product_id', 'sku', 'name', 'price_minor', 'currency', 'available'];

/** One page of products of a site in catalog order, and the total count. */
export async function pageOfProducts(
  db: Db,
  siteId: string,
  limit: number,
  offset: number,
): Promise<{ rows: ProductRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db('products')
      .where({ site_id: siteId })
      .orderBy([{ column: 'position' }, { column: 'id' }])
      .limit(limit)
      .offset(offset)
      .select(PRODUCT_COLUMNS),
    db('products').where({ site_id: siteId }).count({ n: '*' }).first(),
  ]);
  return { rows: rows as ProductRow[], total: Number((count as { n: number | string } | undefined)?.n ?? 0) };
}

/** A product of a site by slug. */
export async function productBySlug(db: Db, siteId: string, slug: string): Promise<ProductRow | undefined> {
  return (await db('products').where({ site_id: siteId, slug }).first(PRODUCT_COLUMNS)) as
    ProductRow | undefined;
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
