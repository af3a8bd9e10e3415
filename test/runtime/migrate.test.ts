// Migrations up and down on SQLite and MySQL, and the schema rules the data model needs.
import { expect } from 'chai';
import { createDb, engineOf, type Db } from '../../runtime/db.js';
import {
  assertMigrated,
  migrateLatest,
  migrateRollback,
  migrationStatus,
  SchemaNotMigratedError,
} from '../../runtime/migrate.js';
import { forEachEngine } from '../helpers/engines.js';

const TABLES = [
  'sites',
  'accounts',
  'memberships',
  'sessions',
  'products',
  'variants',
  'carts',
  'cart_lines',
  'orders',
  'order_lines',
  'shipments',
  'idempotency_records',
  'rate_limits',
];

forEachEngine('runtime/migrate', (ctx) => {
  let db: Db;
  before(() => (db = createDb(ctx.url())));
  after(() => db.destroy());

  it('refuses an unmigrated schema with a message naming the command', async () => {
    const err = await assertMigrated(db).catch((e) => e);
    expect(err).to.be.instanceOf(SchemaNotMigratedError);
    expect(err.message).to.include('storefront migrate');
  });

  it('creates every table of the data model and a default site', async () => {
    const applied = await migrateLatest(db);
    expect(applied.length).to.be.greaterThan(10);
    for (const table of TABLES) expect(await db.schema.hasTable(table), table).to.equal(true);
    const sites = await db('sites').where({ is_default: true });
    expect(sites).to.have.length(1);
    expect((await migrationStatus(db)).pending).to.deep.equal([]);
    await assertMigrated(db);
  });

  it('uses InnoDB and utf8mb4 on MySQL', async function () {
    if (engineOf(db) !== 'mysql') this.skip();
    const [rows] = (await db.raw(
      'select table_name as t, engine as e, table_collation as c from information_schema.tables where table_schema = database() and table_name in (?)',
      [TABLES],
    )) as unknown as [Array<{ t: string; e: string; c: string }>];
    expect(rows).to.have.length(TABLES.length);
    for (const r of rows) {
      expect(r.e, r.t).to.equal('InnoDB');
      expect(r.c, r.t).to.match(/^utf8mb4/);
    }
  });

  it('enforces the unique rules: email, slug, tracking number and idempotency key per site', async () => {
    const site = (await db('sites').first('id')) as { id: string };
    const now = '2026-01-01 00:00:00.000';
    const account = {
      site_id: site.id,
      email: 'a@example.com',
      password_hash: 'x',
      display_name: 'A',
      created_at: now,
      updated_at: now,
    };
    await db('accounts').insert({ id: '10000000-0000-4000-8000-000000000001', ...account });
    const dup = await db('accounts')
      .insert({ id: '10000000-0000-4000-8000-000000000002', ...account })
      .catch((e) => e);
    expect(dup).to.be.instanceOf(Error);
    const key = {
      site_id: site.id,
      idempotency_key: 'k'.repeat(32),
      request_hash: 'h',
      state: 'processing',
      created_at: now,
      expires_at: now,
    };
    await db('idempotency_records').insert(key);
    expect(
      await db('idempotency_records')
        .insert(key)
        .catch((e) => e),
    ).to.be.instanceOf(Error);
    await db('idempotency_records').delete();
    await db('accounts').delete();
  });

  it('rolls everything back and forward again', async () => {
    const reverted = await migrateRollback(db, true);
    expect(reverted.length).to.be.greaterThan(10);
    for (const table of TABLES) expect(await db.schema.hasTable(table), table).to.equal(false);
    await migrateLatest(db);
    expect((await migrationStatus(db)).pending).to.deep.equal([]);
  });
});
