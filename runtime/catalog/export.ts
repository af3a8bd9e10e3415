// `storefront catalog export`: a site's live (not archived) catalog as CSV (one row per variant,
// the importer's columns) or JSON (the fixtures' catalog shape plus `position` and `stock`).
// Importing the file back gives the same catalog and, into the same site, changes nothing.
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../db.js';
import { minorDigits } from '../money.js';
import { CSV_COLUMNS } from './import/validate.js';
import type { CatalogProduct } from './import/types.js';

export type ExportFormat = 'csv' | 'json';

/** The site's live products in listing order, with their variants in display order. */
export async function readCatalog(db: Db, siteId: string): Promise<CatalogProduct[]> {
  const products = (await db('products')
    .where({ site_id: siteId })
    .whereNull('archived_at')
    .orderBy([{ column: 'position' }, { column: 'id' }])
    .select('id', 'slug', 'name', 'description', 'category', 'position')) as Array<
    Omit<CatalogProduct, 'variants'> & { id: string }
  >;
  const variants = (await db('variants')
    .join('products', 'products.id', 'variants.product_id')
    .where({ 'variants.site_id': siteId })
    .whereNull('products.archived_at')
    .orderBy([{ column: 'variants.product_id' }, { column: 'variants.position' }, { column: 'variants.id' }])
    .select(
      'variants.product_id',
      'variants.sku',
      'variants.name',
      'variants.price_minor',
      'variants.currency',
      'variants.available',
      'variants.stock',
    )) as Array<{
    product_id: string;
    sku: string;
    name: string;
    price_minor: number | string;
    currency: string;
    available: boolean | number;
    stock: number | null;
  }>;
  const byProduct = new Map<string, CatalogProduct['variants']>();
  for (const v of variants) {
    const list = byProduct.get(v.product_id) ?? [];
    list.push({
      sku: v.sku,
      name: v.name,
      price: Number(v.price_minor),
      currency: v.currency,
      available: Boolean(v.available),
      stock: v.stock === null ? null : Number(v.stock),
    });
    byProduct.set(v.product_id, list);
  }
  return products.map((p) => ({
    slug: p.slug,
    name: p.name,
    description: p.description,
    category: p.category,
    position: Number(p.position),
    variants: byProduct.get(p.id) ?? [],
  }));
}

/** Minor units → the decimal the CSV carries: 1090 EUR → "10.90", 500 JPY → "500". */
export function formatPrice(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  if (digits === 0) return String(minor);
  const s = String(minor).padStart(digits + 1, '0');
  return `${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

/** CSV text: the header and one row per variant; product fields repeated on every row. */
export function catalogToCsv(products: CatalogProduct[]): string {
  const rows: string[][] = [];
  for (const p of products)
    for (const v of p.variants) {
      const cell: Record<(typeof CSV_COLUMNS)[number], string> = {
        slug: p.slug,
        name: p.name,
        description: p.description,
        category: p.category,
        sku: v.sku,
        variant_name: v.name,
        price: formatPrice(v.price, v.currency),
        currency: v.currency,
        inventory: v.stock === null ? '' : String(v.stock),
        available: v.available ? 'true' : 'false',
        image: '',
        image_alt: '',
        position: String(p.position),
      };
      rows.push(CSV_COLUMNS.map((c) => cell[c]));
    }
  return stringify([[...CSV_COLUMNS], ...rows]);
}

/** JSON text in the fixtures' catalog shape (`stock` only where tracked). */
export function catalogToJson(products: CatalogProduct[]): string {
  const out = products.map((p) => ({
    slug: p.slug,
    name: p.name,
    description: p.description,
    category: p.category,
    position: p.position,
    variants: p.variants.map((v) => ({
      sku: v.sku,
      name: v.name,
      price: v.price,
      currency: v.currency,
      available: v.available,
      ...(v.stock === null ? {} : { stock: v.stock }),
    })),
  }));
  return `${JSON.stringify({ products: out }, null, 2)}\n`;
}

/** The site's catalog as file text in the format. */
export async function exportCatalog(db: Db, siteId: string, format: ExportFormat): Promise<string> {
  const products = await readCatalog(db, siteId);
  return format === 'json' ? catalogToJson(products) : catalogToCsv(products);
}
