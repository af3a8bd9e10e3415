// sites.locale: the BCP 47 tag (`en`, `fr`, `pt-BR`) the site's pages are shown in. It picks the
// theme's translation file and the Intl formatting of money and dates. Existing sites get `en`.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sites', (t) => {
    // 35 characters hold any tag Intl.getCanonicalLocales accepts in practice (language-script-region-variant).
    t.string('locale', 35).notNullable().defaultTo('en');
  });
}

export async function down(knex: Knex): Promise<void> {
  // Not knex's dropColumn on SQLite: it rebuilds the table, which every tenant table references.
  if ((knex.client.config as Knex.Config).client === 'mysql2') {
    await knex.schema.alterTable('sites', (t) => {
      t.dropColumn('locale');
    });
  } else {
    await knex.raw('ALTER TABLE sites DROP COLUMN locale');
  }
}
