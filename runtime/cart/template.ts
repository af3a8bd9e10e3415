// The `cart` template object: items, item_count, total_price.
import type { ImageObject } from '../media/objects.js';
import { money, type Money } from '../money.js';
import { lineSellable, type CartLineRow } from './store.js';

export interface CartItemObject {
  variant_id: string;
  product_slug: string;
  product_name: string;
  variant_name: string;
  url: string;
  quantity: number;
  available: boolean;
  unit_price: Money | null;
  line_total: Money | null;
  /** The variant's image, else its product's first; null when it has none. */
  image: ImageObject | null;
}

export interface CartObject {
  items: CartItemObject[];
  item_count: number;
  total_price: Money | null;
}

/** An empty cart (a visitor without a session). */
export const EMPTY_CART: CartObject = Object.freeze({
  items: [],
  item_count: 0,
  total_price: null,
}) as CartObject;

/**
 * The template cart from its lines, its money formatted for locale. total_price counts available lines only (lineSellable), and is null when the
 * lines mix currencies (it cannot be computed then).
 */
export function cartObject(
  lines: CartLineRow[],
  locale: string,
  images: ReadonlyMap<string, ImageObject> = new Map(),
): CartObject {
  const currencies = new Set(lines.map((l) => l.currency));
  const available = lines.filter(lineSellable);
  const total = available.reduce((sum, l) => sum + l.price_minor * l.quantity, 0);
  return {
    items: lines.map((l) => ({
      variant_id: l.variant_id,
      product_slug: l.product_slug,
      product_name: l.product_name,
      variant_name: l.variant_name,
      url: `/products/${encodeURIComponent(l.product_slug)}`,
      quantity: l.quantity,
      available: lineSellable(l), // a tracked stock of 0 is unavailable too
      unit_price: money(l.price_minor, l.currency, locale),
      line_total: money(l.price_minor * l.quantity, l.currency, locale),
      image: images.get(l.variant_id) ?? null,
    })),
    // The same lines as total_price: the header badge and the subtotal count what checkout can order.
    item_count: available.reduce((sum, l) => sum + l.quantity, 0),
    total_price: currencies.size === 1 ? money(total, [...currencies][0], locale) : null,
  };
}
