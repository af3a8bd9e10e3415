// Stock: an optional count of units left per variant (variants.stock; NULL = not tracked).
//
// - place-order takes the units of every line in the order's own transaction with one conditional
//   update per line (takeStock): `stock = stock - q where id = ? and (stock is null or stock >= q)`.
//   An untracked variant matches and stays NULL (NULL - q is NULL); a tracked one matches only
//   while enough is left, so the count never goes below 0, whatever the concurrency: on MySQL the
//   update waits for the row lock and re-reads the row; on Galera a concurrent decrement through
//   another node fails certification and the whole transaction is replayed (transactionWithRetry),
//   seeing the new count; SQLite runs one writer at a time.
// - A line that lacks stock makes the whole order fail with 409 out_of_stock naming the lines;
//   the transaction rolls back, so no other line's units are taken either.
// - Carts do not reserve stock. A variant with stock 0 is unavailable (cart/add 422, pages show
//   it unavailable); lines already in a cart stay and can be updated or removed.
// - The operator sets or adjusts counts with `storefront inventory set|adjust` (setStock,
//   adjustStock); an adjustment is one conditional update too, so it never races an order below 0.
import type { Db } from '../db.js';
import { writeWithRetry } from '../db-retry.js';
import { HttpError, type OutOfStockLine } from '../errors.js';
import { UserError } from '../user-error.js';
import { dbNow } from '../time.js';

/** The most units a variant may hold (a signed 32-bit INT column). */
export const MAX_STOCK = 2_000_000_000;

/** A line to take units for. */
export interface StockLine {
  variant_id: string;
  quantity: number;
  sku: string;
  product_name: string;
  variant_name: string;
}

/**
 * Takes the units of every line inside the caller's transaction; throws 409 out_of_stock naming
 * every short line (the caller's transaction then rolls back what was already taken).
 */
export async function takeStock(trx: Db, siteId: string, lines: StockLine[]): Promise<void> {
  const short: StockLine[] = [];
  // One order of rows for every order: two multi-line orders never wait on each other in a circle.
  const sorted = [...lines].sort((a, b) =>
    a.variant_id < b.variant_id ? -1 : a.variant_id > b.variant_id ? 1 : 0,
  );
  for (const l of sorted) {
    const n = await trx('variants')
      .where({ site_id: siteId, id: l.variant_id })
      .andWhere((w) => w.whereNull('stock').orWhere('stock', '>=', l.quantity))
      .update({ stock: trx.raw('stock - ?', [l.quantity]) });
    if (n === 0) short.push(l);
  }
  if (short.length === 0) return;
  const left = new Map(
    (
      (await trx('variants')
        .where({ site_id: siteId })
        .whereIn(
          'id',
          short.map((l) => l.variant_id),
        )
        // A locking read: the newest committed count, not the transaction's snapshot from its first
        // read (MySQL's REPEATABLE READ), which may still show units that others have taken since.
        .forShare()
        .select('id', 'stock')) as Array<{ id: string; stock: number | null }>
    ).map((r) => [r.id, r.stock ?? 0]),
  );
  const named: OutOfStockLine[] = lines
    .filter((l) => short.includes(l))
    .map((l) => ({
      variant_id: l.variant_id,
      sku: l.sku,
      ProductName: l.product_name,
      VariantName: l.variant_name,
      quantity: l.quantity,
      stock: left.get(l.variant_id) ?? 0,
    }));
  const list = named
    .map((l) => `${l.ProductName} – ${l.VariantName} (${l.stock === 0 ? 'sold out' : `${l.stock} left`})`)
    .join(', ');
  throw new HttpError('out_of_stock', `Not enough stock for: ${list}.`, {
    lines: named,
  });
}

/** A variant's stock as the inventory commands report it. */
export interface StockRow {
  sku: string;
  variant_id: string;
  /** null: not tracked. */
  stock: number | null;
}

async function variantBySku(db: Db, siteId: string, sku: string): Promise<StockRow> {
  const row = (await db('variants').where({ site_id: siteId, sku }).first('id', 'sku', 'stock')) as
    { id: string; sku: string; stock: number | null } | undefined;
  if (!row) throw new UserError(`no variant with SKU ${JSON.stringify(sku)} on this site`);
  return { sku: row.sku, variant_id: row.id, stock: row.stock };
}

/** Sets a variant's stock (null stops tracking it). */
export async function setStock(db: Db, siteId: string, sku: string, stock: number | null): Promise<StockRow> {
  const row = await variantBySku(db, siteId, sku);
  await writeWithRetry(db, (db) =>
    db('variants').where({ site_id: siteId, id: row.variant_id }).update({ stock, updated_at: dbNow() }),
  );
  return { ...row, stock };
}

/**
 * Adds delta (negative: removes) to a tracked variant's stock in one conditional update; refuses an
 * untracked variant and a result below 0 or above MAX_STOCK, leaving the count as it was.
 */
export async function adjustStock(db: Db, siteId: string, sku: string, delta: number): Promise<StockRow> {
  const row = await variantBySku(db, siteId, sku);
  if (row.stock === null)
    throw new UserError(
      `the stock of ${sku} is not tracked; set it first: storefront inventory set ${sku} N`,
    );
  const n = await writeWithRetry(db, (db) =>
    db('variants')
      .where({ site_id: siteId, id: row.variant_id })
      .whereNotNull('stock')
      .andWhere('stock', '>=', -delta)
      .andWhere('stock', '<=', MAX_STOCK - delta)
      .update({ stock: db.raw('stock + ?', [delta]), updated_at: dbNow() }),
  );
  const after = await variantBySku(db, siteId, sku);
  if (n === 0) {
    if (after.stock === null) throw new UserError(`the stock of ${sku} is not tracked`);
    const result = after.stock + delta;
    throw new UserError(
      result < 0
        ? `the stock of ${sku} would go below 0 (${after.stock} ${delta < 0 ? '-' : '+'} ${Math.abs(delta)} = ${result}); nothing changed`
        : `the stock of ${sku} would exceed ${MAX_STOCK}; nothing changed`,
    );
  }
  return after;
}
