// Which engine a knex instance talks to, without loading knex: domain modules that the theme tools
// load (check-theme, the language server) ask it, and those must not pull in a database driver.
import type { Knex } from 'knex';
import type { DbEngine } from './database-url.js';

/** Which engine a knex instance talks to. */
export function engineOf(db: Knex): DbEngine {
  const client = (db.client.config as Knex.Config).client;
  return client === 'mysql2' ? 'mysql' : 'sqlite';
}
