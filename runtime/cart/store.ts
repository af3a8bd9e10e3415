// Cart queries: a cart belongs to one session of one site; prices are read from variants, never stored.
// Prices are BIGINT on MySQL; mysql2 answers them as numbers because runtime/db.ts sets neither
// supportBigNumbers nor bigNumberStrings (test/http/money-limits.test.ts checks it).
// Adding a line or changing its quantity runs in one transaction holding the cart's lock (lockCart,
// then lockedCartLines, then insertCartLine or updateCartLineQuantity), replayed as a whole by the
// caller on a write conflict. The other writes are single autocommit statements retried on a write
// conflict (writeWithRetry: deadlock, Galera certification failure, SQLite busy): a statement
// rejected that way had no effect, so a replay applies it exactly once.
import type { Knex } from 'knex';
import type { Db } from '../db.js';
import { writeWithRetry } from '../db-retry.js';
import { isUniqueViolation } from '../db-errors.js';
import { newId } from '../ids.js';
import { dbNow } from '../time.js';
import { changedRows, forUpdate, placeholders, selectRows } from '../db-raw.js';

/** One cart line joined with its variant and product. */
export interface CartLineRow {
  variant_id: string;
  quantity: number;
  sku: string;
  variant_name: string;
  price_minor: number;
  currency: string;
  /** The variant's own flag; see lineSellable for what a shopper sees. */
  available: boolean | number;
  /** Units left; null when the variant's stock is not tracked. */
  stock: number | null;
  product_slug: string;
  product_name: string;
}

/** A variant is for sale when its flag says so and its stock (if tracked) is not used up. */
export function lineSellable(row: { available: boolean | number; stock: number | null }): boolean {
  return Boolean(row.available) && (row.stock == null || row.stock > 0);
}

/** A line of a session's cart, with the id of the cart (place-order deletes its lines by it). */
export type SessionCartLine = CartLineRow & { cart_id: string };

// Raw SQL (runtime/db-raw.ts): every cart endpoint and place-order run it.
const SESSION_CART_LINES =
  'select `c`.`id` as `cart_id`, `l`.`variant_id`, `l`.`quantity`, `v`.`sku`, `v`.`name` as `variant_name`, ' +
  '`v`.`price_minor`, `v`.`currency`, `v`.`available`, `v`.`stock`, `p`.`slug` as `product_slug`, `p`.`name` as `product_name` ' +
  'from `carts` as `c` inner join `cart_lines` as `l` on `l`.`cart_id` = `c`.`id` ' +
  'inner join `variants` as `v` on `v`.`id` = `l`.`variant_id` inner join `products` as `p` on `p`.`id` = `v`.`product_id` ' +
  'where `c`.`site_id` = ? and `c`.`session_id` = ? order by `l`.`created_at` asc, `l`.`variant_id` asc';

/** The lines of the session's cart, oldest first (one query). */
export async function cartLinesForSession(
  db: Db,
  siteId: string,
  sessionId: string,
): Promise<SessionCartLine[]> {
  return selectRows<SessionCartLine>(db, SESSION_CART_LINES, [siteId, sessionId]);
}

/** A variant of a site as the cart needs it. */
export interface CartVariantRow {
  id: string;
  currency: string;
  available: boolean | number;
  stock: number | null;
}

/** A variant of this site by id (another site's variant is not found). */
export async function findCartVariant(
  db: Db,
  siteId: string,
  variantId: string,
): Promise<CartVariantRow | undefined> {
  const rows = await selectRows<CartVariantRow>(
    db,
    'select `id`, `currency`, `available`, `stock` from `variants` where `site_id` = ? and `id` = ? limit 1',
    [siteId, variantId],
  );
  return rows[0];
}

/** The id of the session's cart, or null. */
export async function cartIdForSession(db: Db, siteId: string, sessionId: string): Promise<string | null> {
  const rows = await selectRows<{ id: string }>(
    db,
    'select `id` from `carts` where `site_id` = ? and `session_id` = ? limit 1',
    [siteId, sessionId],
  );
  return rows[0]?.id ?? null;
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
 * Takes the cart's lock for the rest of the transaction by writing its row (updated_at); false when
 * the cart no longer exists. Every change that must see the cart's lines as they are (the caps on
 * lines, quantities and the order amount) starts here, so the changes of one cart run one at a time:
 * - MySQL/MariaDB: the row's exclusive lock, the one SELECT … FOR UPDATE takes, held to COMMIT.
 * - Galera: locks are per node, but every such transaction writes this row, so two of them on
 *   different nodes conflict at certification and one is replayed (a bare FOR UPDATE would not).
 * - SQLite: the first statement takes the database's write lock, so the transaction never has to
 *   turn a read lock into a write lock half-way (SQLITE_BUSY under contention).
 */
export async function lockCart(trx: Db, cartId: string): Promise<boolean> {
  // mysql2 connects with FOUND_ROWS: a row whose value did not change still counts.
  const n = await changedRows(trx, 'update `carts` set `updated_at` = ? where `id` = ?', [dbNow(), cartId]);
  return n > 0;
}

/** A line's variant and quantity. */
export interface CartLineQuantity {
  variant_id: string;
  quantity: number;
}

/**
 * The cart's lines, read after lockCart in the same transaction. FOR UPDATE on MySQL: a locking read
 * sees the newest committed rows even on engines whose snapshot predates the lock (TiDB). SQLite has
 * no such clause (knex leaves it out) and needs none: the transaction holds the write lock.
 * Only cart_lines is locked: locking the joined variants too would block catalog writes.
 */
export async function lockedCartLines(trx: Db, cartId: string): Promise<CartLineQuantity[]> {
  return selectRows<CartLineQuantity>(
    trx,
    `select \`variant_id\`, \`quantity\` from \`cart_lines\` where \`cart_id\` = ?${forUpdate(trx)}`,
    [cartId],
  );
}

/** The current unit prices (minor units) of variants of a site, by id. */
export async function variantPrices(
  db: Db,
  siteId: string,
  variantIds: string[],
): Promise<Map<string, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await selectRows<{ id: string; price_minor: number }>(
    db,
    `select \`id\`, \`price_minor\` from \`variants\` where \`site_id\` = ? and \`id\` in (${placeholders(variantIds.length)})`,
    [siteId, ...variantIds],
  );
  return new Map(rows.map((r) => [r.id, r.price_minor]));
}

/** Inserts a line (inside the cart's lock, after checking there is none). */
export async function insertCartLine(
  trx: Db,
  siteId: string,
  cartId: string,
  variantId: string,
  quantity: number,
): Promise<void> {
  const now = dbNow();
  await changedRows(
    trx,
    'insert into `cart_lines` (`cart_id`, `variant_id`, `site_id`, `quantity`, `created_at`, `updated_at`) values (?, ?, ?, ?, ?, ?)',
    [cartId, variantId, siteId, quantity, now, now],
  );
}

/** Sets an existing line's quantity (inside the cart's lock). */
export async function updateCartLineQuantity(
  trx: Db,
  cartId: string,
  variantId: string,
  quantity: number,
): Promise<void> {
  await changedRows(
    trx,
    'update `cart_lines` set `quantity` = ?, `updated_at` = ? where `cart_id` = ? and `variant_id` = ?',
    [quantity, dbNow(), cartId, variantId],
  );
}

/** Removes a line (absent lines are fine). */
export async function deleteCartLine(db: Db, cartId: string, variantId: string): Promise<void> {
  const n = await writeWithRetry(db, (db) =>
    db('cart_lines').where({ cart_id: cartId, variant_id: variantId }).delete(),
  );
  if (n > 0)
    await writeWithRetry(db, (db) => db('carts').where({ id: cartId }).update({ updated_at: dbNow() }));
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
  const exact = lines.map(() => '(`variant_id` = ? and `quantity` = ?)').join(' or ');
  return changedRows(db, `delete from \`cart_lines\` where \`cart_id\` = ? and (${exact})`, [
    cartId,
    ...lines.flatMap((l) => [l.variant_id, l.quantity]),
  ]);
}

/** Moves the cart of one session to another (login rotates the session id). */
export async function moveCart(
  db: Db,
  siteId: string,
  fromSessionId: string,
  toSessionId: string,
): Promise<void> {
  await writeWithRetry(db, (db) =>
    db('carts')
      .where({ site_id: siteId, session_id: fromSessionId })
      .update({ session_id: toSessionId, updated_at: dbNow() }),
  );
}

/** Deletes the cart of a session (its lines cascade). */
export async function deleteCart(db: Db, siteId: string, sessionId: string): Promise<void> {
  await writeWithRetry(db, (db) => db('carts').where({ site_id: siteId, session_id: sessionId }).delete());
}

/** Deletes the carts of the sessions a subquery names (an account blocked: its sessions end). */
export async function deleteCartsOfSessions(
  db: Db,
  siteId: string,
  sessionIds: Knex.QueryBuilder,
): Promise<void> {
  await writeWithRetry(db, (db) =>
    db('carts').where({ site_id: siteId }).whereIn('session_id', sessionIds).delete(),
  );
}
