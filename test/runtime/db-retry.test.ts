// Write-conflict retries: which errors count as conflicts, the bounded jittered back-off, and on a
// real database that a replayed transaction commits its work exactly once.
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { createDb, type Db } from '../../runtime/db.js';
import { migrateLatest } from '../../runtime/migrate.js';
import {
  DEFAULT_ATTEMPTS,
  MAX_DELAY_MS,
  backoffDelay,
  isRetryableConflict,
  transactionWithRetry,
  withConflictRetry,
  writeWithRetry,
  type RetryOptions,
} from '../../runtime/db-retry.js';
import { writeConflictRetries } from '../../runtime/metrics.js';
import { forEachEngine } from '../helpers/engines.js';

/** A driver-shaped error as mysql2 / better-sqlite3 would throw it. */
function dbError(fields: { errno?: number; code?: string; sqlState?: string }, message = 'injected'): Error {
  return Object.assign(new Error(message), fields);
}

const galeraConflict = () =>
  dbError(
    { errno: 1213, code: 'ER_LOCK_DEADLOCK', sqlState: '40001' },
    'WSREP detected deadlock/conflict and aborted the transaction. Try restarting the transaction',
  );
const lockWaitTimeout = () =>
  dbError({ errno: 1205, code: 'ER_LOCK_WAIT_TIMEOUT', sqlState: 'HY000' }, 'Lock wait timeout exceeded');
const serializationFailure = () => dbError({ sqlState: '40001' }, 'serialization failure');
const sqliteBusy = () => dbError({ code: 'SQLITE_BUSY' }, 'database is locked');
const sqliteBusySnapshot = () => dbError({ code: 'SQLITE_BUSY_SNAPSHOT' }, 'database is locked');
const duplicateKey = () =>
  dbError({ errno: 1062, code: 'ER_DUP_ENTRY', sqlState: '23000' }, 'Duplicate entry');

/** Options that record the delays instead of waiting. */
function recording(extra: RetryOptions = {}): { options: RetryOptions; delays: number[] } {
  const delays: number[] = [];
  return {
    delays,
    options: {
      sleep: async (ms) => {
        delays.push(ms);
      },
      random: () => 0.5,
      ...extra,
    },
  };
}

/** A unit that fails with the given errors in turn, then answers 'done'. */
function failing(errors: Error[]): { fn: () => Promise<string>; calls: () => number } {
  let calls = 0;
  return {
    calls: () => calls,
    fn: async () => {
      calls++;
      const err = errors[calls - 1];
      if (err) throw err;
      return 'done';
    },
  };
}

describe('runtime/db-retry', () => {
  describe('isRetryableConflict', () => {
    it('accepts deadlocks, Galera conflicts, lock wait timeouts, SQLSTATE 40001 and SQLite busy', () => {
      for (const err of [
        galeraConflict(),
        lockWaitTimeout(),
        serializationFailure(),
        sqliteBusy(),
        sqliteBusySnapshot(),
      ])
        expect(isRetryableConflict(err), err.message).to.equal(true);
      expect(isRetryableConflict(dbError({ errno: 1213 }))).to.equal(true);
      expect(isRetryableConflict(dbError({ code: 'ER_LOCK_DEADLOCK' }))).to.equal(true);
      expect(isRetryableConflict(dbError({ code: 'SQLITE_BUSY_RECOVERY' }))).to.equal(true);
    });

    it('rejects everything else', () => {
      for (const err of [
        duplicateKey(),
        dbError({ code: 'SQLITE_CONSTRAINT_UNIQUE' }),
        dbError({ code: 'PROTOCOL_CONNECTION_LOST' }),
        dbError({ errno: 1047, code: 'ER_UNKNOWN_COM_ERROR', sqlState: '08S01' }),
        new TypeError('x is not a function'),
      ])
        expect(isRetryableConflict(err), err.message).to.equal(false);
      for (const value of [null, undefined, 'ER_LOCK_DEADLOCK', 1213, {}])
        expect(isRetryableConflict(value)).to.equal(false);
    });
  });

  describe('withConflictRetry', () => {
    it('retries each kind of conflict and returns the eventual result', async () => {
      const errors = [galeraConflict(), lockWaitTimeout(), serializationFailure(), sqliteBusySnapshot()];
      const unit = failing(errors);
      const { options, delays } = recording();
      expect(await withConflictRetry(unit.fn, options)).to.equal('done');
      expect(unit.calls()).to.equal(5);
      expect(delays).to.have.length(4);
    });

    it('counts every replay in storefront_db_write_conflict_retries_total once metrics are loaded', async () => {
      const count = async () => (await writeConflictRetries.get()).values[0]?.value ?? 0;
      const before = await count();
      const unit = failing([galeraConflict(), sqliteBusy()]);
      await withConflictRetry(unit.fn, recording().options);
      expect(await count()).to.equal(before + 2);
      await withConflictRetry(failing([]).fn, recording().options);
      expect(await count()).to.equal(before + 2);
    });

    it('gives up after the bound and rethrows the last error', async () => {
      const errors = Array.from({ length: 10 }, () => galeraConflict());
      const unit = failing(errors);
      const { options, delays } = recording();
      const err = await withConflictRetry(unit.fn, options).then(
        () => null,
        (e: unknown) => e,
      );
      expect(unit.calls()).to.equal(DEFAULT_ATTEMPTS);
      expect(err).to.equal(errors[DEFAULT_ATTEMPTS - 1]);
      expect(delays).to.have.length(DEFAULT_ATTEMPTS - 1);
    });

    it('honours a custom number of attempts', async () => {
      const errors = Array.from({ length: 10 }, () => sqliteBusy());
      const unit = failing(errors);
      const { options } = recording({ attempts: 2 });
      const err = await withConflictRetry(unit.fn, options).catch((e: unknown) => e);
      expect(unit.calls()).to.equal(2);
      expect(err).to.equal(errors[1]);
    });

    it('rethrows a non-retryable error after exactly one call', async () => {
      for (const thrown of [duplicateKey(), new TypeError('boom')]) {
        const unit = failing([thrown]);
        const { options, delays } = recording();
        const err = await withConflictRetry(unit.fn, options).catch((e: unknown) => e);
        expect(err).to.equal(thrown);
        expect(unit.calls()).to.equal(1);
        expect(delays).to.deep.equal([]);
      }
    });

    it('stops at a non-retryable error that follows conflicts', async () => {
      const dup = duplicateKey();
      const unit = failing([galeraConflict(), dup]);
      const err = await withConflictRetry(unit.fn, recording().options).catch((e: unknown) => e);
      expect(err).to.equal(dup);
      expect(unit.calls()).to.equal(2);
    });

    it('backs off exponentially with jitter, bounded by the cap', async () => {
      const attempts = 12;
      const low = recording({ attempts, random: () => 0 });
      const high = recording({ attempts, random: () => 0.999999 });
      for (const r of [low, high]) {
        const unit = failing(Array.from({ length: attempts }, () => galeraConflict()));
        await withConflictRetry(unit.fn, r.options).catch(() => undefined);
        expect(r.delays).to.have.length(attempts - 1);
      }
      expect(high.delays.slice(0, 6)).to.deep.equal([5, 10, 20, 40, 80, 160]);
      expect(low.delays.slice(0, 6)).to.deep.equal([3, 5, 10, 20, 40, 80]);
      for (const d of [...low.delays, ...high.delays]) expect(d).to.be.within(1, MAX_DELAY_MS);
      expect(high.delays.slice(6)).to.deep.equal([200, 200, 200, 200, 200]);
      expect(low.delays.slice(6)).to.deep.equal([100, 100, 100, 100, 100]);
      // The default bound keeps the whole wait of a request well under a second.
      const sum = Array.from({ length: DEFAULT_ATTEMPTS - 1 }, (_, i) =>
        backoffDelay(i, { random: () => 0.999999 }),
      );
      expect(sum.reduce((a, b) => a + b, 0)).to.be.below(100);
    });

    it('waits for real between attempts by default (a few milliseconds)', async () => {
      const unit = failing([sqliteBusy()]);
      const started = Date.now();
      expect(await withConflictRetry(unit.fn)).to.equal('done');
      expect(unit.calls()).to.equal(2);
      expect(Date.now() - started).to.be.below(1000);
    });
  });
});

forEachEngine('runtime/db-retry', (ctx) => {
  let db: Db;
  let siteId: string;

  before(async () => {
    db = createDb(ctx.url());
    await migrateLatest(db);
    siteId = ((await db('sites').first('id')) as { id: string }).id;
  });
  after(() => db.destroy());

  const bucketName = (label: string) => `retry-test:${label}:${randomBytes(6).toString('hex')}`;
  const row = (bucket: string, hits: number) => ({
    bucket,
    site_id: siteId,
    hits,
    window_started_at: '2026-01-01 00:00:00.000',
    expires_at: '2099-01-01 00:00:00.000',
  });
  const hitsOf = async (bucket: string) =>
    Number(((await db('rate_limits').where({ bucket }).first('hits')) as { hits: number | string }).hits);

  it('replays a transaction that failed with an injected 1213: its writes commit exactly once', async () => {
    const counter = bucketName('counter');
    const inserted = bucketName('inserted');
    await db('rate_limits').insert(row(counter, 0));
    let calls = 0;
    const result = await transactionWithRetry(db, async (trx) => {
      calls++;
      await trx('rate_limits').insert(row(inserted, 1)); // a second insert would be a unique violation
      await trx('rate_limits')
        .where({ bucket: counter })
        .update({ hits: trx.raw('hits + 1') }); // not idempotent on its own
      if (calls === 1) throw galeraConflict(); // as if certification failed at COMMIT
      return 'committed';
    });
    expect(result).to.equal('committed');
    expect(calls).to.equal(2);
    const [{ n }] = (await db('rate_limits').where({ bucket: inserted }).count({ n: '*' })) as Array<{
      n: unknown;
    }>;
    expect(Number(n)).to.equal(1);
    expect(await hitsOf(counter)).to.equal(1);
  });

  it('does not retry a non-retryable error: the transaction is rolled back once', async () => {
    const bucket = bucketName('dup');
    let calls = 0;
    const err = await transactionWithRetry(db, async (trx) => {
      calls++;
      await trx('rate_limits').insert(row(bucket, 1));
      throw new TypeError('a bug');
    }).catch((e: unknown) => e);
    expect(err).to.be.instanceOf(TypeError);
    expect(calls).to.equal(1);
    expect(await db('rate_limits').where({ bucket }).first()).to.equal(undefined);
  });

  it('never retries a statement inside a transaction: the outer transaction is replayed instead', async () => {
    const bucket = bucketName('inner');
    await db('rate_limits').insert(row(bucket, 0));
    let outer = 0;
    let inner = 0;
    await transactionWithRetry(db, async (trx) => {
      outer++;
      await writeWithRetry(trx, async (q) => {
        inner++;
        await q('rate_limits')
          .where({ bucket })
          .update({ hits: q.raw('hits + 1') });
        if (inner === 1) throw sqliteBusy();
      });
      // A nested unit runs once as a savepoint too.
      await transactionWithRetry(trx, async (sp) => {
        await sp('rate_limits')
          .where({ bucket })
          .update({ hits: sp.raw('hits + 10') });
      });
    });
    expect({ outer, inner }).to.deep.equal({ outer: 2, inner: 2 });
    expect(await hitsOf(bucket)).to.equal(11);
  });

  it('retries an autocommit write that failed with an injected conflict', async () => {
    const bucket = bucketName('single');
    await db('rate_limits').insert(row(bucket, 0));
    let calls = 0;
    const n = await writeWithRetry(db, async (q) => {
      calls++;
      if (calls < 3) throw lockWaitTimeout(); // rejected before it ran: nothing to undo
      return q('rate_limits')
        .where({ bucket })
        .update({ hits: q.raw('hits + 1') });
    });
    expect({ n, calls }).to.deep.equal({ n: 1, calls: 3 });
    expect(await hitsOf(bucket)).to.equal(1);
  });

  it('replays a transaction that lost a real write conflict to another connection', async function () {
    // SQLite (WAL): a deferred transaction whose snapshot went stale fails its first write with
    // SQLITE_BUSY_SNAPSHOT. MySQL/MariaDB: two transactions locking two rows in opposite order
    // deadlock, and InnoDB rolls one back with errno 1213.
    this.timeout(30000);
    const a = bucketName('a');
    const b = bucketName('b');
    await db('rate_limits').insert([row(a, 0), row(b, 0)]);
    const bump = (q: Db, bucket: string) =>
      q('rate_limits')
        .where({ bucket })
        .update({ hits: q.raw('hits + 1') });

    if (ctx.engine === 'sqlite') {
      const other = createDb(ctx.url());
      try {
        let calls = 0;
        const seen: unknown[] = [];
        await transactionWithRetry(
          db,
          async (trx) => {
            calls++;
            await trx('rate_limits').where({ bucket: a }).first('hits'); // the read snapshot starts here
            if (calls === 1) await bump(other, a); // another connection commits meanwhile
            await bump(trx, a).catch((err: unknown) => {
              seen.push(err);
              throw err;
            });
          },
          { sleep: async () => undefined },
        );
        expect(calls).to.equal(2);
        expect((seen[0] as { code?: string }).code).to.match(/^SQLITE_BUSY/);
        expect(isRetryableConflict(seen[0])).to.equal(true);
        expect(await hitsOf(a)).to.equal(2);
      } finally {
        await other.destroy();
      }
      return;
    }

    const deferred = () => {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      return { promise, resolve };
    };
    const aLocked = deferred();
    const bLocked = deferred();
    const errors: unknown[] = [];
    const run = (first: string, second: string, mine: typeof aLocked, theirs: typeof aLocked) => {
      let calls = 0;
      return transactionWithRetry(db, async (trx) => {
        calls++;
        await bump(trx, first);
        if (calls === 1) {
          mine.resolve();
          await theirs.promise; // both hold one row now: the second updates deadlock
        }
        await bump(trx, second).catch((err: unknown) => {
          errors.push(err);
          throw err;
        });
      }).then(() => calls);
    };
    const calls = await Promise.all([run(a, b, aLocked, bLocked), run(b, a, bLocked, aLocked)]);
    expect(errors).to.have.length(1);
    expect((errors[0] as { errno?: number }).errno).to.equal(1213);
    expect(calls.slice().sort()).to.deep.equal([1, 2]);
    expect(await hitsOf(a)).to.equal(2);
    expect(await hitsOf(b)).to.equal(2);
  });
});
