// Checks every field of an import file and assembles the catalog from it, collecting every problem
// (file, line or JSON pointer, column, reason) instead of stopping at the first. Nothing here reads
// or writes the database.
import { isKnownCurrency, minorDigits } from '../../money.js';
import { imageSourceProblem, MAX_ALT_LENGTH } from '../images.js';
import {
  MAX_PRICE_MINOR,
  MAX_POSITION,
  MAX_STOCK,
  SKU_PATTERN,
  SLUG_PATTERN,
  type CatalogImage,
  type CatalogProduct,
  type CatalogVariant,
  type ImportProblem,
  type ParsedCatalog,
} from './types.js';

/** The CSV columns, in the order export writes them. */
export const CSV_COLUMNS = [
  'slug',
  'name',
  'description',
  'category',
  'sku',
  'variant_name',
  'price',
  'currency',
  'inventory',
  'available',
  'image',
  'image_alt',
  'position',
] as const;
const REQUIRED_COLUMNS = ['slug', 'name', 'sku', 'variant_name', 'price', 'currency'];
/** Columns an image-only row (a gallery image no variant shows) may fill besides slug. */
const IMAGE_ROW_COLUMNS = new Set(['slug', 'image', 'image_alt', 'position']);

type Report = (column: string, message: string) => void;

function text(value: string, column: string, max: number, report: Report, required: boolean): string {
  if (required && value.trim() === '') report(column, 'is required');
  else if (value.length > max) report(column, `is longer than ${max} characters (${value.length})`);
  return value;
}

function slugOf(value: string, report: Report): string {
  if (value === '') report('slug', 'is required');
  else if (value.length > 190 || !SLUG_PATTERN.test(value))
    report('slug', `${JSON.stringify(value)} is not a slug (lowercase letters, digits and single hyphens)`);
  return value;
}

function skuOf(value: string, report: Report): string {
  if (value === '') report('sku', 'is required');
  else if (!SKU_PATTERN.test(value))
    report('sku', `${JSON.stringify(value)} is not a SKU (1–64 of A–Z a–z 0–9 . _ -)`);
  return value;
}

function currencyOf(value: string, report: Report, column = 'currency'): string | null {
  if (value === '') report(column, 'is required');
  else if (!/^[A-Z]{3}$/.test(value) || !isKnownCurrency(value))
    report(column, `unknown currency ${JSON.stringify(value)} (an ISO 4217 code such as EUR)`);
  else return value;
  return null;
}

/** A decimal amount in major units ("10.90") → minor units for currency (1090), or null. */
function decimalPrice(value: string, currency: string | null, report: Report): number {
  const m = /^(\d{1,12})(?:\.(\d+))?$/.exec(value);
  if (!m) {
    report('price', value === '' ? 'is required' : `${JSON.stringify(value)} is not a price such as 10.90`);
    return 0;
  }
  if (currency === null) return 0; // reported under currency
  const digits = minorDigits(currency);
  const fraction = m[2] ?? '';
  if (fraction.length > digits) {
    report('price', `${value} has more decimals than ${currency} allows (${digits === 0 ? 'none' : digits})`);
    return 0;
  }
  return minorInRange(Number(m[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0'), report);
}

function minorInRange(minor: number, report: Report): number {
  if (minor > MAX_PRICE_MINOR) report('price', `is more than ${MAX_PRICE_MINOR} minor units`);
  return minor;
}

function integerCell(value: string, column: string, report: Report, max: number): number | null {
  if (value === '') return null;
  if (!/^\d{1,10}$/.test(value) || Number(value) > max) {
    report(column, `${JSON.stringify(value)} is not a whole number from 0 to ${max}`);
    return null;
  }
  return Number(value);
}

const TRUE = new Set(['', 'true', 'yes', '1', 'y']);
const FALSE = new Set(['false', 'no', '0', 'n']);

function booleanCell(value: string, column: string, report: Report): boolean {
  const v = value.toLowerCase();
  if (TRUE.has(v)) return true;
  if (FALSE.has(v)) return false;
  report(column, `${JSON.stringify(value)} is not true/false (or yes/no, 1/0; empty = true)`);
  return true;
}

const PRODUCT_FIELDS = ['name', 'description', 'category', 'position'] as const;

interface Building {
  product: CatalogProduct;
  /** Line that set each product field, for the inconsistency message. */
  setAt: Partial<Record<(typeof PRODUCT_FIELDS)[number], { line: number; value: string }>>;
  firstLine: number;
}

/** Builds the catalog from CSV records fed one at a time (the header first). */
export class CsvCatalogBuilder {
  readonly problems: ImportProblem[] = [];
  private columns: string[] = [];
  private readonly products = new Map<string, Building>();
  private readonly skus = new Map<string, number>();
  private readonly notes: string[] = [];
  private readonly imageAt = new Map<string, { line: number | null; column: string }>();
  /** Alt text of each image per product and the line that set it. */
  private readonly altAt = new Map<string, { line: number; alt: string }>();

  constructor(private readonly file: string) {}

  private reporter(line: number): Report {
    return (column, message) => this.problems.push({ file: this.file, line, column, message });
  }

  /** The header record; false when the file cannot be read further. */
  header(cells: string[], line: number): boolean {
    const report = this.reporter(line);
    this.columns = cells.map((c) => c.trim().toLowerCase());
    const seen = new Set<string>();
    for (const c of this.columns) {
      if (!(CSV_COLUMNS as readonly string[]).includes(c))
        report(c || '(empty)', `unknown column (known: ${CSV_COLUMNS.join(', ')})`);
      else if (seen.has(c)) report(c, 'column appears twice');
      seen.add(c);
    }
    for (const c of REQUIRED_COLUMNS) if (!seen.has(c)) report(c, 'required column is missing');
    return this.problems.length === 0;
  }

  /** One data record (one variant). */
  row(cells: string[], line: number): void {
    const report = this.reporter(line);
    if (cells.length !== this.columns.length) {
      report('(row)', `has ${cells.length} fields, the header has ${this.columns.length}`);
      return;
    }
    const cell: Record<string, string> = {};
    this.columns.forEach((c, i) => (cell[c] = cells[i]));
    const get = (c: string) => (cell[c] ?? '').trim();
    if (get('image') !== '' && this.columns.every((c) => IMAGE_ROW_COLUMNS.has(c) || get(c) === ''))
      return this.imageRow(get, line, report);

    const slug = slugOf(get('slug'), report);
    const sku = skuOf(get('sku'), report);
    const currency = currencyOf(get('currency'), report);
    const variant: CatalogVariant = {
      sku,
      name: text(get('variant_name'), 'variant_name', 160, report, true),
      price: decimalPrice(get('price'), currency, report),
      currency: currency ?? '',
      available: booleanCell(get('available'), 'available', report),
      stock: integerCell(get('inventory'), 'inventory', report, MAX_STOCK),
      image: null,
    };
    if (sku) {
      const first = this.skus.get(sku);
      if (first !== undefined) report('sku', `duplicate SKU ${JSON.stringify(sku)} (first on line ${first})`);
      else this.skus.set(sku, line);
    }
    const fields = {
      name: text(get('name'), 'name', 160, report, false),
      description: text(cell.description ?? '', 'description', 5000, report, false),
      category: text(get('category'), 'category', 64, report, false),
      position: get('position'),
    };
    const position = integerCell(fields.position, 'position', report, MAX_POSITION);
    if (!slug) return;

    const b = this.productFor(slug, line);
    for (const f of PRODUCT_FIELDS) {
      const value = fields[f];
      if (value === '') continue;
      const set = b.setAt[f];
      if (set && set.value !== value)
        report(
          f,
          `${JSON.stringify(value)} differs from ${JSON.stringify(set.value)} on line ${set.line} for product ${JSON.stringify(slug)} (leave it empty or repeat it)`,
        );
      else if (!set) {
        b.setAt[f] = { line, value };
        if (f === 'position') b.product.position = position ?? b.product.position;
        else b.product[f] = value;
      }
    }
    b.product.variants.push(variant);
    variant.image = this.addImage(b, get, line, report);
  }

  /**
   * A row with only slug, image and image_alt (and position): a gallery image that no variant
   * shows. Its product may come before or after it in the file.
   */
  private imageRow(get: (c: string) => string, line: number, report: Report): void {
    const slug = slugOf(get('slug'), report);
    if (!slug) return;
    const b = this.productFor(slug, line);
    this.addImage(b, get, line, report);
  }

  /** The product a row belongs to, created empty (in order of first appearance) on its first row. */
  private productFor(slug: string, line: number): Building {
    let b = this.products.get(slug);
    if (!b) {
      b = {
        product: {
          slug,
          name: '',
          description: '',
          category: '',
          position: this.products.size,
          variants: [],
          images: [],
        },
        setAt: {},
        firstLine: line,
      };
      this.products.set(slug, b);
    }
    return b;
  }

  /** Adds the row's image to its product's gallery (once per src); returns the src or null. */
  private addImage(b: Building, get: (c: string) => string, line: number, report: Report): string | null {
    const src = get('image');
    const alt = get('image_alt');
    if (src === '') {
      if (alt !== '') report('image_alt', 'is set but image is empty');
      return null;
    }
    const problem = imageSourceProblem(src);
    if (problem) {
      report('image', problem);
      return null;
    }
    if (alt.length > MAX_ALT_LENGTH)
      report('image_alt', `is longer than ${MAX_ALT_LENGTH} characters (${alt.length})`);
    if (!this.imageAt.has(src)) this.imageAt.set(src, { line, column: 'image' });
    const key = `${b.product.slug}\n${src}`;
    const set = this.altAt.get(key);
    if (!set) {
      this.altAt.set(key, { line, alt });
      b.product.images.push({ src, alt });
    } else if (alt !== '' && set.alt === '') {
      set.alt = alt;
      b.product.images.find((img) => img.src === src)!.alt = alt;
    } else if (alt !== '' && alt !== set.alt)
      report(
        'image_alt',
        `${JSON.stringify(alt)} differs from ${JSON.stringify(set.alt)} on line ${set.line} for the same image`,
      );
    return src;
  }

  /** The catalog, or the problems (every one of them). */
  finish(): ParsedCatalog & { problems: ImportProblem[] } {
    for (const b of this.products.values())
      if (b.product.variants.length === 0)
        this.reporter(b.firstLine)(
          'sku',
          `product ${JSON.stringify(b.product.slug)} has images but no variant row`,
        );
      else if (!b.product.name.trim())
        this.reporter(b.firstLine)(
          'name',
          `product ${JSON.stringify(b.product.slug)} has no name on any row`,
        );
    if (this.problems.length === 0 && this.products.size === 0)
      this.problems.push({ file: this.file, line: null, column: '(file)', message: 'has no products' });
    return {
      products: [...this.products.values()].map((b) => b.product),
      notes: this.notes,
      imageAt: this.imageAt,
      problems: this.problems,
    };
  }
}

const PRODUCT_KEYS = ['slug', 'name', 'description', 'category', 'position', 'variants', 'images'];
const VARIANT_KEYS = ['sku', 'name', 'price', 'currency', 'available', 'stock', 'image'];

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * A JSON catalog in the fixtures' shape: `{"products": [{slug, name, description, category,
 * variants: [{sku, name, price (minor units), currency, available}]}]}`, plus the optional product
 * `position` and variant `stock` that export writes. Other top-level keys of a fixtures file
 * (accounts, orders, site) are ignored with a note.
 */
export function validateJsonCatalog(
  file: string,
  data: unknown,
): ParsedCatalog & { problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const notes: string[] = [];
  const imageAt = new Map<string, { line: number | null; column: string }>();
  const at =
    (pointer: string): Report =>
    (column, message) =>
      problems.push({ file, line: null, column: `${pointer}/${column}`, message });
  if (!isObject(data) || !Array.isArray(data.products)) {
    problems.push({ file, line: null, column: '/products', message: 'must be an array of products' });
    return { products: [], notes, imageAt, problems };
  }
  const ignored = Object.keys(data).filter((k) => k !== 'products' && k !== '$schema');
  if (ignored.length) notes.push(`ignored (not catalog data): ${ignored.join(', ')}`);
  const str = (v: unknown, report: Report, key: string): string => {
    if (v === undefined) return '';
    if (typeof v !== 'string') report(key, 'must be a string');
    return typeof v === 'string' ? v : '';
  };
  const slugs = new Map<string, string>();
  const skus = new Map<string, string>();
  const products: CatalogProduct[] = [];
  data.products.forEach((p: unknown, i: number) => {
    const pointer = `/products/${i}`;
    const report = at(pointer);
    if (!isObject(p)) return report('', 'must be an object');
    for (const k of Object.keys(p)) if (!PRODUCT_KEYS.includes(k)) report(k, 'unknown property');
    const slug = slugOf(str(p.slug, report, 'slug'), report);
    if (slug && slugs.has(slug))
      report('slug', `duplicate slug ${JSON.stringify(slug)} (first at ${slugs.get(slug)})`);
    else if (slug) slugs.set(slug, pointer);
    let position = i;
    if (p.position !== undefined) {
      if (
        Number.isInteger(p.position) &&
        (p.position as number) >= 0 &&
        (p.position as number) <= MAX_POSITION
      )
        position = p.position as number;
      else report('position', `must be a whole number from 0 to ${MAX_POSITION}`);
    }
    const product: CatalogProduct = {
      slug,
      name: text(str(p.name, report, 'name'), 'name', 160, report, true),
      description: text(str(p.description, report, 'description'), 'description', 5000, report, false),
      category: text(str(p.category, report, 'category'), 'category', 64, report, false),
      position,
      variants: [],
      images: jsonImages(p.images, pointer, report, imageAt),
    };
    if (!Array.isArray(p.variants) || p.variants.length === 0)
      report('variants', 'must be a non-empty array of variants');
    else
      p.variants.forEach((v: unknown, j: number) => {
        const vp = `${pointer}/variants/${j}`;
        const vr = at(vp);
        if (!isObject(v)) return vr('', 'must be an object');
        for (const k of Object.keys(v)) if (!VARIANT_KEYS.includes(k)) vr(k, 'unknown property');
        const sku = skuOf(str(v.sku, vr, 'sku'), vr);
        if (sku && skus.has(sku))
          vr('sku', `duplicate SKU ${JSON.stringify(sku)} (first at ${skus.get(sku)})`);
        else if (sku) skus.set(sku, vp);
        const currency = currencyOf(str(v.currency, vr, 'currency'), vr);
        let price = 0;
        if (!Number.isInteger(v.price) || (v.price as number) < 0)
          vr('price', 'must be a whole number of minor units (1090 for €10.90)');
        else price = minorInRange(v.price as number, vr);
        if (v.available !== undefined && typeof v.available !== 'boolean')
          vr('available', 'must be true or false');
        let stock: number | null = null;
        if (v.stock !== undefined && v.stock !== null) {
          if (Number.isInteger(v.stock) && (v.stock as number) >= 0 && (v.stock as number) <= MAX_STOCK)
            stock = v.stock as number;
          else vr('stock', `must be null or a whole number from 0 to ${MAX_STOCK}`);
        }
        let image: string | null = null;
        if (v.image !== undefined && v.image !== null) {
          if (typeof v.image !== 'string' || !product.images.some((img) => img.src === v.image))
            vr('image', 'must be the src of one of the product’s images');
          else image = v.image;
        }
        product.variants.push({
          sku,
          name: text(str(v.name, vr, 'name'), 'name', 160, vr, true),
          price,
          currency: currency ?? '',
          available: v.available !== false,
          stock,
          image,
        });
      });
    products.push(product);
  });
  if (problems.length === 0 && products.length === 0)
    problems.push({ file, line: null, column: '/products', message: 'has no products' });
  return { products, notes, imageAt, problems };
}

/** A JSON product's `images`: `[{src, alt}]`, each src once. */
function jsonImages(
  value: unknown,
  pointer: string,
  report: Report,
  imageAt: Map<string, { line: number | null; column: string }>,
): CatalogImage[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    report('images', 'must be an array of {src, alt}');
    return [];
  }
  const out: CatalogImage[] = [];
  value.forEach((img: unknown, k: number) => {
    const key = `images/${k}`;
    if (!isObject(img) || typeof img.src !== 'string' || img.src === '')
      return report(key, 'must be an object with a src (file path or http(s) URL) and an alt text');
    for (const f of Object.keys(img))
      if (f !== 'src' && f !== 'alt') report(`${key}/${f}`, 'unknown property');
    const problem = imageSourceProblem(img.src);
    if (problem) return report(`${key}/src`, problem);
    const alt = img.alt === undefined ? '' : img.alt;
    if (typeof alt !== 'string') return report(`${key}/alt`, 'must be a string');
    if (alt.length > MAX_ALT_LENGTH)
      return report(`${key}/alt`, `is longer than ${MAX_ALT_LENGTH} characters`);
    if (out.some((o) => o.src === img.src)) return report(`${key}/src`, 'is listed twice for this product');
    if (!imageAt.has(img.src)) imageAt.set(img.src, { line: null, column: `${pointer}/${key}/src` });
    out.push({ src: img.src, alt });
  });
  return out;
}
