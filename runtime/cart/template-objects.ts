// The `cart` template object: the visitor's cart, loaded before the render when a template reads it.
import { imagesForVariants } from '../catalog/images.js';
import type { Db } from '../db.js';
import { defineLoadedObject } from '../theme/objects.js';
import { cartLinesForSession } from './store.js';
import { cartObject, EMPTY_CART } from './template.js';

/** What loading the cart needs from a render. */
export interface CartScope {
  siteId: string;
  /** The visitor's stored session, or null (no session: an empty cart, and no session is created). */
  sessionId: string | null;
  db: Db;
  /** The site's locale: money is formatted for it. */
  locale: string;
}

/** `{{cart.item_count}}`: items, item_count and total_price of the visitor's cart. */
export const cart = defineLoadedObject<CartScope>({
  name: 'cart',
  schema: 'cart',
  private: true,
  description: 'The visitor’s cart: items, item_count and total_price (null when currencies are mixed).',
  load: async (scope) => {
    if (!scope.sessionId) return EMPTY_CART;
    const lines = await cartLinesForSession(scope.db, scope.siteId, scope.sessionId);
    const images = await imagesForVariants(
      scope.db,
      scope.siteId,
      lines.map((l) => l.variant_id),
    );
    return cartObject(lines, scope.locale, images);
  },
});
