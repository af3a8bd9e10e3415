// The money columns after the migrations, on SQLite and MySQL: every *_minor column holds 64-bit
// integers (BIGINT on MySQL, where INT stopped orders at 2^31 − 1 minor units) and reads back as a
// JavaScript number; the BIGINT migration rolls back to INT, but never over amounts INT cannot hold.
import { expect } from 'chai';
import { createDb, type Db } from '../../../runtime/db.js';
import { migrateLatest } from '../../../runtime/migrate.js';
import { DEFAULT_SITE_ID } from '../../../knex/migrations/index.js';
import * as bigintMigration from '../../../knex/migrations/20261123110000_money_columns_bigint.js';
import { newId } from '../../../runtime/ids.js';
import { dbNow } from '../../../runtime/time.js';
import { forEachEngine } from '../../helpers/engines.js';

/** Every money column the schema has (a new one must be listed here and be 64-bit). */
const MONEY_COLUMNS = [
  'order_lines.line_total_minor',
  'order_lines.unit_price_minor',
  'orders.discount_minor',
  'orders.shipping_minor',
  'orders.subtotal_minor',
  'orders.tax_minor',
  'orders.total_minor',
  'sites.free_shipping_min_minor',
  'sites.shipping_fee_minor',
  'variants.price_minor',
];

interface ColumnType {
  column: string;
  type: string;
}

/** Declared types of every column whose name ends in _minor, as "table.column", sorted. */
async function minorColumns(db: Db, engine: 'sqlite' | 'mysql'): Promise<ColumnType[]> {
  if (engine === 'mysql') {
    const [rows] = (await db.raw(
      `select table_name as t, column_name as c, data_type as type from information_schema.columns
        where table_schema = database() and column_name like '%\\_minor'`,
    )) as unknown as [Array<{ t: string; c: string; type: string }>];
    return rows
      .map((r) => ({ column: `${r.t}.${r.c}`, type: r.type.toLowerCase() }))
      .sort((a, b) => a.column.localeCompare(b.column));
  }
  const tables = (await db.raw(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%'",
  )) as Array<{ name: string }>;
  const out: ColumnType[] = [];
  for (const { name } of tables) {
    const cols = (await db.raw(`pragma table_info(${JSON.stringify(name)})`)) as Array<{
      name: string;
      type: string;
    }>;
    for (const c of cols)
      if (c.name.endsWith('_minor')) out.push({ column: `${name}.${c.name}`, type: c.type.toLowerCase() });
  }
  return out.sort((a, b) => a.column.localeCompare(b.column));
}

forEachEngine('runtime/money columns', (ctx) => {
  let db: Db;
  before(async function () {
    this.timeout(60000);
    db = createDb(ctx.url());
    await migrateLatest(db);
  });
  after(() => db?.destroy());

  const site = () => db('sites').where({ id: DEFAULT_SITE_ID });

  it('stores every money column as a 64-bit integer', async () => {
    const columns = await minorColumns(db, ctx.engine);
    expect(columns.map((c) => c.column)).to.deep.equal(MONEY_COLUMNS);
    for (const { column, type } of columns)
      // SQLite: any declared type containing "int" has INTEGER affinity, which is 64-bit.
      expect(type, column).to.match(ctx.engine === 'mysql' ? /^bigint$/ : /int/);
  });

  it('reads a 64-bit amount back as the same JavaScript number', async () => {
    const amount = 2 ** 53 - 1;
    await site().update({ shipping_fee_minor: amount, free_shipping_min_minor: 5_000_000_000 });
    try {
      expect(await site().first('shipping_fee_minor', 'free_shipping_min_minor')).to.deep.equal({
        shipping_fee_minor: amount,
        free_shipping_min_minor: 5_000_000_000,
      });
    } finally {
      await site().update({ shipping_fee_minor: 495, free_shipping_min_minor: 5000 });
    }
  });

  it('rolls back to INT only when every amount fits, keeping defaults and nullability, and forward again', async function () {
    this.timeout(60000);
    await site().update({ free_shipping_min_minor: 3_000_000_000 });
    if (ctx.engine === 'mysql') {
      let message = '';
      await bigintMigration.down(db).catch((err: Error) => (message = err.message));
      expect(message).to.match(/cannot roll back: sites\.free_shipping_min_minor .*BIGINT/);
      expect((await minorColumns(db, ctx.engine)).every((c) => c.type === 'bigint')).to.equal(true);
    }
    await site().update({ free_shipping_min_minor: 5000 });

    await bigintMigration.down(db);
    const expected = ctx.engine === 'mysql' ? /^int$/ : /int/;
    for (const { column, type } of await minorColumns(db, ctx.engine))
      expect(type, column).to.match(expected);
    if (ctx.engine === 'mysql') {
      const [rows] = (await db.raw(
        `select column_name as c, is_nullable as n, column_default as d from information_schema.columns
          where table_schema = database() and table_name = 'sites' and column_name like '%\\_minor'
          order by column_name`,
      )) as unknown as [Array<{ c: string; n: string; d: string | null }>];
      expect(rows.map((r) => [r.c, r.n, String(r.d)])).to.deep.equal([
        ['free_shipping_min_minor', 'YES', '5000'],
        ['shipping_fee_minor', 'NO', '495'],
      ]);
    }

    await bigintMigration.up(db);
    for (const { column, type } of await minorColumns(db, ctx.engine))
      expect(type, column).to.match(ctx.engine === 'mysql' ? /^bigint$/ : /int/);
    // The defaults survived the round trip: a site inserted without the amounts gets them.
    const id = newId();
    const now = dbNow();
    await db('sites').insert({
      id,
      host: `defaults-${id.slice(0, 8)}.test`,
      name: 'Defaults',
      created_at: now,
      updated_at: now,
    });
    expect(
      await db('sites').where({ id }).first('shipping_fee_minor', 'free_shipping_min_minor'),
    ).to.deep.equal({
      shipping_fee_minor: 495,
      free_shipping_min_minor: 5000,
    });
  });
});
