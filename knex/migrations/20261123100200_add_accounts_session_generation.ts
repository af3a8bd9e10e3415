// accounts.session_generation: bumped by every block. A session keeps the generation its login read
// together with the blocked status, and counts only while the two are equal, so a login that raced a
// block (checked before it, wrote its session after it) never signs anyone in, not even after unblock.
import type { Knex } from 'knex';

const isMysql = (knex: Knex) => (knex.client.config as Knex.Config).client === 'mysql2';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('accounts', (t) => {
    t.integer('session_generation').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  // Not knex's dropColumn on SQLite: its table rebuild cannot copy the generated email_key column.
  if (isMysql(knex)) {
    await knex.schema.alterTable('accounts', (t) => {
      t.dropColumn('session_generation');
    });
  } else {
    await knex.raw('ALTER TABLE accounts DROP COLUMN session_generation');
  }
}
