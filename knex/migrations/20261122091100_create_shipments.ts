// Shipments of an order; a tracking number is unique per site (public tracking looks it up).
import type { Knex } from 'knex';
import { mysqlTableOptions, siteColumn, timeColumn, uuidPrimary } from './table-options.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('shipments', (t) => {
    mysqlTableOptions(knex, t);
    uuidPrimary(t);
    siteColumn(t);
    t.uuid('order_id').notNullable().references('id').inTable('orders').onDelete('CASCADE');
    t.string('carrier', 64).notNullable();
    t.string('tracking_number', 64).notNullable();
    t.string('tracking_url', 2048).nullable();
    t.string('status', 24).notNullable().defaultTo('shipped');
    timeColumn(t, 'shipped_at').nullable();
    timeColumn(t, 'created_at').notNullable();
    t.unique(['site_id', 'tracking_number']);
    t.index(['order_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('shipments');
}
