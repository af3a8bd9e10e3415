// variants.stock: how many units are left to sell, or NULL when the variant's stock is not tracked.
// place-order takes units with a conditional decrement (`stock >= quantity`) in the order's own
// transaction, so the count never goes below 0 (runtime/checkout/stock.ts).
import type { Knex } from 'knex';

const isMysql = (knex: Knex) => (knex.client.config as Knex.Config).client === 'mysql2';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('variants', (t) => {
    t.integer('stock').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  // Not knex's dropColumn on SQLite: its table rebuild would copy every other table's references.
  if (isMysql(knex)) {
    await knex.schema.alterTable('variants', (t) => {
      t.dropColumn('stock');
    });
  } else {
    await knex.raw('ALTER TABLE variants DROP COLUMN stock');
  }
}
