// The schema keeps to what MySQL-protocol distributed engines accept (Galera, TiDB, Vitess,
// PlanetScale, group replication): a primary key on every table (Galera replicates rows by key; a
// table without one cannot be certified safely), ids that are UUIDs rather than auto-increment
// numbers (their order across nodes means nothing; only knex's own bookkeeping tables use one), and
// no LOCK TABLES / GET_LOCK in the code (neither is replicated: each node would lock only itself).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { createDb, type Db } from '../../runtime/db.js';
import { migrateLatest } from '../../runtime/migrate.js';
import { forEachEngine } from '../helpers/engines.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** knex's own tables: their auto-increment id only orders the migrations applied through one node. */
const KNEX_TABLES = ['knex_migrations', 'knex_migrations_lock'];

interface TableInfo {
  name: string;
  primaryKey: string[];
  autoIncrement: string[];
}

async function tables(db: Db, engine: 'sqlite' | 'mysql'): Promise<TableInfo[]> {
  if (engine === 'mysql') {
    const [rows] = (await db.raw(
      `select t.table_name as name, k.column_name as pk, k.ordinal_position as pos
         from information_schema.tables t
         left join information_schema.table_constraints c
           on c.table_schema = t.table_schema and c.table_name = t.table_name and c.constraint_type = 'PRIMARY KEY'
         left join information_schema.key_column_usage k
           on k.table_schema = c.table_schema and k.table_name = c.table_name and k.constraint_name = c.constraint_name
        where t.table_schema = database() and t.table_type = 'BASE TABLE'
        order by t.table_name, k.ordinal_position`,
    )) as unknown as [Array<{ name: string; pk: string | null }>];
    const [auto] = (await db.raw(
      `select table_name as name, column_name as col from information_schema.columns
        where table_schema = database() and extra like '%auto_increment%'`,
    )) as unknown as [Array<{ name: string; col: string }>];
    const byName = new Map<string, TableInfo>();
    for (const r of rows) {
      const t = byName.get(r.name) ?? { name: r.name, primaryKey: [], autoIncrement: [] };
      if (r.pk) t.primaryKey.push(r.pk);
      byName.set(r.name, t);
    }
    for (const a of auto) byName.get(a.name)?.autoIncrement.push(a.col);
    return [...byName.values()];
  }
  const names = (await db.raw(
    "select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
  )) as Array<{ name: string; sql: string }>;
  const out: TableInfo[] = [];
  for (const { name, sql } of names) {
    const cols = (await db.raw(`pragma table_info(${JSON.stringify(name)})`)) as Array<{
      name: string;
      pk: number;
    }>;
    const primaryKey = cols
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    out.push({ name, primaryKey, autoIncrement: /autoincrement/i.test(sql) ? primaryKey : [] });
  }
  return out;
}

forEachEngine('runtime/schema portability', (ctx) => {
  let db: Db;
  let info: TableInfo[];
  before(async () => {
    db = createDb(ctx.url());
    await migrateLatest(db);
    info = await tables(db, ctx.engine);
  });
  after(() => db?.destroy());

  it('gives every table a primary key', () => {
    expect(info.map((t) => t.name)).to.include.members([
      'sessions',
      'orders',
      'cart_lines',
      'idempotency_records',
    ]);
    const without = info.filter((t) => t.primaryKey.length === 0).map((t) => t.name);
    expect(without, 'tables without a primary key').to.deep.equal([]);
  });

  it('uses no auto-increment column outside knex’s bookkeeping tables', () => {
    const auto = info
      .filter((t) => t.autoIncrement.length > 0 && !KNEX_TABLES.includes(t.name))
      .map((t) => `${t.name}.${t.autoIncrement.join(',')}`);
    expect(auto).to.deep.equal([]);
  });
});

describe('runtime/schema portability: source', () => {
  function files(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const full = join(dir, name);
      return statSync(full).isDirectory() ? files(full) : [full];
    });
  }

  it('uses no LOCK TABLES, GET_LOCK or RELEASE_LOCK under runtime/ or knex/', () => {
    const pattern = /\block\s+tables?\b|\b(get|release|is_free|is_used)_lock\b/i;
    for (const sql of ['LOCK TABLES orders WRITE', "SELECT GET_LOCK('x', 10)", 'select release_lock(?)'])
      expect(pattern.test(sql), sql).to.equal(true);
    const scanned = ['runtime', 'knex'].flatMap((d) => files(join(ROOT, d)));
    expect(scanned.length).to.be.greaterThan(20);
    const hits: string[] = [];
    for (const file of scanned) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (pattern.test(line)) hits.push(`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(hits).to.deep.equal([]);
  });
});
