// The raw-SQL helpers on both engines: rows of a SELECT, matched rows of a write (an UPDATE that
// leaves a row as it was still counts it, as the builder did), IN lists, and the locking read. On
// MySQL the statements skip knex's Raw builder (runtime/db-raw.ts's runRaw): they must still run on
// a transaction's own connection, answer what knex's raw answers (booleans, BIGINT money, DECIMAL
// sums, DATETIME(3) text, NULL, binary), refuse undefined, and keep the write-conflict retry.
import { expect } from 'chai';
import { createDb, type Db } from '../../runtime/db.js';
import { changedRows, forUpdate, placeholders, selectRows } from '../../runtime/db-raw.js';
import { isRetryableConflict, transactionWithRetry } from '../../runtime/db-retry.js';
import { forEachEngine } from '../helpers/engines.js';

/** The rows of a SELECT run with knex's raw, unwrapped as selectRows does. */
async function textRows(db: Db, sql: string, bindings: unknown[]): Promise<unknown[]> {
  const res = (await db.raw(sql, bindings as never)) as unknown;
  return Array.isArray(res) && Array.isArray(res[0]) ? (res[0] as unknown[]) : (res as unknown[]);
}

forEachEngine('runtime/db-raw', (ctx) => {
  let db: Db;
  before(async () => {
    db = createDb(ctx.url());
    await db.schema.createTable('raw_sql_t', (t) => {
      t.string('id', 36).primary();
      t.integer('n').notNullable();
    });
  });
  after(async () => {
    await db.schema.dropTableIfExists('raw_sql_t');
    await db.destroy();
  });

  it('inserts, selects with an IN list, and counts matched rows, also unchanged ones', async () => {
    expect(
      await changedRows(db, 'insert into `raw_sql_t` (`id`, `n`) values (?, ?), (?, ?)', ['a', 1, 'b', 2]),
    ).to.equal(2);
    const rows = await selectRows<{ id: string; n: number }>(
      db,
      `select \`id\`, \`n\` from \`raw_sql_t\` where \`id\` in (${placeholders(3)}) order by \`id\``,
      ['a', 'b', 'c'],
    );
    expect(rows).to.deep.equal([
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
    ]);
    expect(await changedRows(db, 'update `raw_sql_t` set `n` = ? where `id` = ?', [1, 'a'])).to.equal(1);
    expect(await changedRows(db, 'update `raw_sql_t` set `n` = ? where `id` = ?', [5, 'zzz'])).to.equal(0);
    expect(await changedRows(db, 'delete from `raw_sql_t` where `id` = ?', ['b'])).to.equal(1);
  });

  it('runs a locking read inside a transaction on either engine', async () => {
    const rows = await db.transaction((trx) =>
      selectRows<{ n: number }>(trx, `select \`n\` from \`raw_sql_t\` where \`id\` = ?${forUpdate(trx)}`, [
        'a',
      ]),
    );
    expect(rows).to.deep.equal([{ n: 1 }]);
    expect(forUpdate(db)).to.equal(ctx.engine === 'mysql' ? ' for update' : '');
  });

  it("answers typed values exactly as knex's raw does (booleans, BIGINT money, sums, times, NULL, bytes)", async () => {
    await db.schema.createTable('raw_types_t', (t) => {
      t.string('id', 36).primary();
      t.boolean('flag').notNullable();
      t.bigInteger('money').notNullable();
      t.integer('stock').nullable();
      t.specificType('at', ctx.engine === 'mysql' ? 'datetime(3)' : 'text').notNullable();
      t.binary('bytes').nullable();
    });
    const big = Number.MAX_SAFE_INTEGER; // past INT and 2^32: BIGINT money must stay exact
    await changedRows(
      db,
      'insert into `raw_types_t` (`id`, `flag`, `money`, `stock`, `at`, `bytes`) values (?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?)',
      ['a', true, big, null, '2026-11-24 01:02:03.456', Buffer.from([0, 255, 7])].concat([
        'b',
        false,
        -2_497_500_000,
        3,
        '2026-01-01 00:00:00.000',
        null,
      ]),
    );
    const sql =
      'select `id`, `flag`, `money`, `stock`, `at`, `bytes` from `raw_types_t` where `money` <> ? and `flag` in (?, ?) order by `id`';
    const params = [0, true, false];
    const rows = await selectRows<Record<string, unknown>>(db, sql, params);
    expect(rows).to.deep.equal(await textRows(db, sql, params));
    expect(rows[0]).to.include({ id: 'a', money: big, stock: null, at: '2026-11-24 01:02:03.456' });
    expect(Buffer.from(rows[0].bytes as Uint8Array)).to.deep.equal(Buffer.from([0, 255, 7]));
    expect(rows[1]).to.include({ id: 'b', money: -2_497_500_000, stock: 3 });
    // MySQL TINYINT(1) comes back as a boolean (runtime/db.ts's typeCast), SQLite's as 0/1.
    expect(Boolean(rows[0].flag)).to.equal(true);
    expect(Boolean(rows[1].flag)).to.equal(false);
    if (ctx.engine === 'mysql') expect(rows[0].flag).to.equal(true);
    // A BIGINT bound as a parameter matches exactly.
    expect(await selectRows(db, 'select `id` from `raw_types_t` where `money` = ?', [big])).to.deep.equal([
      { id: 'a' },
    ]);
    const sumSql = 'select sum(`money`) as `total`, count(*) as `n` from `raw_types_t` where `id` in (?, ?)';
    expect(await selectRows(db, sumSql, ['a', 'b'])).to.deep.equal(await textRows(db, sumSql, ['a', 'b']));
    await db.schema.dropTable('raw_types_t');
  });

  it('refuses an undefined binding instead of sending it', async () => {
    let err: unknown;
    try {
      await selectRows(db, 'select `id` from `raw_sql_t` where `id` = ?', [undefined]);
    } catch (e) {
      err = e;
    }
    expect(String(err)).to.match(/undefined/i);
  });

  it('runs inside a transaction on its connection: a rolled-back change is gone', async () => {
    await db
      .transaction(async (trx) => {
        await changedRows(trx, 'update `raw_sql_t` set `n` = ? where `id` = ?', [42, 'a']);
        expect(await selectRows(trx, 'select `n` from `raw_sql_t` where `id` = ?', ['a'])).to.deep.equal([
          { n: 42 },
        ]);
        throw new Error('roll back');
      })
      .catch((err: Error) => expect(err.message).to.equal('roll back'));
    expect(await selectRows(db, 'select `n` from `raw_sql_t` where `id` = ?', ['a'])).to.deep.equal([
      { n: 1 },
    ]);
  });

  it('refuses a statement on a transaction that already completed', async () => {
    const trx = await db.transaction();
    await trx.commit();
    let err: unknown;
    try {
      await changedRows(trx, 'update `raw_sql_t` set `n` = ? where `id` = ?', [7, 'a']);
    } catch (e) {
      err = e;
    }
    expect(String(err)).to.match(/Transaction query already complete/);
    expect(await selectRows(db, 'select `n` from `raw_sql_t` where `id` = ?', ['a'])).to.deep.equal([
      { n: 1 },
    ]);
  });

  if (ctx.engine === 'mysql') {
    it('a lock wait timeout on a raw statement is still a write conflict, replayed as a whole transaction', async () => {
      const holder = createDb(ctx.url(), { poolMax: 1 });
      const db1 = createDb(ctx.url(), { poolMax: 1 });
      try {
        await db1.raw('set session innodb_lock_wait_timeout = 1');
        const holding = await holder.transaction();
        await holding.raw('select `n` from `raw_sql_t` where `id` = ? for update', ['a']);
        const errors: unknown[] = [];
        let attempts = 0;
        await transactionWithRetry(
          db1,
          async (trx) => {
            attempts += 1;
            try {
              await changedRows(trx, 'update `raw_sql_t` set `n` = `n` + 1 where `id` = ?', ['a']);
            } catch (err) {
              errors.push(err);
              throw err;
            }
          },
          { attempts: 2, sleep: async () => void (await holding.rollback()) },
        );
        expect(attempts).to.equal(2);
        expect(errors).to.have.length(1);
        expect(isRetryableConflict(errors[0])).to.equal(true);
        expect((errors[0] as { errno?: number }).errno).to.equal(1205);
        // applied exactly once
        expect(await selectRows(db, 'select `n` from `raw_sql_t` where `id` = ?', ['a'])).to.deep.equal([
          { n: 2 },
        ]);
        await changedRows(db, 'update `raw_sql_t` set `n` = ? where `id` = ?', [1, 'a']);
      } finally {
        await db1.destroy();
        await holder.destroy();
      }
    });
  }
});
