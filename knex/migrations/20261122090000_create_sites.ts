// A website (one workspace/application). Shop rules (policies, shipping, tax) are per site.
import type { Knex } from 'knex';
import { mysqlTableOptions, timestamps, uuidPrimary } from './table-options.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sites', (t) => {
    mysqlTableOptions(knex, t);
    uuidPrimary(t);
    t.string('host', 253).nullable().unique();
    t.string('name', 160).notNullable();
    t.boolean('is_default').notNullable().defaultTo(false);
    t.string('currency', 3).notNullable().defaultTo('EUR');
    t.string('register_policy', 16).notNullable().defaultTo('open');
    t.string('login_policy', 16).notNullable().defaultTo('open');
    t.integer('shipping_fee_minor').notNullable().defaultTo(495);
    t.integer('free_shipping_min_minor').nullable().defaultTo(5000);
    t.integer('tax_rate_bp').notNullable().defaultTo(2000);
    timestamps(t);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sites');
}
