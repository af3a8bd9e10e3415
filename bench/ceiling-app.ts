// The catalog from memory as the engine's DataSource (products.paginate, products.find, an empty
// cart): what the ceilings server renders with, so no database is read while it is measured.
import type { DataSource, RenderRequest } from '../runtime/theme/theme.js';
import { EMPTY_CART } from '../runtime/cart/template.js';
import type { CatalogSnapshot } from './ceiling-data.js';

/** A DataSource answering from a catalog snapshot. */
export function memorySource(data: CatalogSnapshot, request: RenderRequest): DataSource {
  return {
    async call(name, args) {
      if (name === 'products.paginate') {
        const raw =
          args.page ?? (/^\d{1,6}$/.test(request.query.page ?? '') ? Number(request.query.page) : 1);
        return data.listings.get(Number(raw)) ?? null;
      }
      if (name === 'products.find') return data.products.get(String(args.slug ?? '')) ?? null;
      return null;
    },
    async load(name) {
      return name === 'cart' ? EMPTY_CART : null;
    },
  };
}
