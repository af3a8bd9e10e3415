// Cart queries: a cart belongs to one session of one site; prices are read from variants, never stored.
// Writes are single autocommit statements retried on a write conflict (writeWithRetry: deadlock,
// Galera certification failure, SQLite busy). A statement rejected that way had no effect, so even
// the `quantity + n` increment is applied exactly once; a multi-statement function is never replayed
// as a whole (its earlier statements have committed). Inside a transaction they run once.
import type { Db } from '../db.js';
import { writeWithRetry } from '../db-retry.js';
import { isUniqueViolation } from '../accounts/store.js';
import { newId } from '../ids.js';
import { dbNow } from '../time.js';

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

/** A variant of a site as the cart needs it. */
export interface CartVariantRow {
  id: string;
  currency: string;
  available: boolean | number;
}

/** A variant of this site by id (another site's variant is not found). */
export async function findCartVariant(
  db: Db,
  siteId: string,
  variantId: string,
): Promise<CartVariantRow | undefined> {
  return (await db('variants')
    .where({ site_id: siteId, id: variantId })
    .first('id', 'currency', 'available')) as CartVariantRow | undefined;
}

/** The id of the session's cart, or null. */
export async function cartIdForSession(db: Db, siteId: string, sessionId: string): Promise<string | null> {
  const row = (await db('carts').where({ site_id: siteId, session_id: sessionId }).first('id')) as
    { id: string } | undefined;
  return row?.id ?? null;
}

/**
 * The session's cart id, created when missing. Two requests of one session racing here both end
 * with the same cart: the loser's insert hits the unique session_id and it reads the winner's row.
 */
export async function ensureCartForSession(db: Db, siteId: string, sessionId: string): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await cartIdForSession(db, siteId, sessionId);
    if (existing) return existing;
    const id = newId();
    const now = dbNow();
    try {
      await writeWithRetry(db, (db) =>
        db('carts').insert({
          id,
          site_id: siteId,
          session_id: sessionId,
          created_at: now,
          updated_at: now,
        }),
      );
      return id;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error('cart for session could not be created');
}

/**
 * Adds quantity to a line atomically: the existing line grows only while the result stays within
 * max; a missing line is inserted. Returns false (nothing changed) when the line would exceed max.
 */
export async function addToCartLine(
  db: Db,
  siteId: string,
  cartId: string,
  variantId: string,
  quantity: number,
  max: number,
): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = dbNow();
    const grown = await writeWithRetry(db, (db) =>
      db('cart_lines')
        .where({ cart_id: cartId, variant_id: variantId })
        .andWhere('quantity', '<=', max - quantity)
        .update({ quantity: db.raw('quantity + ?', [quantity]), updated_at: now }),
    );
    if (grown > 0) return touch(db, cartId, true);
    const line = (await db('cart_lines')
      .where({ cart_id: cartId, variant_id: variantId })
      .first('quantity')) as { quantity: number } | undefined;
    if (line) {
      if (line.quantity + quantity > max) return false;
      continue; // changed under us: try the update again
    }
    try {
      await writeWithRetry(db, (db) =>
        db('cart_lines').insert({
          cart_id: cartId,
          variant_id: variantId,
          site_id: siteId,
          quantity,
          created_at: now,
          updated_at: now,
        }),
      );
      return touch(db, cartId, true);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err; // a concurrent add inserted it: grow it instead
    }
  }
  throw new Error('cart line could not be updated');
}

/** Sets a line's quantity; returns false when the cart has no such line. */
export async function setCartLineQuantity(
  db: Db,
  cartId: string,
  variantId: string,
  quantity: number,
): Promise<boolean> {
  const n = await writeWithRetry(db, (db) =>
    db('cart_lines')
      .where({ cart_id: cartId, variant_id: variantId })
      .update({ quantity, updated_at: dbNow() }),
  );
  return n > 0 ? touch(db, cartId, true) : false;
}

/** Removes a line (absent lines are fine). */
export async function deleteCartLine(db: Db, cartId: string, variantId: string): Promise<void> {
  const n = await writeWithRetry(db, (db) =>
    db('cart_lines').where({ cart_id: cartId, variant_id: variantId }).delete(),
  );
  if (n > 0) await touch(db, cartId, true);
}

async function touch(db: Db, cartId: string, result: boolean): Promise<boolean> {
  await writeWithRetry(db, (db) => db('carts').where({ id: cartId }).update({ updated_at: dbNow() }));
  return result;
}

/**
 * Deletes exactly these lines (same variant and quantity) of a cart; returns how many matched. A
 * caller that read the lines earlier learns from the count whether the cart changed in between.
 */
export async function deleteExactCartLines(
  db: Db,
  cartId: string,
  lines: Array<{ variant_id: string; quantity: number }>,
): Promise<number> {
  if (lines.length === 0) return 0;
  return db('cart_lines')
    .where({ cart_id: cartId })
    .andWhere((q) => {
      for (const l of lines) q.orWhere((w) => w.where({ variant_id: l.variant_id, quantity: l.quantity }));
    })
    .delete();
}

/** How many lines of the cart are for other variants than this one. */
export async function countOtherLines(db: Db, cartId: string, variantId: string): Promise<number> {
  const row = (await db('cart_lines')
    .where({ cart_id: cartId })
    .whereNot({ variant_id: variantId })
    .count({ n: '*' })
    .first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}
