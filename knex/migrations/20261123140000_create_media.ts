// media: one row per image original of a site, keyed by the SHA-256 of its bytes (so the same file
// imported twice is stored once and its URLs never change). The bytes themselves live in
// media_chunks; this row holds what pages need without reading them (size, alpha for the fallback
// format). Originals are in the database so every `serve` process on every machine, and every
// Galera node, sees them with no shared disk.
import type { Knex } from 'knex';
import { mysqlTableOptions, siteColumn, timeColumn } from './table-options.js';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('media', (t) => {
    mysqlTableOptions(knex, t);
    siteColumn(t);
    t.string('hash', 64).notNullable();
    t.string('format', 8).notNullable();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.boolean('has_alpha').notNullable();
    t.integer('bytes').notNullable();
    t.integer('chunks').notNullable();
    timeColumn(t, 'created_at').notNullable();
    t.primary(['site_id', 'hash']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('media');
}
