// Cart lines: one per variant per cart; prices are never stored here, they come from variants.
import type { Knex } from 'knex';
import { mysqlTableOptions, siteColumn, timestamps } from './table-options.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('cart_lines', (t) => {
    mysqlTableOptions(knex, t);
    t.uuid('cart_id').notNullable().references('id').inTable('carts').onDelete('CASCADE');
    t.uuid('variant_id').notNullable().references('id').inTable('variants').onDelete('CASCADE');
    siteColumn(t);
    t.integer('quantity').notNullable();
    timestamps(t);
    t.primary(['cart_id', 'variant_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('cart_lines');
}
