// `storefront catalog export`: a site's live (not archived) catalog as CSV (one row per variant,
// the importer's columns) or JSON (the fixtures' catalog shape plus `position` and `stock`).
// Importing the file back gives the same catalog and, into the same site, changes nothing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../db.js';
import { readOriginal } from '../media/store.js';
import { minorDigits } from '../money.js';
import { galleriesOf } from './images.js';
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
      'variants.image_hash',
    )) as Array<{
    product_id: string;
    sku: string;
    name: string;
    price_minor: number | string;
    currency: string;
    available: boolean | number;
    stock: number | null;
    image_hash: string | null;
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
      image: v.image_hash ? imageSrc(v.image_hash) : null,
    });
    byProduct.set(v.product_id, list);
  }
  const galleries = await galleriesOf(db, siteId);
  return products.map((p) => ({
    slug: p.slug,
    name: p.name,
    description: p.description,
    category: p.category,
    position: Number(p.position),
    variants: byProduct.get(p.id) ?? [],
    images: (galleries.get(p.id) ?? []).map((img) => ({ src: imageSrc(img.hash), alt: img.alt })),
  }));
}

/** Where an export puts an original, relative to the catalog file: images/<sha256> (no extension:
 * the importer reads the format from the bytes, and the name must not change with it). */
function imageSrc(hash: string): string {
  return `images/${hash}`;
}

/** Writes every original the catalog refers to into `dir`/images/, once each. */
export async function writeExportImages(
  db: Db,
  siteId: string,
  products: CatalogProduct[],
  dir: string,
): Promise<number> {
  const srcs = new Set(products.flatMap((p) => p.images.map((img) => img.src)));
  if (srcs.size === 0) return 0;
  mkdirSync(join(dir, 'images'), { recursive: true });
  for (const src of srcs) {
    const original = await readOriginal(db, siteId, src.slice('images/'.length));
    if (original) writeFileSync(join(dir, src), original.bytes);
  }
  return srcs.size;
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
  for (const p of products) {
    const empty = Object.fromEntries(CSV_COLUMNS.map((c) => [c, ''])) as Record<
      (typeof CSV_COLUMNS)[number],
      string
    >;
    // Image-only rows first, in gallery order, so importing the file back keeps that order.
    for (const img of p.images)
      rows.push(CSV_COLUMNS.map((c) => ({ ...empty, slug: p.slug, image: img.src, image_alt: img.alt })[c]));
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
        image: v.image ?? '',
        image_alt: '',
        position: String(p.position),
      };
      rows.push(CSV_COLUMNS.map((c) => cell[c]));
    }
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
      ...(v.image === null ? {} : { image: v.image }),
    })),
    ...(p.images.length ? { images: p.images } : {}),
  }));
  return `${JSON.stringify({ products: out }, null, 2)}\n`;
}

/** Thrown when a catalog with images is exported without a directory to put them in. */
export class ExportNeedsDirectory extends Error {
  override name = 'ExportNeedsDirectory';
}

/**
 * The site's catalog as file text in the format. With `imagesDir`, the originals are written to
 * `imagesDir/images/` (the file's directory, so its relative paths import back); without one, a
 * catalog with images throws ExportNeedsDirectory.
 */
export async function exportCatalog(
  db: Db,
  siteId: string,
  format: ExportFormat,
  imagesDir?: string,
): Promise<string> {
  const products = await readCatalog(db, siteId);
  if (products.some((p) => p.images.length)) {
    if (imagesDir === undefined) throw new ExportNeedsDirectory('the catalog has images');
    await writeExportImages(db, siteId, products, imagesDir);
  }
  return format === 'json' ? catalogToJson(products) : catalogToCsv(products);
}
