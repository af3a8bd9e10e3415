// Server-side sessions (koa-session external store), shared by every serve process.
import type { Knex } from 'knex';
import { mysqlTableOptions, siteColumn, timeColumn, timestamps } from './table-options.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sessions', (t) => {
    mysqlTableOptions(knex, t);
    t.string('id', 64).primary();
    siteColumn(t);
    t.uuid('account_id').nullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.text('data').notNullable();
    timeColumn(t, 'expires_at').notNullable().index();
    timestamps(t);
    t.index(['account_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sessions');
}
