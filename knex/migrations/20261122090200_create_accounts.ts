// Customer accounts: email + bcrypt hash, unique per site (emails are stored lower-cased).
import type { Knex } from 'knex';
import { mysqlTableOptions, siteColumn, timeColumn, timestamps, uuidPrimary } from './table-options.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('accounts', (t) => {
    mysqlTableOptions(knex, t);
    uuidPrimary(t);
    siteColumn(t);
    t.string('email', 254).notNullable();
    t.string('password_hash', 100).notNullable();
    t.string('display_name', 160).notNullable();
    t.string('phone', 32).notNullable().defaultTo('');
    t.boolean('email_verified').notNullable().defaultTo(false);
    timeColumn(t, 'blocked_at').nullable();
    timestamps(t);
    t.unique(['site_id', 'email']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('accounts');
}
