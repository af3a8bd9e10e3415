// One account per (site, email_key): the uniqueness every lookup by email relies on, in the same
// byte-exact comparison the lookups and the sign-in limits use.
import type { Knex } from 'knex';

const INDEX = 'accounts_site_id_email_key_unique';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('accounts', (t) => {
    t.unique(['site_id', 'email_key'], { indexName: INDEX });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('accounts', (t) => {
    t.dropUnique(['site_id', 'email_key'], INDEX);
  });
}
