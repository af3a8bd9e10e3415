// variants.image_hash: the variant's own image (one of its product's images, e.g. the colour it
// shows); NULL = the variant shows its product's images.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('variants', (t) => {
    t.string('image_hash', 64).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  // Not knex's dropColumn on SQLite: it rebuilds the table, which other tables reference.
  if ((knex.client.config as Knex.Config).client === 'mysql2') {
    await knex.schema.alterTable('variants', (t) => {
      t.dropColumn('image_hash');
    });
  } else {
    await knex.raw('ALTER TABLE variants DROP COLUMN image_hash');
  }
}
