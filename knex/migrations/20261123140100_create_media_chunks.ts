// media_chunks: the bytes of a media original in pieces of at most 512 KiB. One 15 MB blob would not
// fit a MySQL packet once escaped (max_allowed_packet defaults to 16 MiB) and would make one huge
// Galera write set; pieces keep every statement small.
import type { Knex } from 'knex';
import { mysqlTableOptions, siteColumn } from './table-options.js';

export async function up(knex: Knex): Promise<void> {
  const mysql = (knex.client.config as Knex.Config).client === 'mysql2';
  await knex.schema.createTable('media_chunks', (t) => {
    mysqlTableOptions(knex, t);
    siteColumn(t);
    t.string('hash', 64).notNullable();
    t.integer('seq').notNullable();
    // knex's binary() is a 64 KiB BLOB on MySQL; a piece needs MEDIUMBLOB.
    if (mysql) t.specificType('data', 'MEDIUMBLOB').notNullable();
    else t.binary('data').notNullable();
    t.primary(['site_id', 'hash', 'seq']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('media_chunks');
}
