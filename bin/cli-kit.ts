// What every command shares: user errors with exit codes, database opening, terminal output.
// Runtime modules are imported inside the functions that need them (here and in the commands), so
// that `--help`, `--version` and `check-theme` do not load knex, Koa and the database drivers.
import { loadConfig, type Config, type ConfigFlags } from '../runtime/config.js';
import { describeDatabase } from '../runtime/database-url.js';
import type { Db } from '../runtime/db.js';
import type { Site } from '../runtime/sites/store.js';
import { UserError } from '../runtime/user-error.js';

/** A failure the user can fix; printed as one line, exit code 1 (or 2 for usage). */
export class CliError extends UserError {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Message lines for humans go to stderr so stdout stays machine-readable. */
export function note(message: string): void {
  process.stderr.write(`${message}\n`);
}

/** Loads the config and opens a reachable database, or throws a one-line error. */
export async function openDatabase(
  flags: ConfigFlags,
  options: { quiet?: boolean } = {},
): Promise<{ config: Config; db: Db }> {
  const config = loadConfig(flags);
  if (config.databaseUrlSource === 'default' && !options.quiet) {
    note(`storefront: no DATABASE_URL set, using the embedded ${describeDatabase(config.databaseUrl)}`);
  }
  const [{ checkConnection, createDb }, { configurePasswordHashing }] = await Promise.all([
    import('../runtime/db.js'),
    import('../runtime/accounts/password-settings.js'),
  ]);
  configurePasswordHashing(config); // seed hashes the fixture accounts' passwords
  // The same deadline as serve: a silent database fails a command instead of hanging it (schema
  // statements, i.e. migrations' DDL, are exempt: runtime/db-deadline.ts).
  const db = createDb(config.databaseUrl, { timeoutMs: config.dbTimeoutMs, debug: config.debug });
  try {
    await checkConnection(db, config.databaseUrl);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return { config, db };
}

/** Runs fn with an open database and always closes it. */
export async function withDatabase<T>(
  flags: ConfigFlags,
  fn: (db: Db, config: Config) => Promise<T>,
  options: { quiet?: boolean } = {},
): Promise<T> {
  const { config, db } = await openDatabase(flags, options);
  try {
    return await fn(db, config);
  } finally {
    await db.destroy();
  }
}

/** The site named by --site, or the default site; a one-line error when there is none. */
export async function siteOf(db: Db, host: string | undefined): Promise<Site> {
  const { findSiteByHostExact } = await import('../runtime/sites/store.js');
  const site = await findSiteByHostExact(db, host);
  if (!site) throw new CliError(`no site for host ${JSON.stringify(host)} (see \`storefront sites list\`)`);
  return site;
}

/** Prints a value as JSON on stdout. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Plain text table with padded columns. */
export function printTable(headers: string[], rows: Array<Array<string | number | null>>): void {
  const cells = [headers, ...rows.map((r) => r.map((c) => (c === null ? '-' : String(c))))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  for (const row of cells) {
    process.stdout.write(
      `${row.map((c, i) => (i === row.length - 1 ? c : c.padEnd(widths[i]))).join('  ')}\n`,
    );
  }
}
