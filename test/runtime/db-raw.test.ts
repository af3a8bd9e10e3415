// The raw-SQL helpers on both engines: rows of a SELECT, matched rows of a write (an UPDATE that
// leaves a row as it was still counts it, as the builder did), IN lists, and the locking read.
import { expect } from 'chai';
import { createDb, type Db } from '../../runtime/db.js';
import { changedRows, forUpdate, placeholders, selectRows } from '../../runtime/db-raw.js';
import { forEachEngine } from '../helpers/engines.js';

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
});
