// products.listing_rank: a product's place in its site's listing (1, 2, … in `(position, id)` order;
// NULL once archived), kept by every catalog writer (runtime/catalog/listing-rank.ts). Page N of the
// listing is then a range of this unique index instead of an OFFSET over the listing index, and the
// listing's total is its largest rank (one index seek) instead of a COUNT(*) scan: both would grow
// with the catalog. Existing rows are ranked here, every site at once.
import type { Knex } from 'knex';

const INDEX = 'products_listing_rank_unique';

/** Live products of every site numbered in listing order: the same order runtime/catalog/store.ts reads. */
const RANKS =
  'SELECT id, ROW_NUMBER() OVER (PARTITION BY site_id ORDER BY position, id) AS rn FROM products WHERE archived_at IS NULL';

function isMysql(knex: Knex): boolean {
  return (knex.client.config as Knex.Config).client === 'mysql2';
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (t) => {
    t.integer('listing_rank').nullable();
  });
  // The ranks are written before the unique index exists: one statement, no per-row index checks.
  if (isMysql(knex))
    await knex.raw(`UPDATE products p JOIN (${RANKS}) r ON p.id = r.id SET p.listing_rank = r.rn`);
  else
    await knex.raw(`UPDATE products SET listing_rank = r.rn FROM (${RANKS}) AS r WHERE products.id = r.id`);
  await knex.schema.alterTable('products', (t) => {
    t.unique(['site_id', 'listing_rank'], { indexName: INDEX });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (t) => {
    t.dropUnique(['site_id', 'listing_rank'], INDEX);
  });
  // Not knex's dropColumn on SQLite: it rebuilds the table, which variants reference.
  if (isMysql(knex))
    await knex.schema.alterTable('products', (t) => {
      t.dropColumn('listing_rank');
    });
  else await knex.raw('ALTER TABLE products DROP COLUMN listing_rank');
}
