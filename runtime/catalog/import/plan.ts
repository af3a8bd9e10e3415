// Compares an import file's catalog with a site's rows: which products and variants would be
// created, updated, left unchanged or archived. Two reads (the site's products and variants); no
// writes. Products match by slug, variants by SKU; new rows get the ids `seed` would give them.
import type { Db } from '../../db.js';
import { stableId } from '../../ids.js';
import { galleriesOf, sameGallery, type StoredImage } from '../images.js';
import type { CatalogProduct, CatalogVariant } from './types.js';

interface ExistingProduct {
  id: string;
  slug: string;
  name: string;
  description: string;
  category: string;
  position: number;
  archived_at: string | Date | null;
}

interface ExistingVariant {
  id: string;
  sku: string;
  product_id: string;
  name: string;
  price_minor: number | string;
  currency: string;
  available: boolean | number;
  stock: number | null;
  position: number;
  image_hash: string | null;
}

/** A products row to insert or update (all catalog columns; `changed` names what differs). */
export interface ProductWrite {
  id: string;
  slug: string;
  row: { name: string; description: string; category: string; position: number; archived_at: null };
  changed: string[];
}

export interface VariantWrite {
  id: string;
  sku: string;
  row: {
    product_id: string;
    name: string;
    price_minor: number;
    currency: string;
    available: boolean;
    stock: number | null;
    position: number;
    image_hash: string | null;
  };
  changed: string[];
}

/** Writes grouped by product, so a product and its variants go in the same transaction. */
export interface ProductGroup {
  product: ProductWrite | null;
  /** Its id (also when the product row itself is unchanged). */
  productId: string;
  created: boolean;
  /** The new gallery, or null when it stays as it is. */
  gallery: StoredImage[] | null;
  variants: Array<{ write: VariantWrite; created: boolean }>;
}

export interface ImportPlan {
  siteId: string;
  groups: ProductGroup[];
  products: { created: string[]; updated: string[]; unchanged: number; archived: string[] };
  variants: { created: string[]; updated: string[]; unchanged: number };
  /** Slugs of the products whose gallery changes. */
  galleries: string[];
  /** Products to archive: id and slug. */
  archive: Array<{ id: string; slug: string }>;
}

function productDiff(e: ExistingProduct, row: ProductWrite['row']): string[] {
  const changed: string[] = [];
  if (e.name !== row.name) changed.push('name');
  if (e.description !== row.description) changed.push('description');
  if (e.category !== row.category) changed.push('category');
  if (Number(e.position) !== row.position) changed.push('position');
  if (e.archived_at !== null) changed.push('archived_at');
  return changed;
}

function variantDiff(e: ExistingVariant, row: VariantWrite['row']): string[] {
  const changed: string[] = [];
  if (e.product_id !== row.product_id) changed.push('product_id');
  if (e.name !== row.name) changed.push('name');
  if (Number(e.price_minor) !== row.price_minor) changed.push('price_minor');
  if (e.currency !== row.currency) changed.push('currency');
  if (Boolean(e.available) !== row.available) changed.push('available');
  if ((e.stock === null ? null : Number(e.stock)) !== row.stock) changed.push('stock');
  if (Number(e.position) !== row.position) changed.push('position');
  if ((e.image_hash ?? null) !== row.image_hash) changed.push('image_hash');
  return changed;
}

function variantRow(
  v: CatalogVariant,
  productId: string,
  position: number,
  hashOf: ReadonlyMap<string, string>,
): VariantWrite['row'] {
  return {
    product_id: productId,
    name: v.name,
    price_minor: v.price,
    currency: v.currency,
    available: v.available,
    stock: v.stock,
    position,
    image_hash: v.image === null ? null : (hashOf.get(v.image) ?? null),
  };
}

/**
 * The plan for importing `products` into a site; `hashOf` gives each image source's content hash;
 * `archiveMissing` archives live products not listed.
 */
export async function planImport(
  db: Db,
  siteId: string,
  products: CatalogProduct[],
  options: { archiveMissing?: boolean; hashOf?: ReadonlyMap<string, string> } = {},
): Promise<ImportPlan> {
  const hashOf = options.hashOf ?? new Map<string, string>();
  const [productRows, variantRows, galleries] = await Promise.all([
    db('products')
      .where({ site_id: siteId })
      .select('id', 'slug', 'name', 'description', 'category', 'position', 'archived_at') as Promise<
      ExistingProduct[]
    >,
    db('variants')
      .where({ site_id: siteId })
      .select(
        'id',
        'sku',
        'product_id',
        'name',
        'price_minor',
        'currency',
        'available',
        'stock',
        'position',
        'image_hash',
      ) as Promise<ExistingVariant[]>,
    galleriesOf(db, siteId),
  ]);
  const bySlug = new Map(productRows.map((p) => [p.slug, p]));
  const bySku = new Map(variantRows.map((v) => [v.sku, v]));
  const plan: ImportPlan = {
    siteId,
    groups: [],
    products: { created: [], updated: [], unchanged: 0, archived: [] },
    variants: { created: [], updated: [], unchanged: 0 },
    galleries: [],
    archive: [],
  };
  const listed = new Set<string>();
  for (const p of products) {
    listed.add(p.slug);
    const existing = bySlug.get(p.slug);
    const id = existing?.id ?? stableId(siteId, `product:${p.slug}`);
    const row = {
      name: p.name,
      description: p.description,
      category: p.category,
      position: p.position,
      archived_at: null,
    };
    const gallery = p.images.map((img) => ({ hash: hashOf.get(img.src) ?? '', alt: img.alt }));
    const galleryChanged = !sameGallery(galleries.get(id) ?? [], gallery);
    if (galleryChanged) plan.galleries.push(p.slug);
    const group: ProductGroup = {
      product: null,
      productId: id,
      created: !existing,
      gallery: galleryChanged ? gallery : null,
      variants: [],
    };
    if (!existing) {
      group.product = { id, slug: p.slug, row, changed: [] };
      plan.products.created.push(p.slug);
    } else {
      const changed = productDiff(existing, row);
      if (changed.length) {
        group.product = { id, slug: p.slug, row, changed };
        plan.products.updated.push(p.slug);
      } else plan.products.unchanged++;
    }
    p.variants.forEach((v, position) => {
      const ev = bySku.get(v.sku);
      const vrow = variantRow(v, id, position, hashOf);
      if (!ev) {
        group.variants.push({
          write: { id: stableId(siteId, `variant:${v.sku}`), sku: v.sku, row: vrow, changed: [] },
          created: true,
        });
        plan.variants.created.push(v.sku);
        return;
      }
      const changed = variantDiff(ev, vrow);
      if (changed.length) {
        group.variants.push({ write: { id: ev.id, sku: v.sku, row: vrow, changed }, created: false });
        plan.variants.updated.push(v.sku);
      } else plan.variants.unchanged++;
    });
    if (group.product || group.gallery || group.variants.length) plan.groups.push(group);
  }
  if (options.archiveMissing)
    for (const e of productRows)
      if (!listed.has(e.slug) && e.archived_at === null) {
        plan.archive.push({ id: e.id, slug: e.slug });
        plan.products.archived.push(e.slug);
      }
  return plan;
}

/** True when applying the plan would write nothing. */
export function isEmptyPlan(plan: ImportPlan): boolean {
  return plan.groups.length === 0 && plan.archive.length === 0;
}
