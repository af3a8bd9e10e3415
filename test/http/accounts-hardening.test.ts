// Issue 14 ("Production hardening"), account items, over a real server on SQLite and MySQL: look-alike
// emails neither get a fresh limit bucket nor sign in as the account they imitate; a login racing a
// block never leaves a session that comes back on unblock; display names refuse bidi controls and
// invisible characters; failures count toward the per-email limit and successes do not; registrations
// are limited per client address; a full hashing queue answers 503 at once.
import { expect } from 'chai';
import type Koa from 'koa';
import type { Db } from '../../runtime/db.js';
import { createApp } from '../../runtime/app.js';
import { listen } from '../../runtime/server.js';
import type { AppState } from '../../runtime/http/state.js';
import { hashPassword, sharedPool } from '../../runtime/accounts/password.js';
import { createAccount, findAccountIdByEmail, findCredentials } from '../../runtime/accounts/store.js';
import { blockAccount, unblockAccount } from '../../runtime/accounts/service.js';
import { LOGIN_PER_IP, peek, registerPerIp } from '../../runtime/accounts/rate-limit.js';
import { rateLimitRefusals } from '../../runtime/metrics.js';
import { findSiteByHostExact, type Site } from '../../runtime/sites/store.js';
import { TestBrowser, type TestResponse } from '../helpers/browser.js';
import { prepareDatabase, startTestServer, type TestServer } from '../helpers/server.js';
import { forEachEngine } from '../helpers/engines.js';

process.env.STOREFRONT_BCRYPT_COST = '4';

const PASSWORD = 'correct-horse-battery';
const DEMO_EMAIL = 'demo@example.com';
const DEMO_PASSWORD = 'demo-password-123';
const REGISTER_LIMIT = 3;
const LOOK_ALIKES = [
  'demó@example.com',
  'demo@exámple.com',
  'd\u200bemo@example.com',
  'de\u00admo@example.com',
];

let counter = 0;

/** Creates an active account with a unique email; returns the email. */
async function makeAccount(db: Db, site: Site, name: string): Promise<string> {
  counter += 1;
  const email = `${name}-${counter}-${Date.now().toString(36)}@example.test`;
  const passwordHash = await hashPassword(PASSWORD);
  expect(await createAccount(db, { siteId: site.id, email, passwordHash, displayName: name })).to.equal(true);
  return email;
}

function login(b: TestBrowser, email: string, password: string, token?: string): Promise<TestResponse> {
  return b.postJson('/_post/auth/login', { email, password }, token);
}

async function whoAmI(b: TestBrowser): Promise<number> {
  return (await b.get('/_post/profile/update')).status;
}

async function refusals(limit: string): Promise<number> {
  return (await rateLimitRefusals.get()).values.find((v) => v.labels.limit === limit)?.value ?? 0;
}

forEachEngine('http/accounts-hardening', (engineCtx) => {
  let server: TestServer;
  let db: Db;
  let site: Site;
  // A second listener on the same app dependencies, with a hook that runs after the login route
  // answered and before koa-session writes the session (which it does at the end of the request):
  // the window in which a block races a login.
  let raceUrl = '';
  let closeRace = async () => {};
  let afterLoginRoute: (() => Promise<void>) | null = null;

  before(async function () {
    this.timeout(60000);
    const url = engineCtx.url();
    await prepareDatabase(url); // the demo fixtures: demo@example.com
    server = await startTestServer(url, { flags: { registerLimit: REGISTER_LIMIT } });
    db = server.db;
    site = (await findSiteByHostExact(db, undefined))!;

    const app = createApp(server.deps, { log: null });
    const hook: Koa.Middleware<AppState> = async (ctx, next) => {
      await next();
      if (ctx.path === '/_post/auth/login' && ctx.status === 200 && afterLoginRoute) await afterLoginRoute();
    };
    const routerAt = app.middleware.findIndex((mw) => 'router' in mw);
    expect(routerAt, 'the /_post router in the middleware stack').to.be.greaterThan(0);
    app.middleware.splice(routerAt, 0, hook as Koa.Middleware);
    const running = await listen(app, '127.0.0.1', 0);
    raceUrl = running.url;
    closeRace = () => running.close(1000);
  });
  after(async () => {
    await closeRace();
    await server?.close();
  });
  beforeEach(async () => {
    afterLoginRoute = null;
    await db('rate_limits').delete();
  });

  describe('look-alike emails', () => {
    it('after 5 failures for demo@, each look-alike is a plain 401 (no fresh bucket, never the demo account); demo@ stays 429', async () => {
      const b = new TestBrowser(server.url);
      const token = await b.csrfToken('/login');
      for (let i = 0; i < 5; i++)
        expect((await login(b, DEMO_EMAIL, `wrong-password-${i}`, token)).status).to.equal(401);
      expect((await login(b, DEMO_EMAIL, DEMO_PASSWORD, token)).status).to.equal(429);

      for (const email of LOOK_ALIKES) {
        for (const password of [DEMO_PASSWORD, 'wrong-password-x']) {
          server.queries.length = 0;
          const res = await login(b, email, password, token);
          expect(res.status, `${JSON.stringify(email)} / ${password}`).to.equal(401);
          expect(res.json.error.code).to.equal('invalid_credentials');
          // Refused before any account lookup.
          expect(
            server.queries.filter((q) => /accounts/.test(q)),
            JSON.stringify(email),
          ).to.deep.equal([]);
        }
      }
      expect(await whoAmI(b)).to.equal(401);
      expect((await login(b, DEMO_EMAIL, DEMO_PASSWORD, token)).status).to.equal(429);
      // The look-alikes counted toward the client address: 5 + 8 failures so far.
      expect((await peek(db, LOGIN_PER_IP, site.id, '127.0.0.1')).hits).to.equal(13);
    });

    it('with a fresh counter, the right password on a look-alike is still 401, and the real address signs in', async () => {
      for (const email of LOOK_ALIKES) {
        const b = new TestBrowser(server.url);
        expect((await login(b, email, DEMO_PASSWORD)).status, JSON.stringify(email)).to.equal(401);
        expect(await whoAmI(b)).to.equal(401);
      }
      await db('rate_limits').delete();
      const b = new TestBrowser(server.url);
      expect((await login(b, ' Demo@Example.COM ', DEMO_PASSWORD)).status).to.equal(200);
      expect(await whoAmI(b)).to.equal(200);
    });

    it('lookups compare the exact key, which MySQL’s collation on `email` would not', async () => {
      expect(await findCredentials(db, site.id, 'demó@example.com')).to.equal(null);
      expect(await findAccountIdByEmail(db, site.id, 'demo@exámple.com')).to.equal(null);
      expect(await findAccountIdByEmail(db, site.id, DEMO_EMAIL)).to.be.a('string');
      // The `accounts block` path (service.ts) finds the account only by its own address.
      const err = await blockAccount(db, site.id, 'demó@example.com').catch((e: Error) => e);
      expect((err as Error).name).to.equal('AccountNotFoundError');
    });

    it('registration refuses look-alikes with 422 naming email, and never creates a second demo account', async () => {
      const b = new TestBrowser(server.url);
      const token = await b.csrfToken('/register');
      for (const email of LOOK_ALIKES) {
        const res = await b.postJson(
          '/_post/auth/register',
          { email, password: PASSWORD, display_name: 'Look Alike' },
          token,
        );
        expect(res.status, JSON.stringify(email)).to.equal(422);
        expect(res.json.error.code).to.equal('validation_failed');
        expect(res.json.error.fields).to.have.property('email');
      }
      const demos = await db('accounts').where({ site_id: site.id }).andWhere('email', 'like', 'd%mo@%');
      expect(demos.map((r: { email: string }) => r.email)).to.deep.equal([DEMO_EMAIL]);
    });
  });

  describe('a login racing a block', () => {
    it('credentials read → block → session written → unblock: the session is a guest', async () => {
      const email = await makeAccount(db, site, 'race-a');
      const b = new TestBrowser(raceUrl);
      afterLoginRoute = async () => {
        afterLoginRoute = null;
        await blockAccount(db, site.id, email);
      };
      expect((await login(b, email, PASSWORD)).status).to.equal(200);
      expect(await whoAmI(b)).to.equal(401);
      await unblockAccount(db, site.id, email);
      expect(await whoAmI(b)).to.equal(401);
      expect((await b.get('/profile')).text).to.include('/login?next=');
      // A login after the unblock works.
      const again = new TestBrowser(server.url);
      expect((await login(again, email, PASSWORD)).status).to.equal(200);
      expect(await whoAmI(again)).to.equal(200);
    });

    it('credentials read → block → unblock → session written: the stale generation keeps it a guest', async () => {
      const email = await makeAccount(db, site, 'race-b');
      const b = new TestBrowser(raceUrl);
      afterLoginRoute = async () => {
        afterLoginRoute = null;
        await blockAccount(db, site.id, email);
        await unblockAccount(db, site.id, email);
      };
      expect((await login(b, email, PASSWORD)).status).to.equal(200);
      const accountId = (await findAccountIdByEmail(db, site.id, email))!;
      // The session row exists (written after the unblock), and still names nobody.
      expect(await db('sessions').where({ account_id: accountId })).to.have.length(1);
      expect(await whoAmI(b)).to.equal(401);
      expect((await b.get('/profile')).text).to.include('/login?next=');
      const again = new TestBrowser(server.url);
      expect((await login(again, email, PASSWORD)).status).to.equal(200);
      expect(await whoAmI(again)).to.equal(200);
      expect(await whoAmI(b)).to.equal(401);
    });
  });

  describe('display_name', () => {
    for (const [label, bad] of [
      ['U+202E', 'Ann\u202Egnp.exe'],
      ['U+200B', 'An\u200Bn'],
    ]) {
      it(`refuses ${label} at register and at profile update (422 naming display_name)`, async () => {
        const b = new TestBrowser(server.url);
        const reg = await b.postJson(
          '/_post/auth/register',
          {
            email: `bidi-${label.slice(2)}-${Date.now()}@example.test`,
            password: PASSWORD,
            display_name: bad,
          },
          await b.csrfToken('/register'),
        );
        expect(reg.status).to.equal(422);
        expect(reg.json.error.code).to.equal('validation_failed');
        expect(reg.json.error.fields).to.have.all.keys('display_name');

        const email = await makeAccount(db, site, 'profile');
        const signedIn = new TestBrowser(server.url);
        const ok = await login(signedIn, email, PASSWORD);
        const upd = await signedIn.postJson(
          '/_post/profile/update',
          { display_name: bad },
          ok.json.csrf_token,
        );
        expect(upd.status).to.equal(422);
        expect(upd.json.error.code).to.equal('validation_failed');
        expect(upd.json.error.fields).to.have.all.keys('display_name');
        expect((await db('accounts').where({ email }).first('display_name')).display_name).to.equal(
          'profile',
        );
      });
    }
  });

  describe('failures count toward the per-email limit, successes do not', () => {
    it('6 simultaneous correct logins for one email all succeed', async () => {
      const email = await makeAccount(db, site, 'tabs');
      const results = await Promise.all(
        Array.from({ length: 6 }, () => login(new TestBrowser(server.url), email, PASSWORD)),
      );
      expect(results.map((r) => r.status)).to.deep.equal([200, 200, 200, 200, 200, 200]);
    });

    it('21 simultaneous correct logins from one address all succeed (successes do not count per address)', async () => {
      const emails = await Promise.all([1, 2, 3].map((n) => makeAccount(db, site, `office-${n}`)));
      const results = await Promise.all(
        Array.from({ length: 21 }, (_, i) => login(new TestBrowser(server.url), emails[i % 3], PASSWORD)),
      );
      expect(results.filter((r) => r.status === 200)).to.have.length(21);
    });

    it('5 wrong then the right one is 429, also when the 5 were simultaneous', async () => {
      for (const together of [false, true]) {
        await db('rate_limits').delete();
        const email = await makeAccount(db, site, together ? 'burst' : 'guess');
        const b = new TestBrowser(server.url);
        const token = await b.csrfToken('/login');
        const wrong = (i: number) => login(b, email, `wrong-password-${i}`, token);
        const statuses = together ? (await Promise.all([0, 1, 2, 3, 4].map(wrong))).map((r) => r.status) : [];
        if (!together) for (let i = 0; i < 5; i++) statuses.push((await wrong(i)).status);
        expect(statuses, together ? 'simultaneous' : 'one after another').to.deep.equal([
          401, 401, 401, 401, 401,
        ]);
        const right = await login(b, email, PASSWORD, token);
        expect(right.status).to.equal(429);
        expect(Number(right.headers.get('retry-after'))).to.be.within(1, 15 * 60);
      }
    });
  });

  describe('registrations per client address', () => {
    it(`accepts ${REGISTER_LIMIT} an hour (--register-limit), then 429 rate_limited with Retry-After`, async () => {
      const b = new TestBrowser(server.url);
      const token = await b.csrfToken('/register');
      const register = (email: string, password = PASSWORD) =>
        b.postJson('/_post/auth/register', { email, password, display_name: 'Flood' }, token);
      const stamp = Date.now().toString(36);
      // Invalid input is not an accepted registration: it does not count.
      expect((await register(`short-${stamp}@example.test`, 'short')).status).to.equal(422);
      for (let i = 0; i < REGISTER_LIMIT; i++)
        expect((await register(`flood-${i}-${stamp}@example.test`)).status).to.equal(202);
      const before = await refusals('register-ip');
      const limited = await register(`flood-last-${stamp}@example.test`);
      expect(limited.status).to.equal(429);
      expect(limited.json.error.code).to.equal('rate_limited');
      expect(Number(limited.headers.get('retry-after'))).to.be.within(3500, 3600);
      expect(await db('accounts').where({ email: `flood-last-${stamp}@example.test` })).to.have.length(0);
      // The HTML form gets the register page with 429 and Retry-After.
      const form = await b.postForm('/_post/auth/register', {
        _token: token,
        email: `flood-form-${stamp}@example.test`,
        password: PASSWORD,
        display_name: 'Flood',
      });
      expect(form.status).to.equal(429);
      expect(form.headers.get('retry-after')).to.match(/^\d+$/);
      expect(await refusals('register-ip')).to.equal(before + 2);
    });

    it(`10 simultaneous registrations from one address: exactly ${REGISTER_LIMIT} accepted, the rest 429`, async () => {
      const b = new TestBrowser(server.url);
      const token = await b.csrfToken('/register');
      const stamp = Date.now().toString(36);
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          b.postJson(
            '/_post/auth/register',
            { email: `burst-${i}-${stamp}@example.test`, password: PASSWORD, display_name: 'Burst' },
            token,
          ),
        ),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).to.deep.equal([
        ...Array(REGISTER_LIMIT).fill(202),
        ...Array(10 - REGISTER_LIMIT).fill(429),
      ]);
      const created = await db('accounts').where('email', 'like', `burst-%-${stamp}@example.test`);
      expect(created).to.have.length(REGISTER_LIMIT);
    });

    it('a full hashing queue answers register and login with 503 service_busy, Retry-After 1, at once', async function () {
      this.timeout(60000);
      const email = await makeAccount(db, site, 'busy');
      const b = new TestBrowser(server.url);
      const token = await b.csrfToken('/register');
      const other = new TestBrowser(server.url);
      const otherToken = await other.csrfToken('/login');
      const pool = sharedPool();
      // Every thread busy and the queue over its bound for a few dozen rounds of cost-8 hashes.
      const filler = Array.from({ length: pool.size + pool.maxQueue + 30 * pool.size }, (_, i) =>
        pool.hash(`filler-password-${i}`, 8),
      );
      const [reg, signIn] = await Promise.all([
        b.postJson(
          '/_post/auth/register',
          { email: `busy-new-${Date.now()}@example.test`, password: PASSWORD, display_name: 'Busy' },
          token,
        ),
        login(other, email, PASSWORD, otherToken),
      ]);
      await Promise.all(filler);
      for (const res of [reg, signIn]) {
        expect(res.status, res.text).to.equal(503);
        expect(res.json.error.code).to.equal('service_busy');
        expect(res.headers.get('retry-after')).to.equal('1');
      }
      // The refused registration was not counted, and the refused login was no failure.
      expect((await peek(db, registerPerIp(REGISTER_LIMIT), site.id, '127.0.0.1')).hits).to.equal(0);
      expect((await peek(db, LOGIN_PER_IP, site.id, '127.0.0.1')).hits).to.equal(0);
      expect((await login(other, email, PASSWORD, otherToken)).status).to.equal(200);
    });
  });
});
