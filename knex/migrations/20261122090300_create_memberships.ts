// An account's membership of its site; only status 'active' yields a signed-in user.
import type { Knex } from 'knex';
import { mysqlTableOptions, siteColumn, timeColumn, uuidPrimary } from './table-options.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('memberships', (t) => {
    mysqlTableOptions(knex, t);
    uuidPrimary(t);
    siteColumn(t);
    t.uuid('account_id').notNullable().unique().references('id').inTable('accounts').onDelete('CASCADE');
    t.string('status', 16).notNullable().defaultTo('active');
    timeColumn(t, 'joined_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('memberships');
}
