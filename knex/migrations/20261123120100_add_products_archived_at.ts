// products.archived_at: set by `storefront catalog import --archive-missing` for a product absent from
// the imported file. An archived product is left out of listings and its page answers 404; its rows
// stay, so past orders (which copy names and prices into order_lines) and their links are untouched.
// NULL = live. Importing a file that lists the product again clears it.
import type { Knex } from 'knex';
import { timeColumn } from './table-options.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (t) => {
    timeColumn(t, 'archived_at').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  // Not knex's dropColumn on SQLite: it rebuilds the table, which variants reference.
  if ((knex.client.config as Knex.Config).client === 'mysql2') {
    await knex.schema.alterTable('products', (t) => {
      t.dropColumn('archived_at');
    });
  } else {
    await knex.raw('ALTER TABLE products DROP COLUMN archived_at');
  }
}
