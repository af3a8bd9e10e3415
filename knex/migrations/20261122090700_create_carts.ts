// One cart per session. No foreign key to sessions: login rotates the session id and moves the
// cart to the new id; carts of expired sessions are swept by runtime/cart/store.ts.
import type { Knex } from 'knex';
import { mysqlTableOptions, siteColumn, timestamps, uuidPrimary } from './table-options.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('carts', (t) => {
    mysqlTableOptions(knex, t);
    uuidPrimary(t);
    siteColumn(t);
    t.string('session_id', 64).notNullable().unique();
    timestamps(t);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('carts');
}
