// Idempotency keys of place-order, unique per site: the primary key makes concurrent duplicates
// collide in the database instead of relying on an in-process lock.
import type { Knex } from 'knex';
import { mysqlTableOptions, siteColumn, timeColumn } from './table-options.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('idempotency_records', (t) => {
    mysqlTableOptions(knex, t);
    siteColumn(t);
    t.string('idempotency_key', 64).notNullable();
    t.string('request_hash', 64).notNullable();
    t.string('state', 16).notNullable();
    t.integer('response_status').nullable();
    t.text('response_body').nullable();
    t.uuid('order_id').nullable();
    timeColumn(t, 'created_at').notNullable();
    timeColumn(t, 'expires_at').notNullable().index();
    t.primary(['site_id', 'idempotency_key']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('idempotency_records');
}
