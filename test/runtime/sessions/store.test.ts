// The sessions table's store on both engines: the upsert writes a session whole and a second save
// replaces data, account and expiry; an expired or another site's session is not found.
import { expect } from 'chai';
import { createDb, type Db } from '../../../runtime/db.js';
import { migrateLatest } from '../../../runtime/migrate.js';
import { DEFAULT_SITE_ID } from '../../../knex/migrations/index.js';
import { deleteSession, findSessionData, saveSession } from '../../../runtime/sessions/store.js';
import { toDbTime } from '../../../runtime/time.js';
import { forEachEngine } from '../../helpers/engines.js';

forEachEngine('sessions/store', (ctx) => {
  let db: Db;
  before(async function () {
    this.timeout(60000);
    db = createDb(ctx.url());
    await migrateLatest(db);
  });
  after(() => db.destroy());

  const later = () => toDbTime(new Date(Date.now() + 60_000));

  it('saves a session, replaces it on a second save, and deletes it', async () => {
    await saveSession(db, {
      id: 's1',
      siteId: DEFAULT_SITE_ID,
      data: '{"a":1}',
      accountId: null,
      expiresAt: later(),
    });
    expect(await findSessionData(db, DEFAULT_SITE_ID, 's1')).to.equal('{"a":1}');
    await saveSession(db, {
      id: 's1',
      siteId: DEFAULT_SITE_ID,
      data: '{"a":2}',
      accountId: null,
      expiresAt: later(),
    });
    expect(await findSessionData(db, DEFAULT_SITE_ID, 's1')).to.equal('{"a":2}');
    expect(Number((await db('sessions').where({ id: 's1' }).count({ n: '*' }).first())?.n)).to.equal(1);
    await deleteSession(db, 's1');
    expect(await findSessionData(db, DEFAULT_SITE_ID, 's1')).to.equal(undefined);
  });

  it('does not find an expired session, nor one of another site', async () => {
    const past = toDbTime(new Date(Date.now() - 1000));
    await saveSession(db, {
      id: 's2',
      siteId: DEFAULT_SITE_ID,
      data: '{}',
      accountId: null,
      expiresAt: past,
    });
    expect(await findSessionData(db, DEFAULT_SITE_ID, 's2')).to.equal(undefined);
    await saveSession(db, {
      id: 's3',
      siteId: DEFAULT_SITE_ID,
      data: '{}',
      accountId: null,
      expiresAt: later(),
    });
    expect(await findSessionData(db, '00000000-0000-4000-8000-0000000000ff', 's3')).to.equal(undefined);
  });
});
