// Housekeeping on SQLite and MySQL: what has expired goes, in batches of SWEEP_BATCH rows per
// statement (so a backlog never becomes one long delete), and nothing live is touched.
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createDb, type Db } from '../../runtime/db.js';
import { migrateLatest } from '../../runtime/migrate.js';
import { SWEEP_BATCH, sweepExpired } from '../../runtime/maintenance.js';
import { findSiteByHostExact } from '../../runtime/sites/store.js';
import { toDbTime } from '../../runtime/time.js';
import { forEachEngine } from '../helpers/engines.js';

forEachEngine('runtime/maintenance', (ctx) => {
  let db: Db;
  let siteId: string;
  const now = new Date('2026-11-24T12:00:00Z');
  const past = toDbTime(new Date(now.getTime() - 2 * 60 * 60 * 1000)); // two hours ago
  const future = toDbTime(new Date(now.getTime() + 60 * 60 * 1000));

  before(async () => {
    db = createDb(ctx.url());
    await migrateLatest(db);
    siteId = (await findSiteByHostExact(db, undefined))!.id;
  });
  after(() => db.destroy());

  const sessions = (n: number, prefix: string, expiresAt: string) =>
    Array.from({ length: n }, (_, i) => ({
      id: `${prefix}-${i}`,
      site_id: siteId,
      data: '{}',
      expires_at: expiresAt,
      created_at: past,
      updated_at: past,
    }));

  it('deletes a backlog larger than a batch, in several statements, and keeps what is live', async () => {
    const backlog = 2 * SWEEP_BATCH + 345;
    await db.batchInsert(
      'sessions',
      [...sessions(backlog, 'old', past), ...sessions(3, 'live', future)],
      200,
    );
    // carts: one whose session is gone (an orphan past the hour), one whose session lives
    await db('carts').insert([
      { id: randomUUID(), site_id: siteId, session_id: 'gone', created_at: past, updated_at: past },
      { id: randomUUID(), site_id: siteId, session_id: 'live-0', created_at: past, updated_at: past },
    ]);
    await db.batchInsert(
      'idempotency_records',
      Array.from({ length: SWEEP_BATCH + 1 }, (_, i) => ({
        site_id: siteId,
        idempotency_key: `key-${i}`,
        request_hash: 'h',
        state: 'done',
        created_at: past,
        expires_at: i === 0 ? future : past,
      })),
      200,
    );
    await db('rate_limits').insert([
      { bucket: 'old', site_id: siteId, hits: 1, window_started_at: past, expires_at: past },
      { bucket: 'live', site_id: siteId, hits: 1, window_started_at: past, expires_at: future },
    ]);

    const deletes: string[] = [];
    const watch = (q: { sql: string }) => {
      if (/^delete/i.test(q.sql)) deletes.push(q.sql);
    };
    db.on('query', watch);
    const report = await sweepExpired(db, now);
    db.off('query', watch);

    expect(report).to.deep.equal({
      sessions: backlog,
      carts: 1,
      idempotency_records: SWEEP_BATCH,
      rate_limits: 1,
    });
    // sessions: 1000 + 1000 + 345 → three statements; idempotency: 1000 then 0 → two
    expect(deletes.filter((sql) => /^delete from [`"]?sessions[`"]? /i.test(sql))).to.have.length(3);
    expect(deletes.filter((sql) => /^delete from [`"]?idempotency_records/i.test(sql))).to.have.length(2);
    expect((await db('sessions').pluck('id')).sort()).to.deep.equal(['live-0', 'live-1', 'live-2']);
    expect(await db('carts').pluck('session_id')).to.deep.equal(['live-0']);
    expect(await db('idempotency_records').pluck('idempotency_key')).to.deep.equal(['key-0']);
    expect(await db('rate_limits').pluck('bucket')).to.deep.equal(['live']);

    expect(await sweepExpired(db, now)).to.deep.equal({
      sessions: 0,
      carts: 0,
      idempotency_records: 0,
      rate_limits: 0,
    });
  });
});
