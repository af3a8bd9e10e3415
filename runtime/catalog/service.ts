// The `products` template object: products.paginate and products.find.
import type { Db } from '../db.js';
import { DEFAULT_MONEY_LOCALE, money, type Money } from '../money.js';
import { clampLimit, clampPage, paging, type Paging } from '../paging.js';
import type { ImageObject } from '../media/objects.js';
import { TtlCache } from './cache.js';
import { productImages } from './images.js';
import {
  liveProductCount,
  pageOfProducts,
  productBySlug,
  variantsOf,
  type ProductRow,
  type VariantRow,
} from './store.js';

export interface VariantObject {
  id: string;
  sku: string;
  name: string;
  price: Money;
  available: boolean;
  /** Its own image, or empty (then themes show the product's). */
  images: ImageObject[];
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
  images: ImageObject[];
}

/** A page of products with its navigation. */
export interface ProductListing extends Paging {
  items: ProductObject[];
}

export const DEFAULT_PAGE_SIZE = 12;

function toProduct(
  row: ProductRow,
  variants: VariantRow[],
  images: ImageObject[],
  locale: string,
): ProductObject {
  const vs = variants.map((v) => ({
    id: v.id,
    sku: v.sku,
    name: v.name,
    price: money(v.price_minor, v.currency, locale),
    // A tracked stock of 0 makes the variant unavailable; the count itself is not shown to themes
    // (it is cached for a couple of seconds, and a shop may not want to publish it).
    available: Boolean(v.available) && (v.stock == null || v.stock > 0),
    images: v.image_hash ? images.filter((img) => img.id === v.image_hash).slice(0, 1) : [],
  }));
  const cheapest = vs.reduce<VariantObject | null>(
    (min, v) => (!min || v.price.amount < min.price.amount ? v : min),
    null,
  );
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    category: row.category,
    url: `/products/${encodeURIComponent(row.slug)}`,
    price: cheapest?.price ?? money(0, 'EUR', locale),
    available: vs.some((v) => v.available),
    variants: vs,
    images,
  };
}

/** One page of a site's products and the total count: the part of a listing every visitor shares. */
export interface ProductPage {
  items: ProductObject[];
  total: number;
}

/** Loads products `(page-1)*perPage …` with their variants: three queries whatever the page size. */
async function loadProductPage(
  db: Db,
  siteId: string,
  perPage: number,
  page: number,
  locale: string,
  count: Promise<number>,
): Promise<ProductPage> {
  const { rows, total } = await pageOfProducts(db, siteId, perPage, (page - 1) * perPage, count);
  const variants = await variantsOf(
    db,
    siteId,
    rows.map((r) => r.id),
  );
  const byProduct = new Map<string, VariantRow[]>();
  for (const v of variants) {
    const list = byProduct.get(v.product_id);
    if (list) list.push(v);
    else byProduct.set(v.product_id, [v]);
  }
  const images = await productImages(
    db,
    siteId,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => toProduct(r, byProduct.get(r.id) ?? [], images.get(r.id) ?? [], locale)),
    total,
  };
}

/** One product of a site by slug with its variants, read from the database, or null. */
async function findProduct(
  db: Db,
  siteId: string,
  slug: string,
  locale: string,
): Promise<ProductObject | null> {
  if (!slug || slug.length > 190) return null;
  const row = await productBySlug(db, siteId, slug);
  if (!row) return null;
  const [variants, images] = await Promise.all([
    variantsOf(db, siteId, [row.id]),
    productImages(db, siteId, [row.id]),
  ]);
  return toProduct(row, variants, images.get(row.id) ?? [], locale);
}

/** Freezes a plain object graph: a cached object that a render tried to change would throw. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * The `products` template object's calls for the page routes, through a short per-process cache
 * (see cache.ts). Cached objects are shared between renders, so they are frozen.
 */
export class CatalogReader {
  private readonly pages: TtlCache<ProductPage>;
  private readonly products: TtlCache<ProductObject | null>;
  /**
   * Live products per site, shared by every page and locale of the listing: one index seek
   * (store.ts liveProductCount), still taken once per TTL rather than once per page.
   */
  private readonly counts: TtlCache<number>;

  constructor(
    private readonly db: Db,
    /** How long a page or product is reused; 0 reads the database on every call. */
    cacheMs: number,
  ) {
    this.pages = new TtlCache(cacheMs);
    this.products = new TtlCache(cacheMs);
    this.counts = new TtlCache(cacheMs);
  }

  /** products.paginate, prices formatted for locale; the navigation links are built for this request, never cached. */
  async paginate(
    siteId: string,
    args: { limit?: number; page?: number },
    request: { path: string; query: Record<string, string> },
    locale: string = DEFAULT_MONEY_LOCALE,
  ): Promise<ProductListing> {
    const perPage = clampLimit(args.limit, DEFAULT_PAGE_SIZE);
    const page = clampPage(args.page);
    const { items, total } = await this.pages.get(`${siteId}\n${locale}\n${perPage}\n${page}`, () =>
      loadProductPage(
        this.db,
        siteId,
        perPage,
        page,
        locale,
        this.counts.get(siteId, () => liveProductCount(this.db, siteId)),
      ).then(deepFreeze),
    );
    return { items, ...paging(page, perPage, total, request) };
  }

  /** products.find: one product by slug with prices formatted for locale, or null. */
  find(siteId: string, slug: string, locale: string = DEFAULT_MONEY_LOCALE): Promise<ProductObject | null> {
    if (!slug || slug.length > 190) return Promise.resolve(null);
    return this.products.get(`${siteId}\n${locale}\n${slug}`, () =>
      findProduct(this.db, siteId, slug, locale).then(deepFreeze),
    );
  }

  /** Drops every cached page and product (dev after a fixture change; tests). */
  clear(): void {
    this.pages.clear();
    this.products.clear();
    this.counts.clear();
  }
}
