// Order lines keep the names and unit prices as they were when the order was placed.
import type { Knex } from 'knex';
import { mysqlTableOptions, siteColumn, uuidPrimary } from './table-options.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('order_lines', (t) => {
    mysqlTableOptions(knex, t);
    uuidPrimary(t);
    siteColumn(t);
    t.uuid('order_id').notNullable().references('id').inTable('orders').onDelete('CASCADE');
    t.uuid('variant_id').nullable().references('id').inTable('variants').onDelete('SET NULL');
    t.string('sku', 64).notNullable();
    t.string('product_name', 160).notNullable();
    t.string('variant_name', 160).notNullable();
    t.integer('unit_price_minor').notNullable();
    t.integer('quantity').notNullable();
    t.integer('line_total_minor').notNullable();
    t.integer('position').notNullable().defaultTo(0);
    t.index(['order_id', 'position']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('order_lines');
}
