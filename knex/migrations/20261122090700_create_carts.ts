// One cart per session; it lives and dies with its (guest or account) session.
import type { Knex } from 'knex';
import { mysqlTableOptions, siteColumn, timestamps, uuidPrimary } from './table-options.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('carts', (t) => {
    mysqlTableOptions(knex, t);
    uuidPrimary(t);
    siteColumn(t);
    t.string('session_id', 64).notNullable().unique().references('id').inTable('sessions').onDelete('CASCADE');
    timestamps(t);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('carts');
}
