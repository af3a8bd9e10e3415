// Deadlines for MySQL queries. A database that keeps its sockets open but answers nothing (a frozen
// server, a network path that drops packets) must never hold a request, or a pool connection, for
// ever. Each statement gets a timer; when it fires, the connection is destroyed (its socket closed at
// once: the server rolls back whatever transaction it had open), marked so that knex's pool discards
// it instead of handing it out again, and every query waiting on it fails with QueryDeadlineError.
// Waiting for a pool connection is bounded by the same deadline (knex's acquireConnectionTimeout).
//
// What the drivers alone do not give: mysql2's own query `timeout` only fails the callback; the
// connection keeps the unanswered command at the head of its queue, knex still sees it as healthy,
// and every later query on it waits behind that command. mysql2's `destroy()` is a polite `end()`
// of the socket, which waits for the peer's FIN, so the socket is destroyed here as well.
//
// Exempt: schema statements (CREATE/ALTER/DROP/RENAME/TRUNCATE). A migration's ALTER TABLE on a large
// table legitimately runs for minutes; MySQL DDL is not transactional, so closing the connection
// would not stop it on the server, only lose the migration's bookkeeping. The runtime issues none.
import { createRequire } from 'node:module';
import type { Knex } from 'knex';
import { queryDeadlinesMissed } from './metrics.js';

/** The `code` of QueryDeadlineError (runtime/http/error-handler.ts answers it with 503). */
export const QUERY_DEADLINE_CODE = 'STOREFRONT_QUERY_DEADLINE';

/** A query, or the wait for a pool connection, that missed the database deadline. */
export class QueryDeadlineError extends Error {
  override name = 'QueryDeadlineError';
  readonly code = QUERY_DEADLINE_CODE;
  constructor(
    /** `query`: the statement got no answer in time; `acquire`: no pool connection in time. */
    readonly phase: 'query' | 'acquire',
    readonly timeoutMs: number,
    options?: { cause?: unknown },
  ) {
    super(
      phase === 'query'
        ? `the database did not answer within ${timeoutMs} ms; the connection was closed`
        : `no database connection within ${timeoutMs} ms`,
      options,
    );
  }
}

/** True for a QueryDeadlineError, also after knex prefixed its message with the SQL. */
export function isQueryDeadlineError(err: unknown): err is QueryDeadlineError {
  return (err as { code?: unknown } | null)?.code === QUERY_DEADLINE_CODE;
}

/** The parts of a mysql2 connection the deadline touches. */
export interface DeadlineConnection {
  destroy(): void;
  stream?: { destroy(): void };
  /** knex's pool validation throws away connections that carry this (knex/lib/client.js). */
  __knex__disposed?: unknown;
}

type Fail = (err: Error) => void;
/** Queries in flight per connection (mysql2 queues them: they all depend on the first one). */
const inFlight = new WeakMap<object, Set<Fail>>();
/** Connections destroyed by a missed deadline, with the deadline they missed. */
const expired = new WeakMap<object, number>();

/** True when the connection was destroyed because a query on it missed its deadline. */
export function isExpired(connection: object): boolean {
  return expired.has(connection);
}

/**
 * Runs `start` (one statement on `connection`) with a deadline of `timeoutMs`. If the answer is not
 * in by then, the connection is destroyed and every query in flight on it rejects with
 * QueryDeadlineError; later queries on it reject at once (a transaction's ROLLBACK included, so
 * knex's transaction settles with the deadline error instead of a "closed state" error).
 */
export function withQueryDeadline<T>(
  connection: DeadlineConnection,
  timeoutMs: number,
  start: () => PromiseLike<T>,
): Promise<T> {
  const missed = expired.get(connection);
  if (missed !== undefined) return Promise.reject(new QueryDeadlineError('query', missed));
  return new Promise<T>((resolve, reject) => {
    let pending = inFlight.get(connection);
    if (!pending) inFlight.set(connection, (pending = new Set()));
    const queries = pending;
    let settled = false;
    const settle = () => {
      settled = true;
      clearTimeout(timer);
      queries.delete(fail);
    };
    const fail: Fail = (err) => {
      if (settled) return;
      settle();
      reject(err);
    };
    const timer = setTimeout(() => {
      queryDeadlinesMissed.inc();
      expire(connection, timeoutMs);
    }, timeoutMs);
    queries.add(fail);
    let answer: PromiseLike<T>;
    try {
      answer = start();
    } catch (err) {
      fail(err as Error);
      return;
    }
    answer.then((value) => {
      if (settled) return; // too late: the caller already has the deadline error
      settle();
      resolve(value);
    }, fail);
  });
}

/** Destroys the connection for good and fails every query waiting on it. */
function expire(connection: DeadlineConnection, timeoutMs: number): void {
  if (expired.has(connection)) return;
  expired.set(connection, timeoutMs);
  connection.__knex__disposed = new QueryDeadlineError('query', timeoutMs);
  try {
    connection.destroy(); // mysql2: refuse further commands, end the socket politely…
    connection.stream?.destroy(); // …and close it now, without waiting for a peer that is not there
  } catch {
    // already closed
  }
  for (const fail of [...(inFlight.get(connection) ?? [])]) fail(new QueryDeadlineError('query', timeoutMs));
  inFlight.delete(connection);
}

const SCHEMA_STATEMENT = /^\s*(?:create|alter|drop|rename|truncate)\b/i;

/** True for schema statements (DDL), which get no deadline (see the top of this file). */
export function isSchemaStatement(sql: unknown): boolean {
  return typeof sql === 'string' && SCHEMA_STATEMENT.test(sql);
}

/** The deadline of one statement: the database deadline, or a shorter one asked with knex's `.timeout(ms)`. */
export function statementDeadline(defaultMs: number, requestedMs: unknown): number {
  return typeof requestedMs === 'number' && requestedMs > 0 ? Math.min(defaultMs, requestedMs) : defaultMs;
}

/** What the subclass below uses of knex's mysql2 client (knex/lib/dialects/mysql2 and mysql). */
interface Mysql2ClientInternals {
  _query(connection: DeadlineConnection, obj: unknown): Promise<unknown>;
  acquireConnection(): Promise<DeadlineConnection>;
  checkVersion(connection: DeadlineConnection): Promise<unknown>;
  _versionCheckPromise?: Promise<unknown>;
}
type Mysql2ClientClass = new (config: Knex.Config) => Mysql2ClientInternals;

/**
 * knex's mysql2 client with a deadline on every statement and on every wait for a connection. A
 * subclass rather than a patched instance: knex builds each transaction's client from the class's
 * prototype (makeTxClient), so only a subclass also covers the statements inside transactions.
 */
export function mysql2ClientWithDeadline(timeoutMs: number): typeof Knex.Client {
  const require = createRequire(import.meta.url);
  const Mysql2Client = require('knex/lib/dialects/mysql2/index.js') as Mysql2ClientClass;

  class DeadlineMysql2Client extends Mysql2Client {
    constructor(config: Knex.Config) {
      super(config);
      // knex keeps `client` as given (this class); code that asks which dialect it talks to
      // (engineOf, the migrations' table options) reads config.client and expects the name.
      (this as unknown as { config: Knex.Config }).config.client = 'mysql2';
    }

    override _query(connection: DeadlineConnection, obj: unknown): Promise<unknown> {
      const query = (typeof obj === 'string' ? { sql: obj } : obj) as { sql?: unknown; timeout?: unknown };
      if (isSchemaStatement(query?.sql)) return super._query(connection, obj);
      return withQueryDeadline(connection, statementDeadline(timeoutMs, query?.timeout), () =>
        super._query(connection, obj),
      );
    }

    // tarn's acquire timeout (knex's KnexTimeoutError) or a handshake that did not finish in time.
    override async acquireConnection(): Promise<DeadlineConnection> {
      try {
        return await super.acquireConnection();
      } catch (err) {
        const e = err as { name?: unknown; code?: unknown; syscall?: unknown };
        if (e?.name === 'KnexTimeoutError' || (e?.code === 'ETIMEDOUT' && e?.syscall === 'connect')) {
          queryDeadlinesMissed.inc();
          throw new QueryDeadlineError('acquire', timeoutMs, { cause: err });
        }
        throw err;
      }
    }

    // knex asks a new connection for the server version once per client and caches the promise; if
    // that first answer never came, every later connection would wait on it. Bound it, and forget
    // a version check that missed the deadline so the next connection asks again.
    override async checkVersion(connection: DeadlineConnection): Promise<unknown> {
      try {
        return await withQueryDeadline(connection, timeoutMs, () => super.checkVersion(connection));
      } catch (err) {
        if (isQueryDeadlineError(err)) this._versionCheckPromise = undefined;
        throw err;
      }
    }
  }
  return DeadlineMysql2Client as unknown as typeof Knex.Client;
}
