// The `products` template object: products.paginate and products.find.
import type { Db } from '../db.js';
import { money, type Money } from '../money.js';
import { pageOfProducts, productBySlug, variantsOf, type ProductRow, type VariantRow } from './store.js';

export interface VariantObject {
  id: string;
  sku: string;
  name: string;
  price: Money;
  available: boolean;
}

/** A product as templates see it. */
export interface ProductObject {
  id: string;
  slug: string;
  name: string;
  description: string;
  category: string;
  url: string;
  price: Money;
  available: boolean;
  variants: VariantObject[];
}

/** A page of products with its navigation. */
export interface ProductListing {
  items: ProductObject[];
  page: number;
  per_page: number;
  total: number;
  total_pages: number;
  next_url: string | null;
  prev_url: string | null;
}

export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;
const MAX_PAGE = 100000;

function toProduct(row: ProductRow, variants: VariantRow[]): ProductObject {
  const vs = variants.map((v) => ({ id: v.id, sku: v.sku, name: v.name, price: money(v.price_minor, v.currency), available: Boolean(v.available) }));
  const cheapest = vs.reduce<VariantObject | null>((min, v) => (!min || v.price.amount < min.price.amount ? v : min), null);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    category: row.category,
    url: `/products/${encodeURIComponent(row.slug)}`,
    price: cheapest?.price ?? money(0, 'EUR'),
    available: vs.some((v) => v.available),
    variants: vs,
  };
}

/** Clamps a requested page size to 1..100 (default 12). */
export function clampLimit(limit: unknown, fallback = DEFAULT_PAGE_SIZE): number {
  const n = typeof limit === 'number' && Number.isInteger(limit) ? limit : fallback;
  return Math.min(Math.max(n, 1), MAX_PAGE_SIZE);
}

/** Clamps a requested page number to 1..100000 (default 1). */
export function clampPage(page: unknown): number {
  const n = typeof page === 'number' && Number.isInteger(page) ? page : 1;
  return Math.min(Math.max(n, 1), MAX_PAGE);
}

/** URL of another page of the current path, keeping the other query parameters. */
export function pageUrl(path: string, query: Record<string, string>, page: number): string {
  const params = new URLSearchParams({ ...query, page: String(page) });
  if (page === 1) params.delete('page');
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** products.paginate: one page of the catalog. */
export async function paginateProducts(
  db: Db,
  siteId: string,
  args: { limit?: number; page?: number },
  request: { path: string; query: Record<string, string> },
): Promise<ProductListing> {
  const perPage = clampLimit(args.limit);
  const page = clampPage(args.page);
  const { rows, total } = await pageOfProducts(db, siteId, perPage, (page - 1) * perPage);
  const variants = await variantsOf(db, siteId, rows.map((r) => r.id));
  const byProduct = new Map<string, VariantRow[]>();
  for (const v of variants) byProduct.set(v.product_id, [...(byProduct.get(v.product_id) ?? []), v]);
  const totalPages = Math.ceil(total / perPage);
  return {
    items: rows.map((r) => toProduct(r, byProduct.get(r.id) ?? [])),
    page,
    per_page: perPage,
    total,
    total_pages: totalPages,
    next_url: page < totalPages ? pageUrl(request.path, request.query, page + 1) : null,
    prev_url: page > 1 ? pageUrl(request.path, request.query, Math.min(page - 1, Math.max(totalPages, 1))) : null,
  };
}

/** products.find: one product by slug, or null. */
export async function findProduct(db: Db, siteId: string, slug: string): Promise<ProductObject | null> {
  if (!slug || slug.length > 190) return null;
  const row = await productBySlug(db, siteId, slug);
  if (!row) return null;
  return toProduct(row, await variantsOf(db, siteId, [row.id]));
}
