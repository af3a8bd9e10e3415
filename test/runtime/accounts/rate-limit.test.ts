// The database counters behind the sign-in and registration limits, on SQLite and MySQL: peek reads
// without counting, hit counts, take counts exactly up to the limit under concurrency, unhit and
// reset take hits back, and a window that is over starts again from zero.
import { expect } from 'chai';
import { createDb, type Db } from '../../../runtime/db.js';
import { migrateLatest } from '../../../runtime/migrate.js';
import { hit, peek, reset, take, unhit, type Limit } from '../../../runtime/accounts/rate-limit.js';
import { findSiteByHostExact } from '../../../runtime/sites/store.js';
import { forEachEngine } from '../../helpers/engines.js';

forEachEngine('runtime/accounts/rate-limit', (ctx) => {
  let db: Db;
  let siteId: string;
  let n = 0;
  const limit = (max: number, windowMs = 60_000): Limit => ({ name: `test-${++n}`, max, windowMs });

  before(async () => {
    db = createDb(ctx.url());
    await migrateLatest(db);
    siteId = (await findSiteByHostExact(db, undefined))!.id;
  });
  after(() => db.destroy());

  it('peek reads without counting: limited once the count has reached max', async () => {
    const l = limit(2);
    expect(await peek(db, l, siteId, 'a')).to.include({ hits: 0, limited: false });
    await hit(db, l, siteId, 'a');
    expect(await peek(db, l, siteId, 'a')).to.include({ hits: 1, limited: false });
    await hit(db, l, siteId, 'a');
    const full = await peek(db, l, siteId, 'a');
    expect(full).to.include({ hits: 2, limited: true });
    expect(full.retryAfter).to.be.within(1, 60);
    expect((await peek(db, l, siteId, 'a')).hits, 'peeking counted nothing').to.equal(2);
    expect((await peek(db, l, siteId, 'b')).hits, 'another subject').to.equal(0);
    await reset(db, l, siteId, 'a');
    expect((await peek(db, l, siteId, 'a')).hits).to.equal(0);
  });

  it('take counts exactly max of 20 simultaneous attempts and refuses the rest without counting them', async () => {
    const l = limit(5);
    const results = await Promise.all(Array.from({ length: 20 }, () => take(db, l, siteId, 'burst')));
    expect(results.filter((r) => r === null)).to.have.length(5);
    for (const r of results.filter((r) => r !== null)) expect(r).to.include({ limited: true });
    expect((await peek(db, l, siteId, 'burst')).hits).to.equal(5);
    // One taken back (its registration was not accepted after all): room for exactly one more.
    await unhit(db, l, siteId, 'burst');
    expect(await take(db, l, siteId, 'burst')).to.equal(null);
    expect(await take(db, l, siteId, 'burst')).to.include({ limited: true, hits: 5 });
  });

  it('a window that is over starts again from zero', async () => {
    const l = limit(1, 1);
    expect(await take(db, l, siteId, 'w')).to.equal(null);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await peek(db, l, siteId, 'w')).hits, 'an expired counter reads as zero').to.equal(0);
    expect(await take(db, l, siteId, 'w')).to.equal(null);
    expect((await hit(db, l, siteId, 'v')).hits).to.equal(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await hit(db, l, siteId, 'v')).hits, 'hit, too, starts a new window').to.equal(1);
  });
});
