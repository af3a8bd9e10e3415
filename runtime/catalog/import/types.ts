// The catalog as the importer and the exporter see it: products with their variants, prices in
// integer minor units. The same shape whatever the file format (CSV or JSON).
import { UserError } from '../../user-error.js';

export interface CatalogVariant {
  sku: string;
  name: string;
  /** Minor units of currency (cents for EUR). */
  price: number;
  currency: string;
  available: boolean;
  /** Units left to sell; null = not tracked. */
  stock: number | null;
  /** The variant's own image: the `src` of one of its product's images; null = none. */
  image: string | null;
}

/** A product image as the file names it (path relative to the file, or an http(s) URL). */
export interface CatalogImage {
  src: string;
  alt: string;
}

export interface CatalogProduct {
  slug: string;
  name: string;
  description: string;
  category: string;
  /** Listing order (ascending). */
  position: number;
  /** In the order they are shown. */
  variants: CatalogVariant[];
  /** The gallery, in the order it is shown. */
  images: CatalogImage[];
}

/** One problem of an import file: CSV line and column name, or JSON pointer (line null). */
export interface ImportProblem {
  file: string;
  line: number | null;
  column: string;
  message: string;
}

/** A file that was read and checked in full, ready to plan. */
export interface ParsedCatalog {
  products: CatalogProduct[];
  /** Things that were ignored (e.g. a fixtures file's accounts), one line each. */
  notes: string[];
  /** Where each image source first appears (line and column, or JSON pointer), for problems. */
  imageAt: Map<string, { line: number | null; column: string }>;
}

export function formatProblem(p: ImportProblem): string {
  return p.line === null
    ? `${p.file}: ${p.column}: ${p.message}`
    : `${p.file}:${p.line}: ${p.column}: ${p.message}`;
}

/** A file that cannot be imported; nothing was written. */
export class CatalogImportError extends UserError {
  override name = 'CatalogImportError';
  constructor(readonly problems: ImportProblem[]) {
    super(problems.map(formatProblem).join('\n'));
  }
}

export const MAX_PRICE_MINOR = 100_000_000;
/** As fixtures.schema.json's variant `stock`. */
export const MAX_STOCK = 2_000_000_000;
export const MAX_POSITION = 2_147_483_647;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SKU_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
