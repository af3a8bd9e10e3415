// accounts.email_key: the stored (normalised) email compared byte for byte. MySQL's `email` column
// is utf8mb4_unicode_ci, where `demó@…` equals `demo@…` and ignorable characters vanish, so a
// lookup by `email` could find an account the rate limit counts under another key. The key is a
// generated column (VARBINARY on MySQL; SQLite's default collation is already binary), so every
// writer of `email` (registration, the fixtures seed, the importer) keeps it right with no code of
// its own, and existing rows get it the moment the column exists.
//
// SQLite: a generated column cannot be copied by knex's table rebuild (alter(), dropColumn()), so a
// later migration that needs one on `accounts` must use plain `ALTER TABLE … DROP COLUMN` or drop
// this column first.
import type { Knex } from 'knex';

const isMysql = (knex: Knex) => (knex.client.config as Knex.Config).client === 'mysql2';

export async function up(knex: Knex): Promise<void> {
  if (isMysql(knex)) {
    // 254 characters of up to 4 bytes; STORED so it can carry the unique index on every version.
    await knex.raw(
      'ALTER TABLE accounts ADD COLUMN email_key VARBINARY(1016) AS (CAST(email AS BINARY)) STORED',
    );
  } else {
    await knex.raw('ALTER TABLE accounts ADD COLUMN email_key TEXT GENERATED ALWAYS AS (email) VIRTUAL');
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE accounts DROP COLUMN email_key');
}
