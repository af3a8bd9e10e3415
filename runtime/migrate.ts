// Schema migrations: apply, inspect, roll back, and refuse to run on an unmigrated schema.
import { UserError } from './user-error.js';
import type { Db } from './db.js';
import { migrationSource } from '../knex/migrations/index.js';

const migratorConfig = { migrationSource, tableName: 'knex_migrations' };

export interface MigrationStatus {
  applied: string[];
  pending: string[];
}

/** Applies every pending migration; returns the names applied now. */
export async function migrateLatest(db: Db): Promise<string[]> {
  const [, applied] = (await db.migrate.latest(migratorConfig)) as [number, string[]];
  return applied;
}

/** Rolls back the last batch (or everything with all=true); returns the names reverted. */
export async function migrateRollback(db: Db, all = false): Promise<string[]> {
  const [, reverted] = (await db.migrate.rollback(migratorConfig, all)) as [number, string[]];
  return reverted;
}

/** Applied and pending migration names. */
export async function migrationStatus(db: Db): Promise<MigrationStatus> {
  const [completed, pending] = (await db.migrate.list(migratorConfig)) as [
    Array<{ name: string }>,
    Array<string | { file: string }>,
  ];
  return {
    applied: completed.map((c) => c.name),
    pending: pending.map((p) => (typeof p === 'string' ? p : p.file)),
  };
}

/** The schema is behind the code; the message tells the operator what to run. */
export class SchemaNotMigratedError extends UserError {
  override name = 'SchemaNotMigratedError';
}

/** Throws SchemaNotMigratedError when migrations are pending. */
export async function assertMigrated(db: Db): Promise<void> {
  const { pending } = await migrationStatus(db);
  if (pending.length > 0) {
    throw new SchemaNotMigratedError(
      `the database schema is not up to date (${pending.length} pending migration${pending.length === 1 ? '' : 's'}): run \`storefront migrate\` first`,
    );
  }
}
