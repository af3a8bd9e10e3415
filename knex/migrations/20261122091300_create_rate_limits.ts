// Fixed-window counters for login throttling, in the database so they hold across processes.
import type { Knex } from 'knex';
import { mysqlTableOptions, siteColumn, timeColumn } from './table-options.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limits', (t) => {
    mysqlTableOptions(knex, t);
    t.string('bucket', 160).primary();
    siteColumn(t);
    t.integer('hits').notNullable();
    timeColumn(t, 'window_started_at').notNullable();
    timeColumn(t, 'expires_at').notNullable().index();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rate_limits');
}
