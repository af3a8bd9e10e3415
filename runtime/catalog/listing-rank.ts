// products.listing_rank: the materialized place of each live product in its site's listing, so a
// listing page is an index range (`listing_rank BETWEEN a AND b`) and the total is MAX(listing_rank)
// (see store.ts), whatever the catalog's size and however deep the page. The ranks are 1..n in
// `(position, id)` order, NULL for archived products, unique per site. Every writer that inserts or
// deletes a product, or changes its position or archived_at, calls renumberListing in its own
// transaction, so readers never see a half-renumbered listing.
import type { Db } from '../db.js';
import { engineOf } from '../db-engine.js';
import { changedRows } from '../db-raw.js';

/** Live products of one site numbered in listing order, with the rank each holds now. */
const RANKS =
  'SELECT id, listing_rank AS was, ROW_NUMBER() OVER (ORDER BY position, id) AS rn FROM products WHERE site_id = ? AND archived_at IS NULL';

/**
 * Renumbers the listing ranks of a site after a catalog write; db is the writer's transaction.
 * Set-based and writes only the rows whose rank changes (nothing when an import only changed
 * prices). Returns how many live products got a new rank.
 */
export async function renumberListing(db: Db, siteId: string): Promise<number> {
  // Ranks are unique per site, and both engines check a unique index row by row during an UPDATE:
  // archived products give their rank up first, then each moved product takes the negative of its
  // new rank (no live rank is negative, and the new ranks are distinct), then the negatives are
  // flipped, by which time every positive rank left is one its holder keeps.
  await db('products')
    .where({ site_id: siteId })
    .whereNotNull('archived_at')
    .whereNotNull('listing_rank')
    .update({ listing_rank: null });
  // Only rows whose rank changes match, so the count of matched rows is the count of moves. MySQL
  // has no UPDATE … FROM and SQLite (3.33+, bundled by better-sqlite3) no UPDATE … JOIN.
  const moved = await changedRows(
    db,
    engineOf(db) === 'mysql'
      ? `UPDATE products p JOIN (${RANKS}) r ON p.id = r.id SET p.listing_rank = -r.rn WHERE r.was IS NULL OR r.was <> r.rn`
      : `UPDATE products SET listing_rank = -r.rn FROM (${RANKS}) AS r WHERE products.id = r.id AND (r.was IS NULL OR r.was <> r.rn)`,
    [siteId],
  );
  if (moved > 0)
    await db('products')
      .where({ site_id: siteId })
      .where('listing_rank', '<', 0)
      .update({ listing_rank: db.raw('-listing_rank') });
  return moved;
}
