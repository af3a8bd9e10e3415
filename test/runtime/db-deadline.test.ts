// The database deadline (runtime/db-deadline.ts). Without a database: the per-connection timer,
// what happens to the connection and to the other queries queued on it, and the statements that are
// exempt. On MariaDB behind a TCP proxy: a slow statement, a silent server (black hole) for a
// query in flight, for a new connection and inside a transaction, a full pool, and recovery.
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { createDb, engineOf, type Db } from '../../runtime/db.js';
import {
  QUERY_DEADLINE_CODE,
  QueryDeadlineError,
  isExpired,
  isQueryDeadlineError,
  isSchemaStatement,
  statementDeadline,
  withQueryDeadline,
  type DeadlineConnection,
} from '../../runtime/db-deadline.js';
import { queryDeadlinesMissed } from '../../runtime/metrics.js';
import { isDatabaseUnavailable } from '../../runtime/http/error-handler.js';
import { changedRows, selectRows } from '../../runtime/db-raw.js';
import { describeMysql } from '../helpers/engines.js';
import { freshMysqlDatabase, mysqlUrlForTests } from '../helpers/mariadb.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';

/** The counter's current value. */
async function missedSoFar(): Promise<number> {
  return (await queryDeadlinesMissed.get()).values[0]?.value ?? 0;
}

/** A stand-in for a mysql2 connection that records what the deadline does to it. */
function fakeConnection(): DeadlineConnection & { destroyed: number; streamDestroyed: number } {
  const conn = {
    destroyed: 0,
    streamDestroyed: 0,
    destroy() {
      conn.destroyed += 1;
    },
    stream: {
      destroy() {
        conn.streamDestroyed += 1;
      },
    },
  };
  return conn;
}

const never = () => new Promise<never>(() => {});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The error a promise rejects with (fails when it resolves). */
async function rejection(promise: PromiseLike<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a rejection');
}

describe('runtime/db-deadline', () => {
  describe('withQueryDeadline (no database)', () => {
    it('passes an answer that comes in time through and leaves the connection alone', async () => {
      const conn = fakeConnection();
      const before = await missedSoFar();
      expect(await withQueryDeadline(conn, 80, async () => (await sleep(5), 'rows'))).to.equal('rows');
      await sleep(120); // past the deadline: the timer was cleared
      expect(conn.destroyed).to.equal(0);
      expect(conn.__knex__disposed).to.equal(undefined);
      expect(isExpired(conn)).to.equal(false);
      expect(await missedSoFar()).to.equal(before);
    });

    it('passes a driver error through unchanged (no deadline involved)', async () => {
      const conn = fakeConnection();
      const driverError = Object.assign(new Error('Duplicate entry'), { code: 'ER_DUP_ENTRY' });
      expect(await rejection(withQueryDeadline(conn, 50, () => Promise.reject(driverError)))).to.equal(
        driverError,
      );
      const thrown = new Error('thrown synchronously');
      expect(
        await rejection(
          withQueryDeadline(conn, 50, () => {
            throw thrown;
          }),
        ),
      ).to.equal(thrown);
      await sleep(80);
      expect(conn.destroyed).to.equal(0);
    });

    it('at the deadline: rejects with QueryDeadlineError, destroys the socket, marks the connection for the pool, counts it', async () => {
      const conn = fakeConnection();
      const before = await missedSoFar();
      const started = performance.now();
      const err = await rejection(withQueryDeadline(conn, 60, never));
      const elapsed = performance.now() - started;
      expect(err).to.be.instanceOf(QueryDeadlineError);
      expect(err).to.include({ code: QUERY_DEADLINE_CODE, phase: 'query', timeoutMs: 60 });
      expect(isQueryDeadlineError(err)).to.equal(true);
      expect(elapsed).to.be.at.least(55).and.below(1000);
      expect(conn.destroyed).to.equal(1);
      expect(conn.streamDestroyed).to.equal(1); // mysql2's destroy() alone only ends the socket politely
      expect(conn.__knex__disposed).to.be.instanceOf(QueryDeadlineError); // knex's pool validation discards it
      expect(isExpired(conn)).to.equal(true);
      expect(await missedSoFar()).to.equal(before + 1);
      // The 503 path of the error middleware recognises it.
      expect(isDatabaseUnavailable(err)).to.equal(true);
      expect(isDatabaseUnavailable(new QueryDeadlineError('acquire', 60))).to.equal(true);
    });

    it('fails every other query queued on the destroyed connection at once, and later ones without sending them', async () => {
      const conn = fakeConnection();
      const before = await missedSoFar();
      const first = withQueryDeadline(conn, 50, never);
      const queued = withQueryDeadline(conn, 5000, never); // mysql2 queues it behind the first
      const started = performance.now();
      const [a, b] = await Promise.all([rejection(first), rejection(queued)]);
      expect(performance.now() - started).to.be.below(1000); // not its own 5 s
      expect(a).to.be.instanceOf(QueryDeadlineError);
      expect(b).to.be.instanceOf(QueryDeadlineError);
      expect(a).to.not.equal(b); // knex rewrites each error's message with its own SQL
      expect(await missedSoFar()).to.equal(before + 1); // one deadline was missed
      let sent = false;
      const later = await rejection(
        withQueryDeadline(conn, 50, () => {
          sent = true;
          return never();
        }),
      );
      expect(later).to.be.instanceOf(QueryDeadlineError);
      expect(sent).to.equal(false);
      expect(conn.destroyed).to.equal(1);
    });

    it('ignores an answer that arrives after the deadline', async () => {
      const conn = fakeConnection();
      let answer!: (v: string) => void;
      const late = withQueryDeadline(conn, 30, () => new Promise<string>((r) => (answer = r)));
      expect(await rejection(late)).to.be.instanceOf(QueryDeadlineError);
      answer('too late'); // nothing happens, nothing is thrown
      await sleep(10);
    });

    it('only schema statements are exempt; a statement may ask for a shorter deadline, never a longer one', () => {
      for (const sql of [
        'create table t (id int)',
        '  ALTER TABLE `orders` ADD COLUMN x int',
        'drop table if exists t',
        'RENAME TABLE a TO b',
        'truncate t',
      ])
        expect(isSchemaStatement(sql), sql).to.equal(true);
      for (const sql of [
        'select 1',
        'insert into created (x) values (1)',
        'update t set altered = 1',
        'BEGIN;',
        'delete from t',
        undefined,
      ])
        expect(isSchemaStatement(sql), String(sql)).to.equal(false);
      expect(statementDeadline(5000, undefined)).to.equal(5000);
      expect(statementDeadline(5000, 2000)).to.equal(2000);
      expect(statementDeadline(1000, 2000)).to.equal(1000);
      expect(statementDeadline(1000, 0)).to.equal(1000);
    });

    it('SQLite accepts the option and has no deadline to enforce (synchronous, in-process)', async () => {
      const db = createDb('sqlite::memory:', { timeoutMs: 100 });
      try {
        expect(engineOf(db)).to.equal('sqlite');
        expect(await db.raw('select 1 as ok')).to.deep.equal([{ ok: 1 }]);
      } finally {
        await db.destroy();
      }
    });
  });

  describeMysql('on MariaDB behind a TCP proxy', function () {
    const DEADLINE = 500;
    let proxy: TcpProxy;
    let db: Db;
    let direct: Db;

    before(async function () {
      this.timeout(120000);
      const mysql = await mysqlUrlForTests();
      if (!mysql) return this.skip();
      const url = await freshMysqlDatabase(mysql.url, `sf_deadline_${randomBytes(4).toString('hex')}`);
      direct = createDb(url);
      await direct.raw('create table probe (id int primary key)');
      const target = new URL(url);
      proxy = await startTcpProxy(target.hostname, Number(target.port || 3306));
      db = createDb(proxy.rewrite(url), { timeoutMs: DEADLINE, poolMax: 2 });
    });

    after(async function () {
      this.timeout(30000);
      await proxy?.restore();
      await db?.destroy();
      await proxy?.close();
      await direct?.destroy();
    });

    afterEach(async function () {
      this.timeout(30000);
      await proxy?.restore(); // a failed test must not leave the next one without a database
      await waitForAnswer();
    });

    const pool = () =>
      (db.client as { pool: { numUsed(): number; numFree(): number; numPendingAcquires(): number } }).pool;

    /** Until the database answers through the proxy again (bounded by the test's timeout). */
    async function waitForAnswer(): Promise<void> {
      for (;;) {
        try {
          await db.raw('select 1');
          return;
        } catch {
          await sleep(50);
        }
      }
    }

    /** Until the server has dropped connection `threadId` (its transaction then rolled back). */
    async function threadGone(threadId: number): Promise<void> {
      for (;;) {
        const [rows] = (await direct.raw('select id from information_schema.processlist where id = ?', [
          threadId,
        ])) as [unknown[]];
        if (rows.length === 0) return;
        await sleep(50);
      }
    }

    /** The error of `promise`, and how long it took. */
    async function timed(promise: PromiseLike<unknown>): Promise<{ err: Error; ms: number }> {
      const started = performance.now();
      const err = await rejection(promise);
      return { err, ms: performance.now() - started };
    }

    it('still reports the mysql engine (knex config.client stays "mysql2" for the migrations)', () => {
      expect(engineOf(db)).to.equal('mysql');
      expect((db.client as { config: { client: unknown } }).config.client).to.equal('mysql2');
    });

    it('a statement slower than the deadline fails with QueryDeadlineError; the pool carries on with a new connection', async () => {
      const before = await missedSoFar();
      const id = ((await db.raw('select connection_id() as id')) as [Array<{ id: number }>])[0][0].id;
      const { err, ms } = await timed(db.raw('select sleep(5)'));
      expect(isQueryDeadlineError(err), err.message).to.equal(true);
      expect(err).to.include({ phase: 'query', timeoutMs: DEADLINE });
      expect(ms)
        .to.be.at.least(DEADLINE - 20)
        .and.below(DEADLINE + 1000);
      expect(await missedSoFar()).to.equal(before + 1);
      const rows = (await db.raw('select connection_id() as id')) as [Array<{ id: number }>];
      expect(rows[0][0].id).to.not.equal(id); // the destroyed connection was not handed out again
      expect(pool().numUsed()).to.equal(0);
    });

    it('a shorter deadline asked with .timeout(ms) is honoured', async () => {
      const { err, ms } = await timed(db.raw('select sleep(5)').timeout(150));
      expect(err.name).to.be.oneOf(['QueryDeadlineError', 'KnexTimeoutError']);
      expect(isDatabaseUnavailable(err)).to.equal(true);
      expect(ms).to.be.below(DEADLINE);
    });

    it('schema statements get no deadline (a migration may run for minutes)', async () => {
      const started = performance.now();
      await db.raw('create table slow_ddl as select sleep(1) as s');
      expect(performance.now() - started).to.be.at.least(900);
      await direct.raw('drop table slow_ddl');
    });

    it('black hole: a query in flight, and then a new connection, each fail within the deadline; service comes back after restore', async () => {
      await Promise.all([db.raw('select 1'), db.raw('select 2')]); // two warm connections
      const before = await missedSoFar();
      const inFlight = timed(db.raw('select sleep(0.2)'));
      await sleep(20);
      await proxy.blackhole();
      const first = await inFlight;
      expect(isQueryDeadlineError(first.err), first.err.message).to.equal(true);
      expect(first.ms).to.be.below(DEADLINE + 1000);
      // The other warm connection is black-holed too, and a new one never gets its greeting.
      const more = await Promise.all([
        timed(db.raw('select 3')),
        timed(db.raw('select 4')),
        timed(db.raw('select 5')),
      ]);
      for (const { err, ms } of more) {
        expect(isQueryDeadlineError(err), err.message).to.equal(true);
        expect(ms).to.be.below(DEADLINE + 1000);
      }
      expect(await missedSoFar()).to.be.at.least(before + 4);
      expect(pool().numUsed()).to.equal(0);
      await proxy.restore();
      const started = performance.now();
      await waitForAnswer();
      expect(performance.now() - started).to.be.below(5000);
    });

    it('black hole inside a transaction: it rejects with QueryDeadlineError (not a "closed state" error), in time, and the server rolls it back', async () => {
      let threadId = 0;
      const started = performance.now();
      const err = await rejection(
        db.transaction(async (trx) => {
          threadId = ((await trx.raw('select connection_id() as id')) as [Array<{ id: number }>])[0][0].id;
          await trx('probe').insert({ id: 1 });
          await proxy.blackhole();
          await trx('probe').insert({ id: 2 });
        }),
      );
      const ms = performance.now() - started;
      expect(isQueryDeadlineError(err), err.message).to.equal(true);
      expect(ms).to.be.below(DEADLINE + 1000);
      expect(pool().numUsed()).to.equal(0);
      await proxy.restore();
      // Once the server sees the disconnect, the transaction is gone: rolled back, nothing committed.
      await threadGone(threadId);
      expect(await direct('probe').count({ n: '*' }).first()).to.deep.equal({ n: 0 });
      await waitForAnswer();
    });

    it('raw SQL (runtime/db-raw.ts, straight to the client) keeps the deadline inside a transaction: black hole → QueryDeadlineError in time, rolled back', async () => {
      let threadId = 0;
      const started = performance.now();
      const err = await rejection(
        db.transaction(async (trx) => {
          threadId = (await selectRows<{ id: number }>(trx, 'select connection_id() as `id`', []))[0].id;
          await changedRows(trx, 'insert into `probe` (`id`) values (?)', [11]);
          await proxy.blackhole();
          await changedRows(trx, 'insert into `probe` (`id`) values (?)', [12]);
        }),
      );
      expect(isQueryDeadlineError(err), err.message).to.equal(true);
      expect(performance.now() - started).to.be.below(DEADLINE + 1000);
      expect(pool().numUsed()).to.equal(0);
      await proxy.restore();
      // Once the server sees the disconnect, the transaction is gone: rolled back, nothing committed.
      await threadGone(threadId);
      expect(await direct('probe').whereIn('id', [11, 12]).count({ n: '*' }).first()).to.deep.equal({ n: 0 });
      await waitForAnswer();
      expect(await selectRows(db, 'select `id` from `probe` where `id` = ?', [11])).to.deep.equal([]);
    });

    it('black hole at BEGIN: the transaction rejects in time', async () => {
      await db.raw('select 1');
      await proxy.blackhole();
      const { err, ms } = await timed(db.transaction(async (trx) => trx.raw('select 1')));
      expect(isQueryDeadlineError(err), err.message).to.equal(true);
      expect(ms).to.be.below(DEADLINE + 1000);
      expect(pool().numUsed()).to.equal(0);
    });

    it('waiting for a pool connection is bounded by the deadline too (QueryDeadlineError, phase acquire)', async () => {
      const before = await missedSoFar();
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      // Both connections busy in transactions that are alive but not finishing.
      const busy = [1, 2].map(() =>
        db.transaction(async (trx) => {
          await trx.raw('select 1');
          await held;
        }),
      );
      await sleep(100);
      const { err, ms } = await timed(db.raw('select 1'));
      release();
      await Promise.all(busy);
      expect(err).to.be.instanceOf(QueryDeadlineError);
      expect(err).to.include({ phase: 'acquire', code: QUERY_DEADLINE_CODE });
      expect(ms)
        .to.be.at.least(DEADLINE - 20)
        .and.below(DEADLINE + 1000);
      expect(await missedSoFar()).to.equal(before + 1);
      expect(await db.raw('select 1 as ok')).to.be.an('array'); // the busy connections went back healthy
    });
  });
});
