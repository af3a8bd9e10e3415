// `storefront accounts list|block|unblock` through the built CLI (node bin/storefront) on a temp SQLite.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { createDb, type Db } from '../../runtime/db.js';
import { hashPassword } from '../../runtime/accounts/password.js';
import { createAccount } from '../../runtime/accounts/store.js';
import { addSite, findSiteByHostExact, type Site } from '../../runtime/sites/store.js';
import { dbNow, toDbTime } from '../../runtime/time.js';
import { prepareDatabase, tempSqliteUrl } from '../helpers/server.js';

process.env.STOREFRONT_BCRYPT_COST = '4';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = fileURLToPath(new URL('../../bin/storefront', import.meta.url));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function storefront(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { cwd: root, env: { ...process.env, NO_COLOR: '1', ...env } },
      (err, stdout, stderr) => {
        const code = err
          ? typeof (err as { code?: unknown }).code === 'number'
            ? (err as { code: number }).code
            : 1
          : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe('bin/accounts (storefront accounts)', function () {
  this.timeout(30000);
  let url: string;
  let cleanup: () => void;
  let db: Db;
  let site: Site;
  let other: Site;

  before(async function () {
    if (!existsSync(new URL('../../dist/bin/cli.js', import.meta.url)))
      throw new Error('the package is not built: run `npm run build` first');
    const tmp = tempSqliteUrl();
    url = tmp.url;
    cleanup = tmp.cleanup;
    await prepareDatabase(url, { seed: false });
    db = createDb(url);
    site = (await findSiteByHostExact(db, undefined))!;
    other = await addSite(db, { host: 'second.example' });
    const hash = await hashPassword('cli-password-1234');
    await createAccount(db, {
      siteId: site.id,
      email: 'ann@example.test',
      passwordHash: hash,
      displayName: 'Ann',
    });
    await createAccount(db, {
      siteId: site.id,
      email: 'bob@example.test',
      passwordHash: hash,
      displayName: 'Bob',
    });
    await createAccount(db, {
      siteId: other.id,
      email: 'cid@example.test',
      passwordHash: hash,
      displayName: 'Cid',
    });
  });
  after(async () => {
    await db?.destroy();
    cleanup?.();
  });

  it('lists the accounts of the default site as a table and as JSON', async () => {
    const table = await storefront(['accounts', 'list', '--database', url]);
    expect(table.code, table.stderr).to.equal(0);
    expect(table.stdout.split('\n')[0]).to.match(/^EMAIL\s+NAME\s+STATUS\s+JOINED\s+ID$/);
    expect(table.stdout).to.include('ann@example.test').and.include('bob@example.test');
    expect(table.stdout).not.to.include('cid@example.test');
    const json = await storefront(['accounts', 'list', '--json'], { DATABASE_URL: url });
    expect(json.code, json.stderr).to.equal(0);
    const rows = JSON.parse(json.stdout) as Array<Record<string, unknown>>;
    expect(rows.map((r) => r.email)).to.deep.equal(['ann@example.test', 'bob@example.test']);
    expect(rows[0]).to.include({ display_name: 'Ann', status: 'active', blocked_at: null });
    expect(rows[0]).not.to.have.property('password_hash');
  });

  it('lists another site with --site HOST', async () => {
    const res = await storefront([
      'accounts',
      'list',
      '--site',
      'second.example',
      '--json',
      '--database',
      url,
    ]);
    expect(res.code, res.stderr).to.equal(0);
    expect((JSON.parse(res.stdout) as Array<{ email: string }>).map((r) => r.email)).to.deep.equal([
      'cid@example.test',
    ]);
  });

  it('block sets blocked_at and the membership status and ends the sessions at once; unblock lifts it', async () => {
    const account = (await db('accounts').where({ email: 'ann@example.test' }).first('id')) as { id: string };
    const expires = toDbTime(new Date(Date.now() + 3600_000));
    await db('sessions').insert({
      id: 'cli-session-1',
      site_id: site.id,
      account_id: account.id,
      data: '{}',
      expires_at: expires,
      created_at: dbNow(),
      updated_at: dbNow(),
    });
    await db('carts').insert({
      id: '00000000-0000-4000-8000-00000000c11c',
      site_id: site.id,
      session_id: 'cli-session-1',
      created_at: dbNow(),
      updated_at: dbNow(),
    });

    const blocked = await storefront(['accounts', 'block', 'Ann@Example.test', '--database', url]);
    expect(blocked.code, blocked.stderr).to.equal(0);
    expect(blocked.stdout).to.match(/Blocked Ann@Example\.test/);
    const row = await db('accounts as a')
      .join('memberships as m', 'm.account_id', 'a.id')
      .where({ 'a.id': account.id })
      .first('a.blocked_at', 'm.status');
    expect(row.blocked_at).to.be.a('string');
    expect(row.status).to.equal('blocked');
    expect(await db('sessions').where({ account_id: account.id })).to.have.length(0);
    expect(await db('carts').where({ session_id: 'cli-session-1' })).to.have.length(0);
    const list = JSON.parse(
      (await storefront(['accounts', 'list', '--json', '--database', url])).stdout,
    ) as Array<{ email: string; status: string }>;
    expect(list.find((r) => r.email === 'ann@example.test')!.status).to.equal('blocked');

    const unblocked = await storefront(['accounts', 'unblock', 'ann@example.test', '--database', url]);
    expect(unblocked.code, unblocked.stderr).to.equal(0);
    const after = await db('accounts as a')
      .join('memberships as m', 'm.account_id', 'a.id')
      .where({ 'a.id': account.id })
      .first('a.blocked_at', 'm.status');
    expect(after).to.deep.equal({ blocked_at: null, status: 'active' });
  });

  it('fails with one line and exit code 1 for an unknown email or site', async () => {
    for (const args of [
      ['accounts', 'block', 'nobody@example.test'],
      ['accounts', 'unblock', 'cid@example.test'], // exists, but on another site
      ['accounts', 'list', '--site', 'missing.example'],
    ]) {
      const res = await storefront([...args, '--database', url]);
      expect(res.code, args.join(' ')).to.equal(1);
      expect(res.stderr.trim().split('\n'), res.stderr).to.have.length(1);
      expect(res.stderr).to.match(/^storefront: no (account|site)/);
    }
  });

  it('has help with examples', async () => {
    const res = await storefront(['accounts', 'block', '--help']);
    expect(res.code).to.equal(0);
    expect(res.stdout).to.include('Example');
  });
});
