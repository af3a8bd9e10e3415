// Shared column conventions for the migrations: InnoDB/utf8mb4 on MySQL, ids as UUID text,
// timestamps as DATETIME(3) UTC text (see runtime/time.ts).
import type { Knex } from 'knex';

/** Applies MySQL table options; SQLite has none. */
export function mysqlTableOptions(knex: Knex, t: Knex.CreateTableBuilder): void {
  if ((knex.client.config as Knex.Config).client === 'mysql2') {
    t.engine('InnoDB');
    t.charset('utf8mb4');
    t.collate('utf8mb4_unicode_ci');
  }
}

/** A UUID primary key column named id. */
export function uuidPrimary(t: Knex.CreateTableBuilder): void {
  t.uuid('id').primary();
}

/** site_id referencing sites(id); every tenant table carries one. */
export function siteColumn(t: Knex.CreateTableBuilder): void {
  t.uuid('site_id').notNullable().references('id').inTable('sites').onDelete('CASCADE');
}

/** A DATETIME(3) column. */
export function timeColumn(t: Knex.CreateTableBuilder, name: string): Knex.ColumnBuilder {
  return t.datetime(name, { precision: 3 });
}

/** created_at and updated_at, both required. */
export function timestamps(t: Knex.CreateTableBuilder): void {
  timeColumn(t, 'created_at').notNullable();
  timeColumn(t, 'updated_at').notNullable();
}
