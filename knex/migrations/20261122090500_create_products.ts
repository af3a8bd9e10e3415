// Catalog products; the slug is unique per site and is the public address.
import type { Knex } from 'knex';
import { mysqlTableOptions, siteColumn, timestamps, uuidPrimary } from './table-options.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('products', (t) => {
    mysqlTableOptions(knex, t);
    uuidPrimary(t);
    siteColumn(t);
    t.string('slug', 190).notNullable();
    t.string('name', 160).notNullable();
    t.text('description').notNullable();
    t.string('category', 64).notNullable().defaultTo('');
    t.integer('position').notNullable().defaultTo(0);
    timestamps(t);
    t.unique(['site_id', 'slug']);
    t.index(['site_id', 'position']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('products');
}
