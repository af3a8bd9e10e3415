// Cart queries: a cart belongs to one session of one site; prices are read from variants, never stored.
import type { Db } from '../db.js';

/** One cart line joined with its variant and product. */
export interface CartLineRow {
  variant_id: string;
  quantity: number;
  sku: string;
  variant_name: string;
  price_minor: number;
  currency: string;
  available: boolean | number;
  product_slug: string;
  product_name: string;
}

/** The lines of the session's cart, oldest first (one query). */
export async function cartLinesForSession(db: Db, siteId: string, sessionId: string): Promise<CartLineRow[]> {
  return (await db('carts as c')
    .join('cart_lines as l', 'l.cart_id', 'c.id')
    .join('variants as v', 'v.id', 'l.variant_id')
    .join('products as p', 'p.id', 'v.product_id')
    .where({ 'c.site_id': siteId, 'c.session_id': sessionId })
    .orderBy([{ column: 'l.created_at' }, { column: 'l.variant_id' }])
    .select(
      'l.variant_id',
      'l.quantity',
      'v.sku',
      'v.name as variant_name',
      'v.price_minor',
      'v.currency',
      'v.available',
      'p.slug as product_slug',
      'p.name as product_name',
    )) as CartLineRow[];
}
