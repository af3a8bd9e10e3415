// Product images on the write side, shared by `catalog import` and `seed`: reading image files and
// URLs into checked originals, and writing a product's gallery. The bytes go through the media
// domain's store; nothing else writes them.
import { readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import type { Knex } from 'knex';
import type { Db } from '../db.js';
import { ImageRejected, inspectImage, MAX_ORIGINAL_BYTES, type OriginalInfo } from '../media/inspect.js';
import { imageObject, type ImageObject } from '../media/objects.js';
import { putOriginal } from '../media/store.js';

/** A product image as a file names it: a path (relative to the file) or an http(s) URL. */
export interface ImageSource {
  src: string;
  alt: string;
}

/** A gallery entry as stored: the original's hash and the alt text. */
export interface StoredImage {
  hash: string;
  alt: string;
}

/** An original read and checked, ready to store. */
export interface ResolvedOriginal {
  info: OriginalInfo;
  bytes: Buffer;
}

/** How long one image URL may take to download. */
const FETCH_TIMEOUT_MS = 30_000;
/** Image files read or downloaded at once. */
const PARALLEL_READS = 4;
export const MAX_ALT_LENGTH = 500;

function isUrl(src: string): boolean {
  return /^https?:\/\//i.test(src);
}

/** A problem with an image source, as a short reason ("not found", "is not an image …"). */
export function imageSourceProblem(src: string): string | null {
  if (src.length > 2048) return 'is longer than 2048 characters';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(src) && !isUrl(src)) return 'must be a file path or an http(s) URL';
  return null;
}

async function download(url: string): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
  } catch (err) {
    throw new ImageRejected(`cannot be downloaded (${(err as Error).cause ?? (err as Error).message})`);
  }
  if (!response.ok) throw new ImageRejected(`cannot be downloaded (HTTP ${response.status})`);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_ORIGINAL_BYTES)
    throw new ImageRejected(`is ${(declared / 1048576).toFixed(1)} MB; images may be at most 15 MB`);
  // Read at most one byte past the limit: a server that lies about its length cannot fill memory.
  const chunks: Buffer[] = [];
  let total = 0;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
    total += read.value.length;
    if (total > MAX_ORIGINAL_BYTES) {
      await reader!.cancel();
      throw new ImageRejected('is larger than 15 MB');
    }
    chunks.push(Buffer.from(read.value));
  }
  return Buffer.concat(chunks);
}

async function readSource(src: string, baseDir: string): Promise<ResolvedOriginal> {
  let bytes: Buffer;
  if (isUrl(src)) bytes = await download(src);
  else {
    const file = isAbsolute(src) ? src : resolve(baseDir, src);
    try {
      bytes = await readFile(file);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new ImageRejected(code === 'ENOENT' ? `not found (${file})` : `cannot be read (${code ?? err})`);
    }
  }
  return { info: await inspectImage(bytes), bytes };
}

/**
 * Reads and checks every distinct source (paths relative to baseDir). Returns the originals by
 * source, and the reason for each source that cannot be used.
 */
export async function resolveImageSources(
  sources: Iterable<string>,
  baseDir: string,
): Promise<{ originals: Map<string, ResolvedOriginal>; problems: Map<string, string> }> {
  const queue = [...new Set(sources)];
  const originals = new Map<string, ResolvedOriginal>();
  const problems = new Map<string, string>();
  const worker = async () => {
    for (let src = queue.shift(); src !== undefined; src = queue.shift()) {
      try {
        originals.set(src, await readSource(src, baseDir));
      } catch (err) {
        if (!(err instanceof ImageRejected)) throw err;
        problems.set(src, err.message);
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_READS }, worker));
  return { originals, problems };
}

/** Stores the originals the site does not have yet, one transaction each; returns how many were new. */
export async function storeOriginals(
  db: Db | Knex.Transaction,
  siteId: string,
  originals: Iterable<ResolvedOriginal>,
): Promise<number> {
  let created = 0;
  for (const o of originals) {
    const store = async (trx: Knex.Transaction) => putOriginal(trx, siteId, o.info, o.bytes);
    const isTrx = 'isTransaction' in db && (db as Knex.Transaction).isTransaction;
    if (await (isTrx ? store(db as Knex.Transaction) : (db as Db).transaction(store))) created++;
  }
  return created;
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
