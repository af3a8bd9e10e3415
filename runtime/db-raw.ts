// Hot-path statements as fixed SQL text (knex.raw) instead of the query builder: under cart/add and
// place-order load, building and compiling a builder query (knex's toSQL) took about a tenth of
// serve's CPU (bench/profile-writes.ts), and these statements never change shape. The text is
// written once for both engines: backtick-quoted identifiers and `?` placeholders are valid on MySQL
// and SQLite alike; what differs between the drivers is only the shape of the answer, unwrapped here.
// On MySQL they go straight to knex's client (runRaw), without a Raw builder and its Runner.
//
// Not prepared statements (mysql2's `execute`), measured and dropped (bench/profile-writes.ts, issue
// 20): they saved MariaDB about 0.1 ms per cart/add iteration but cost Node 0.4–0.5 ms (2 ms per
// place-order iteration), most of it mysql2's binary-protocol row parser, which builds a wrapper
// object per field per row for the connection's typeCast (runtime/db.ts: TINYINT(1) as booleans).
import type { Db } from './db.js';
import { engineOf } from './db-engine.js';

/** What runRaw uses of a knex client: a transaction's client hands out the transaction's connection. */
interface RawClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<unknown>;
  query(connection: unknown, obj: object): Promise<{ response: unknown }>;
}

/**
 * Runs fixed SQL. On MySQL it goes straight to the client: client.query is what knex's Runner
 * calls, so the statement deadline (runtime/db-deadline.ts), knex's error text and its query events
 * stay; what is skipped is the per-statement Raw builder (a uid, a copy and rewrite of the
 * bindings) and the Runner, which constant SQL does not need: Node CPU per statement on MariaDB
 * fell from about 70 to 52 µs (issue 20). Inside a transaction the client is the transaction's own:
 * it hands out the transaction's connection and refuses statements once the transaction completed.
 */
async function runRaw(db: Db, sql: string, bindings: readonly unknown[]): Promise<unknown> {
  if (engineOf(db) !== 'mysql') return db.raw(sql, bindings as never);
  // knex's Raw refused undefined; mysql2 alone would quietly send it as NULL.
  if (bindings.includes(undefined)) throw new TypeError(`Undefined binding(s) detected in raw SQL: ${sql}`);
  const client = db.client as unknown as RawClient;
  const connection = await client.acquireConnection();
  try {
    return (await client.query(connection, { method: 'raw', sql, bindings })).response;
  } finally {
    await client.releaseConnection(connection);
  }
}

/** The rows of a SELECT run as raw SQL, on either engine. */
export async function selectRows<T>(db: Db, sql: string, bindings: readonly unknown[]): Promise<T[]> {
  const res = await runRaw(db, sql, bindings);
  // mysql2 answers [rows, fields]; better-sqlite3 the rows themselves.
  return (engineOf(db) === 'mysql' ? (res as [T[]])[0] : res) as T[];
}

/**
 * The rows an UPDATE, DELETE or INSERT run as raw SQL matched, on either engine (mysql2 connects
 * with FOUND_ROWS: an UPDATE that leaves a row as it was still counts it, as with the builder).
 */
export async function changedRows(db: Db, sql: string, bindings: readonly unknown[]): Promise<number> {
  const res = await runRaw(db, sql, bindings);
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
