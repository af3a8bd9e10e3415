// Product galleries: reading them as template objects (products, cart and order lines) and writing
// them (import, seed). Reading image files into originals is image-files.ts, which loads sharp;
// this file does not, so pages and check-theme never load it.
import type { Knex } from 'knex';
import type { Db } from '../db.js';
import { imageObject, type ImageObject } from '../media/objects.js';

/** A gallery entry as stored: the original's hash and the alt text. */
export interface StoredImage {
  hash: string;
  alt: string;
}

export const MAX_ALT_LENGTH = 500;

/** True for an http(s) URL (else an image source is a file path). */
export function isUrl(src: string): boolean {
  return /^https?:\/\//i.test(src);
}

/** A problem with an image source, as a short reason ("not found", "is not an image …"). */
export function imageSourceProblem(src: string): string | null {
  if (src.length > 2048) return 'is longer than 2048 characters';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(src) && !isUrl(src)) return 'must be a file path or an http(s) URL';
  return null;
}

/** The galleries of a site's products, in order, by product id. */
export async function galleriesOf(
  db: Db | Knex.Transaction,
  siteId: string,
  productIds?: string[],
): Promise<Map<string, StoredImage[]>> {
  const query = db('product_images').where({ site_id: siteId });
  if (productIds) query.whereIn('product_id', productIds);
  const rows = (await query
    .orderBy([{ column: 'product_id' }, { column: 'position' }])
    .select('product_id', 'media_hash', 'alt')) as Array<{
    product_id: string;
    media_hash: string;
    alt: string;
  }>;
  const out = new Map<string, StoredImage[]>();
  for (const r of rows) {
    const list = out.get(r.product_id) ?? [];
    list.push({ hash: r.media_hash, alt: r.alt });
    out.set(r.product_id, list);
  }
  return out;
}

/** True when two galleries are the same images with the same alt texts in the same order. */
export function sameGallery(a: StoredImage[], b: StoredImage[]): boolean {
  return a.length === b.length && a.every((img, i) => img.hash === b[i].hash && img.alt === b[i].alt);
}

/** Replaces a product's gallery (inside the caller's transaction). */
export async function writeGallery(
  trx: Knex.Transaction,
  siteId: string,
  productId: string,
  images: StoredImage[],
): Promise<void> {
  await trx('product_images').where({ site_id: siteId, product_id: productId }).delete();
  if (images.length)
    await trx('product_images').insert(
      images.map((img, position) => ({
        site_id: siteId,
        product_id: productId,
        position,
        media_hash: img.hash,
        alt: img.alt,
      })),
    );
}

/** The galleries of products as template objects, by product id (one query whatever the count). */
export async function productImages(
  db: Db,
  siteId: string,
  productIds: string[],
): Promise<Map<string, ImageObject[]>> {
  const out = new Map<string, ImageObject[]>();
  if (productIds.length === 0) return out;
  const rows = (await db('product_images as i')
    .join('media as m', function () {
      this.on('m.site_id', 'i.site_id').andOn('m.hash', 'i.media_hash');
    })
    .where('i.site_id', siteId)
    .whereIn('i.product_id', [...new Set(productIds)])
    .orderBy([{ column: 'i.product_id' }, { column: 'i.position' }])
    .select('i.product_id', 'i.alt', 'm.hash', 'm.width', 'm.height', 'm.has_alpha')) as Array<{
    product_id: string;
    alt: string;
    hash: string;
    width: number;
    height: number;
    has_alpha: boolean | number;
  }>;
  for (const r of rows) {
    const list = out.get(r.product_id) ?? [];
    const info = {
      hash: r.hash,
      width: Number(r.width),
      height: Number(r.height),
      hasAlpha: Boolean(r.has_alpha),
    };
    list.push(imageObject(info, r.alt));
    out.set(r.product_id, list);
  }
  return out;
}

/**
 * The image of each variant for cart and order lines: the variant's own image, else its product's
 * first; variants without any image are absent. Three queries whatever the count.
 */
export async function imagesForVariants(
  db: Db,
  siteId: string,
  variantIds: string[],
): Promise<Map<string, ImageObject>> {
  const out = new Map<string, ImageObject>();
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return out;
  const variants = (await db('variants')
    .where({ site_id: siteId })
    .whereIn('id', ids)
    .select('id', 'product_id', 'image_hash')) as Array<{
    id: string;
    product_id: string;
    image_hash: string | null;
  }>;
  const galleries = await productImages(
    db,
    siteId,
    variants.map((v) => v.product_id),
  );
  for (const v of variants) {
    const gallery = galleries.get(v.product_id) ?? [];
    const image = gallery.find((img) => img.id === v.image_hash) ?? gallery[0];
    if (image) out.set(v.id, image);
  }
  return out;
}
