// product_images: a product's images in gallery order, each a media original with its alt text.
// The same original may serve several products (the key is the product and the position).
import type { Knex } from 'knex';
import { mysqlTableOptions, siteColumn } from './table-options.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('product_images', (t) => {
    mysqlTableOptions(knex, t);
    siteColumn(t);
    t.uuid('product_id').notNullable().references('id').inTable('products').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.string('media_hash', 64).notNullable();
    t.string('alt', 500).notNullable().defaultTo('');
    t.primary(['product_id', 'position']);
    t.index(['site_id', 'media_hash']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('product_images');
}
