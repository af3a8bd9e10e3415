// Hot-path statements as fixed SQL text (knex.raw) instead of the query builder: under cart/add and
// place-order load, building and compiling a builder query (knex's toSQL) took about a tenth of
// serve's CPU (bench/profile-writes.ts), and these statements never change shape. The text is
// written once for both engines: backtick-quoted identifiers and `?` placeholders are valid on MySQL
// and SQLite alike; what differs between the drivers is only the shape of the answer, unwrapped here.
import type { Db } from './db.js';
import { engineOf } from './db-engine.js';

/** The rows of a SELECT run as raw SQL, on either engine. */
export async function selectRows<T>(db: Db, sql: string, bindings: readonly unknown[]): Promise<T[]> {
  const res = (await db.raw(sql, bindings as never)) as unknown;
  // mysql2 answers [rows, fields]; better-sqlite3 the rows themselves.
  return (engineOf(db) === 'mysql' ? (res as [T[]])[0] : res) as T[];
}

/**
 * The rows an UPDATE, DELETE or INSERT run as raw SQL matched, on either engine (mysql2 connects
 * with FOUND_ROWS: an UPDATE that leaves a row as it was still counts it, as with the builder).
 */
export async function changedRows(db: Db, sql: string, bindings: readonly unknown[]): Promise<number> {
  const res = (await db.raw(sql, bindings as never)) as unknown;
  return engineOf(db) === 'mysql'
    ? (res as [{ affectedRows: number }])[0].affectedRows
    : (res as { changes: number }).changes;
}

/** `?, ?, ?` for an IN list of n values (n ≥ 1). */
export function placeholders(n: number): string {
  return new Array<string>(n).fill('?').join(', ');
}

/** ` for update` on MySQL (a locking read); nothing on SQLite, whose writer holds the whole database. */
export function forUpdate(db: Db): string {
  return engineOf(db) === 'mysql' ? ' for update' : '';
}
