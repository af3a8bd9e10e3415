// One knex instance per database URL: mysql2 for mysql://…, better-sqlite3 for sqlite:<path>.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import knex, { type Knex } from 'knex';
import { describeDatabase, parseDatabaseUrl, redactUrl } from './database-url.js';
import { QUERY_DEADLINE_CODE, mysql2ClientWithDeadline } from './db-deadline.js';
import { log } from './logger.js';
import { UserError } from './user-error.js';

export type Db = Knex;
export type { DbEngine, ParsedDatabaseUrl } from './database-url.js';
export { describeDatabase, parseDatabaseUrl, redactUrl } from './database-url.js';
export { QUERY_DEADLINE_CODE, QueryDeadlineError, isQueryDeadlineError } from './db-deadline.js';
export { engineOf } from './db-engine.js';

/** Options of createDb and knexConfig. */
export interface DbOptions {
  /** Most connections the pool opens (default 10; SQLite always uses one). */
  poolMax?: number;
  /**
   * MySQL: the deadline, in milliseconds, of every statement, of waiting for a pool connection and
   * of opening one (runtime/db-deadline.ts); a connection that misses it is destroyed. Omitted: no
   * statement deadline (one-off tools and tests), 5 s to connect and 10 s to wait for the pool.
   * SQLite runs in-process and synchronously, so there is nothing to wait for: ignored.
   */
  timeoutMs?: number;
  /** Print what knex reports as errors (the Config's `debug`; default: STOREFRONT_DEBUG is set). */
  debug?: boolean;
}

// knex logs connection failures with stack traces; callers already report them in one line.
const knexLog = (debug: boolean) => ({
  warn(message: unknown) {
    const text = String(message instanceof Error ? message.message : message).split('\n')[0];
    if (
      !text.startsWith('Acquire connection error') &&
      !/connect ECONNREFUSED|ETIMEDOUT/.test(text) &&
      // a connection destroyed by a missed deadline, discarded by the pool: the request already logged it
      !text.includes('QueryDeadlineError')
    )
      log('warn', `knex: ${text}`);
  },
  error(message: unknown) {
    if (debug) log('debug', `knex: ${String(message)}`);
  },
  deprecate() {},
  debug() {},
});

/** Opens a knex instance for the URL. Connections are made lazily; use checkConnection to fail fast. */
export function createDb(url: string, options: DbOptions = {}): Db {
  return knex(knexConfig(url, options));
}

/** The knex configuration for a database URL (also used by knex/knexfile.ts). */
export function knexConfig(url: string, options: DbOptions = {}): Knex.Config {
  const parsed = parseDatabaseUrl(url);
  // Without a Config (knexfile, tests) the variable is read here, as it is: set means on.
  const log = knexLog(options.debug ?? Boolean(process.env.STOREFRONT_DEBUG));
  if (parsed.engine === 'sqlite') {
    const filename = parsed.filename!;
    if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
    return {
      client: 'better-sqlite3',
      connection: { filename },
      useNullAsDefault: true,
      log,
      // One connection: an in-memory database exists per connection, and SQLite has one writer anyway.
      pool: {
        min: 1,
        max: 1,
        idleTimeoutMillis: Number.MAX_SAFE_INTEGER,
        afterCreate(conn: { pragma(s: string): unknown }, done: (err: Error | null, conn: unknown) => void) {
          try {
            conn.pragma('foreign_keys = ON');
            conn.pragma('busy_timeout = 5000');
            if (filename !== ':memory:') {
              conn.pragma('journal_mode = WAL');
              conn.pragma('synchronous = NORMAL');
            }
            done(null, conn);
          } catch (err) {
            done(err as Error, conn);
          }
        },
      },
    };
  }
  const m = parsed.mysql!;
  const deadline = options.timeoutMs;
  return {
    client: deadline === undefined ? 'mysql2' : mysql2ClientWithDeadline(deadline),
    connection: {
      host: m.host,
      port: m.port,
      user: m.user,
      password: m.password,
      database: m.database,
      socketPath: m.socketPath,
      charset: 'utf8mb4', // a charset name: knex also uses it in CREATE TABLE … DEFAULT CHARACTER SET
      timezone: 'Z',
      dateStrings: true,
      connectTimeout: deadline ?? 5000,
      // TINYINT(1) comes back as a boolean, like knex's SQLite booleans after our !! casts.
      typeCast(field: { type: string; length: number; string(): string | null }, next: () => unknown) {
        if (field.type === 'TINY' && field.length === 1) {
          const v = field.string();
          return v === null ? null : v === '1';
        }
        return next();
      },
    },
    log,
    // tarn gives up on a connection still being opened after createTimeoutMillis (default 30 s)
    pool: {
      min: 0,
      max: options.poolMax ?? 10,
      ...(deadline === undefined ? {} : { createTimeoutMillis: deadline }),
    },
    acquireConnectionTimeout: deadline ?? 10000,
  };
}

/** A database that could not be reached, with a one-line reason. */
export class DatabaseUnavailableError extends UserError {
  override name = 'DatabaseUnavailableError';
}

/** Runs a trivial query; throws DatabaseUnavailableError with a one-line reason when it fails. */
export async function checkConnection(db: Db, url: string): Promise<void> {
  try {
    await db.raw('select 1 as ok');
  } catch (err) {
    throw new DatabaseUnavailableError(
      `cannot reach database ${describeDatabaseSafe(url)}: ${oneLineReason(err)}`,
    );
  }
}

function describeDatabaseSafe(url: string): string {
  try {
    return describeDatabase(url);
  } catch {
    return redactUrl(url);
  }
}

/** The first line of a driver error, without the stack. */
export function oneLineReason(err: unknown): string {
  const e = err as { code?: string; message?: string; errors?: Error[] };
  if (e?.errors?.length) return oneLineReason(e.errors[0]);
  const msg = (e?.message ?? String(err)).split('\n')[0];
  // Driver codes (ECONNREFUSED) say something; ours would only repeat the message.
  return e?.code && !msg.includes(e.code) && e.code !== QUERY_DEADLINE_CODE ? `${e.code} ${msg}` : msg;
}
