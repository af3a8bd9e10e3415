// Purchasable variants of a product; prices in integer minor units with a currency.
import type { Knex } from 'knex';
import { mysqlTableOptions, siteColumn, timestamps, uuidPrimary } from './table-options.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('variants', (t) => {
    mysqlTableOptions(knex, t);
    uuidPrimary(t);
    siteColumn(t);
    t.uuid('product_id').notNullable().references('id').inTable('products').onDelete('CASCADE');
    t.string('sku', 64).notNullable();
    t.string('name', 160).notNullable();
    t.integer('price_minor').notNullable();
    t.string('currency', 3).notNullable();
    t.boolean('available').notNullable().defaultTo(true);
    t.integer('position').notNullable().defaultTo(0);
    timestamps(t);
    t.unique(['site_id', 'sku']);
    t.index(['product_id', 'position']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('variants');
}
