// Placed orders with their totals frozen at placement; bound to an account or a guest session.
import type { Knex } from 'knex';
import { mysqlTableOptions, siteColumn, timeColumn, uuidPrimary } from './table-options.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('orders', (t) => {
    mysqlTableOptions(knex, t);
    uuidPrimary(t);
    siteColumn(t);
    t.string('number', 32).notNullable();
    t.uuid('account_id').nullable().references('id').inTable('accounts').onDelete('SET NULL');
    t.string('session_id', 64).nullable();
    t.string('status', 24).notNullable().defaultTo('placed');
    t.string('currency', 3).notNullable();
    t.integer('subtotal_minor').notNullable();
    t.integer('shipping_minor').notNullable();
    t.integer('tax_minor').notNullable();
    t.integer('discount_minor').notNullable();
    t.integer('total_minor').notNullable();
    t.text('shipping_address').notNullable();
    t.text('note').notNullable();
    timeColumn(t, 'placed_at').notNullable();
    timeColumn(t, 'created_at').notNullable();
    t.unique(['site_id', 'number']);
    t.index(['site_id', 'account_id', 'placed_at']);
    t.index(['site_id', 'session_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('orders');
}
