// Account endpoints over a real server, on SQLite and MySQL: CSRF, registration, login (session
// rotation, next allowlist, rate limits), logout, profile, blocked and cross-site sessions, and the
// render error when the database fails while resolving auth.
import { request as httpRequest } from 'node:http';
import { expect } from 'chai';
import type { Db } from '../../runtime/db.js';
import { hashPassword } from '../../runtime/accounts/password.js';
import { createAccount } from '../../runtime/accounts/store.js';
import { blockAccount, unblockAccount, REGISTER_MESSAGE } from '../../runtime/accounts/service.js';
import { addSite, findSiteByHostExact, type Site } from '../../runtime/sites/store.js';
import { newId } from '../../runtime/ids.js';
import { dbNow } from '../../runtime/time.js';
import { TestBrowser, type TestResponse } from '../helpers/browser.js';
import { prepareDatabase, startTestServer, type TestServer } from '../helpers/server.js';
import { forEachEngine } from '../helpers/engines.js';

process.env.STOREFRONT_BCRYPT_COST = '4';

const PASSWORD = 'correct-horse-battery';
let counter = 0;

/** Creates an active account with a unique email on site; returns the email. */
export async function makeAccount(db: Db, site: Site, name = 'user', password = PASSWORD): Promise<string> {
  counter += 1;
  const email = `${name}-${counter}-${Date.now().toString(36)}@example.test`;
  const created = await createAccount(db, {
    siteId: site.id,
    email,
    passwordHash: await hashPassword(password),
    displayName: `${name} ${counter}`,
  });
  expect(created).to.equal(true);
  return email;
}

/** Signs a fresh browser in with JSON; returns it. */
export async function signIn(baseUrl: string, email: string, password = PASSWORD): Promise<TestBrowser> {
  const browser = new TestBrowser(baseUrl);
  const res = await browser.postJson('/_post/auth/login', { email, password });
  expect(res.status, res.text).to.equal(200);
  return browser;
}

/** A browser holding a copy of another browser's cookies (an attacker's or the old ones). */
export function withCookiesOf(
  source: TestBrowser | Map<string, string>,
  baseUrl: string,
  headers: Record<string, string> = {},
): TestBrowser {
  const b = new TestBrowser(baseUrl, headers);
  for (const [k, v] of source instanceof TestBrowser ? source.cookies : source) b.cookies.set(k, v);
  return b;
}

/** What requestAsHost answers. */
export interface HostResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * A request with browser's cookies and another Host header (fetch cannot send one): what the same
 * browser would send to another website served by this process.
 */
export function requestAsHost(
  browser: TestBrowser,
  host: string,
  method: string,
  path: string,
  init: { body?: string; headers?: Record<string, string> } = {},
): Promise<HostResponse> {
  const url = new URL(path, browser.baseUrl);
  const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: { ...init.headers, host, ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

let hostCounter = 0;
/** A host name no request used yet: the server resolves its site afresh (no 5 s site cache). */
function freshHost(): string {
  hostCounter += 1;
  return `fresh-${hostCounter}-${Date.now().toString(36)}.example`;
}

async function whoAmI(browser: TestBrowser): Promise<TestResponse> {
  return browser.get('/_post/profile/update');
}

forEachEngine('http/accounts', (engineCtx) => {
  let server: TestServer;
  let db: Db;
  let site: Site;

  before(async function () {
    this.timeout(60000);
    const url = engineCtx.url();
    await prepareDatabase(url, { seed: false });
    server = await startTestServer(url);
    db = server.db;
    site = (await findSiteByHostExact(db, undefined))!;
  });
  after(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    await db('rate_limits').delete();
  });

  describe('CSRF on every account POST', () => {
    const posts: Array<[string, Record<string, string>]> = [
      ['/_post/auth/register', { email: 'csrf@example.test', password: PASSWORD, display_name: 'C' }],
      ['/_post/auth/login', { email: 'csrf@example.test', password: PASSWORD }],
      ['/_post/auth/logout', {}],
      ['/_post/profile/update', { display_name: 'C', phone: '' }],
    ];

    for (const [path, body] of posts) {
      it(`${path}: missing, wrong and another session's token are rejected (JSON and form)`, async () => {
        const victim = await signIn(server.url, await makeAccount(db, site, 'csrf'));
        const attacker = new TestBrowser(server.url);
        const othersToken = await attacker.csrfToken('/');
        const own = await victim.csrfToken('/');
        const [salt, mac] = own.split('.');
        const wrong = `${salt}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;

        for (const token of [null, '', 'nonsense', wrong, othersToken]) {
          const res = await victim.postJson(path, body, token);
          expect(res.status, `${path} token=${token}`).to.equal(403);
          expect(res.json.error.code).to.equal('csrf_rejected');
          expect(res.headers.get('cache-control')).to.include('no-store');
        }
        const noField = await victim.postForm(path, body);
        expect(noField.status).to.equal(403);
        const othersField = await victim.postForm(path, { ...body, _token: othersToken });
        expect(othersField.status).to.equal(403);
        // No secret cookie at all: fail closed even with a well-formed token.
        const bare = new TestBrowser(server.url);
        expect((await bare.postJson(path, body, own)).status).to.equal(403);
        // Still signed in: nothing above had an effect.
        expect((await whoAmI(victim)).status).to.equal(200);
      });
    }
  });

  describe('POST /_post/auth/register', () => {
    it('answers 202 with byte-identical bodies for a new and a taken email, and does not sign in', async () => {
      const taken = await makeAccount(db, site, 'taken');
      const a = new TestBrowser(server.url);
      const fresh = await a.postJson('/_post/auth/register', {
        email: `new-${Date.now()}@example.test`,
        password: PASSWORD,
        display_name: 'New',
      });
      const b = new TestBrowser(server.url);
      const dup = await b.postJson('/_post/auth/register', {
        email: taken.toUpperCase(),
        password: 'another-password-9',
        display_name: 'Dup',
      });
      expect(fresh.status).to.equal(202);
      expect(dup.status).to.equal(202);
      expect(dup.text).to.equal(fresh.text);
      expect(fresh.json).to.deep.equal({ message: REGISTER_MESSAGE });
      expect(fresh.headers.get('cache-control')).to.include('no-store');
      expect(a.cookies.has('sf_session')).to.equal(false);
      expect((await whoAmI(a)).status).to.equal(401);
      const rows = await db('accounts').where({ site_id: site.id, email: taken });
      expect(rows).to.have.length(1);
      expect(rows[0].display_name).not.to.equal('Dup');
    });

    it('creates the account with an active membership; the email is stored lower-cased', async () => {
      const email = `Mixed.Case-${Date.now()}@Example.TEST`;
      const b = new TestBrowser(server.url);
      expect(
        (await b.postJson('/_post/auth/register', { email, password: PASSWORD, display_name: '  Trim Me  ' }))
          .status,
      ).to.equal(202);
      const row = await db('accounts as a')
        .join('memberships as m', 'm.account_id', 'a.id')
        .where({ 'a.email': email.toLowerCase() })
        .first('a.display_name', 'm.status', 'a.site_id');
      expect(row).to.include({ display_name: 'Trim Me', status: 'active', site_id: site.id });
      expect((await b.postJson('/_post/auth/login', { email, password: PASSWORD })).status).to.equal(200);
    });

    it('absorbs concurrent registrations of one email: all 202, one account', async () => {
      const email = `race-${Date.now()}@example.test`;
      const b = new TestBrowser(server.url);
      const token = await b.csrfToken('/');
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          b.postJson(
            '/_post/auth/register',
            { email, password: `race-password-${i}`, display_name: `Racer ${i}` },
            token,
          ),
        ),
      );
      expect(results.map((r) => r.status)).to.deep.equal(Array(6).fill(202));
      expect(new Set(results.map((r) => r.text)).size).to.equal(1);
      expect(await db('accounts').where({ site_id: site.id, email })).to.have.length(1);
      const account = await db('accounts').where({ email }).first('id');
      expect(await db('memberships').where({ account_id: account.id })).to.have.length(1);
    });

    it('applies the byte-length rules to passwords (72 × 1 byte, 24 × "€" ok; 73 and 11 bytes rejected)', async () => {
      const b = new TestBrowser(server.url);
      const token = await b.csrfToken('/');
      const cases: Array<[string, number]> = [
        ['a'.repeat(72), 202],
        ['€'.repeat(24), 202],
        ['a'.repeat(73), 422],
        ['€'.repeat(24) + 'a', 422],
        ['a'.repeat(11), 422],
        ['€'.repeat(3) + 'ab', 422], // 11 bytes, 5 characters
        ['a'.repeat(12), 202],
      ];
      for (const [password, status] of cases) {
        const email = `bytes-${++counter}-${Date.now()}@example.test`;
        const res = await b.postJson(
          '/_post/auth/register',
          { email, password, display_name: 'Bytes' },
          token,
        );
        expect(res.status, `${Buffer.byteLength(password)} bytes`).to.equal(status);
        if (status === 422) {
          expect(res.json.error.code).to.equal('validation_failed');
          expect(res.json.error.fields).to.have.keys('password');
        } else {
          const login = await new TestBrowser(server.url).postJson('/_post/auth/login', { email, password });
          expect(login.status, `login with ${Buffer.byteLength(password)} bytes`).to.equal(200);
        }
      }
    });

    it('counts display_name in characters: 160 emoji ok, 161 rejected; empty and malformed email rejected', async () => {
      const b = new TestBrowser(server.url);
      const token = await b.csrfToken('/');
      const ok = await b.postJson(
        '/_post/auth/register',
        { email: `emoji-${Date.now()}@example.test`, password: PASSWORD, display_name: '😀'.repeat(160) },
        token,
      );
      expect(ok.status).to.equal(202);
      const stored = await db('accounts')
        .where({ display_name: '😀'.repeat(160) })
        .first('display_name');
      expect(stored?.display_name).to.equal('😀'.repeat(160));
      const long = await b.postJson(
        '/_post/auth/register',
        { email: `emoji2-${Date.now()}@example.test`, password: PASSWORD, display_name: '😀'.repeat(161) },
        token,
      );
      expect(long.status).to.equal(422);
      expect(long.json.error.fields).to.have.keys('display_name');
      const bad = await b.postJson(
        '/_post/auth/register',
        { email: 'not-an-email', password: PASSWORD, display_name: '   ' },
        token,
      );
      expect(bad.status).to.equal(422);
      expect(bad.json.error.fields).to.have.keys('email', 'display_name');
    });

    it('honours a closed register policy on every POST (403 registration_closed)', async () => {
      const b = new TestBrowser(server.url);
      const token = await b.csrfToken('/');
      const body = JSON.stringify({
        email: `closed-${Date.now()}@example.test`,
        password: PASSWORD,
        display_name: 'X',
      });
      const headers = { 'content-type': 'application/json', 'x-csrf-token': token };
      await db('sites').where({ id: site.id }).update({ register_policy: 'closed' });
      try {
        // A host not seen yet resolves to the default site without the server's short site cache.
        const res = await requestAsHost(b, freshHost(), 'POST', '/_post/auth/register', { body, headers });
        expect(res.status).to.equal(403);
        expect(res.json.error.code).to.equal('registration_closed');
        expect(
          await db('accounts')
            .where({ email: JSON.parse(body).email })
            .first(),
        ).to.equal(undefined);
      } finally {
        await db('sites').where({ id: site.id }).update({ register_policy: 'open' });
      }
      expect(
        (await requestAsHost(b, freshHost(), 'POST', '/_post/auth/register', { body, headers })).status,
      ).to.equal(202);
    });

    it('works as a plain HTML form: 303 to /login?registered=1, errors re-render the page with 422', async () => {
      const b = new TestBrowser(server.url);
      const token = await b.csrfToken('/register');
      const ok = await b.postForm('/_post/auth/register', {
        _token: token,
        email: `form-${Date.now()}@example.test`,
        password: PASSWORD,
        display_name: 'Form',
      });
      expect(ok.status).to.equal(303);
      expect(ok.headers.get('location')).to.equal('/login?registered=1');
      const secret = 'sh0rt-pw!'; // 9 bytes: too short
      const bad = await b.postForm('/_post/auth/register', {
        _token: token,
        email: 'kept@example.test',
        password: secret,
        display_name: 'Kept Name',
      });
      expect(bad.status).to.equal(422);
      expect(bad.headers.get('content-type')).to.include('text/html');
      expect(bad.text).to.include('kept@example.test');
      expect(bad.text).to.include('Kept Name');
      expect(bad.text).to.match(/Password must be 12 to 72 bytes/);
      expect(bad.text).not.to.include(secret);
    });
  });

  describe('POST /_post/auth/login', () => {
    it('rotates the session id: the previous id is dead, the cart moves, the CSRF token changes', async () => {
      const email = await makeAccount(db, site, 'rotate');
      const b = await signIn(server.url, email);
      const first = new Map(b.cookies);
      const firstId = (
        await db('sessions')
          .where({ account_id: (await db('accounts').where({ email }).first('id')).id })
          .first('id')
      ).id as string;
      await db('carts').insert({
        id: newId(),
        site_id: site.id,
        session_id: firstId,
        created_at: dbNow(),
        updated_at: dbNow(),
      });
      const oldToken = await b.csrfToken('/');

      const again = await b.postJson('/_post/auth/login', { email, password: PASSWORD }, oldToken);
      expect(again.status).to.equal(200);
      expect(again.json).to.include({ ok: true, redirect: '/profile' });
      expect(again.json.csrf_token).to.be.a('string').and.not.equal(oldToken);
      expect(b.cookies.get('sf_session')).to.be.a('string').and.not.equal(first.get('sf_session'));

      // The old cookie is not signed in any more; its row is gone; the cart follows the new id.
      expect((await whoAmI(withCookiesOf(first, server.url))).status).to.equal(401);
      expect(await db('sessions').where({ id: firstId }).first()).to.equal(undefined);
      const cart = await db('carts')
        .where({ site_id: site.id })
        .whereNot({ session_id: firstId })
        .andWhere('session_id', 'in', db('sessions').select('id'))
        .first('session_id');
      expect(cart).to.not.equal(undefined);
      expect(await db('carts').where({ session_id: firstId }).first()).to.equal(undefined);
      // The old CSRF token no longer passes; the returned one does.
      expect((await b.postJson('/_post/profile/update', { display_name: 'R' }, oldToken)).status).to.equal(
        403,
      );
      expect(
        (await b.postJson('/_post/profile/update', { display_name: 'R' }, again.json.csrf_token)).status,
      ).to.equal(200);
    });

    it('does not hand a previous account\u2019s cart to the next account on the same browser', async () => {
      const a = await makeAccount(db, site, 'cart-a');
      const bEmail = await makeAccount(db, site, 'cart-b');
      const browser = await signIn(server.url, a);
      const aId = (await db('accounts').where({ email: a }).first('id')).id;
      const sid = (await db('sessions').where({ account_id: aId }).first('id')).id;
      await db('carts').insert({
        id: newId(),
        site_id: site.id,
        session_id: sid,
        created_at: dbNow(),
        updated_at: dbNow(),
      });
      expect(
        (await browser.postJson('/_post/auth/login', { email: bEmail, password: PASSWORD })).status,
      ).to.equal(200);
      expect(
        await db('carts')
          .where({ site_id: site.id })
          .whereIn(
            'session_id',
            db('sessions')
              .select('id')
              .where({ account_id: (await db('accounts').where({ email: bEmail }).first('id')).id }),
          )
          .first(),
      ).to.equal(undefined);
    });

    it('gives one generic answer for an unknown email, a wrong password and a blocked account', async () => {
      const email = await makeAccount(db, site, 'generic');
      const blocked = await makeAccount(db, site, 'generic-blocked');
      await blockAccount(db, site.id, blocked);
      const b = new TestBrowser(server.url);
      const token = await b.csrfToken('/');
      const unknown = await b.postJson(
        '/_post/auth/login',
        { email: 'nobody-here@example.test', password: PASSWORD },
        token,
      );
      const wrong = await b.postJson('/_post/auth/login', { email, password: 'wrong-password-123' }, token);
      const blockedRes = await b.postJson('/_post/auth/login', { email: blocked, password: PASSWORD }, token);
      for (const res of [unknown, wrong, blockedRes]) {
        expect(res.status).to.equal(401);
        expect(res.json.error.code).to.equal('invalid_credentials');
        expect(res.text).to.equal(unknown.text);
      }
      expect(b.cookies.has('sf_session')).to.equal(false);
      const missing = await b.postJson('/_post/auth/login', { email: '' }, token);
      expect(missing.status).to.equal(422);
    });

    it('honours a closed login policy (403 login_closed)', async () => {
      const email = await makeAccount(db, site, 'closed-login');
      const b = new TestBrowser(server.url);
      const token = await b.csrfToken('/');
      const body = JSON.stringify({ email, password: PASSWORD });
      const headers = { 'content-type': 'application/json', 'x-csrf-token': token };
      await db('sites').where({ id: site.id }).update({ login_policy: 'closed' });
      try {
        const res = await requestAsHost(b, freshHost(), 'POST', '/_post/auth/login', { body, headers });
        expect(res.status).to.equal(403);
        expect(res.json.error.code).to.equal('login_closed');
        expect(res.headers['set-cookie'] ?? []).not.to.satisfy((c: string[]) =>
          c.some((x) => x.startsWith('sf_session=')),
        );
      } finally {
        await db('sites').where({ id: site.id }).update({ login_policy: 'open' });
      }
      expect(
        (await requestAsHost(b, freshHost(), 'POST', '/_post/auth/login', { body, headers })).status,
      ).to.equal(200);
    });

    describe('the next allowlist', () => {
      const rejected = [
        'https://evil.example',
        '//evil.example',
        '/\\evil.example',
        'javascript:alert(1)',
        '/profile%0d%0aSet-Cookie:x',
        '/profile\r\nSet-Cookie: x=1',
        '/admin',
        '/login',
        '/products/a/b',
        '/%2F%2Fevil.example',
      ];
      const allowed = [
        '/profile',
        '/products',
        '/products/linen-shirt',
        '/cart',
        '/checkout',
        '/my-orders',
        '/my-orders/3f2a9c1e-8d4b-4b6a-9e1f-0a1b2c3d4e5f',
        '/my-orders/3f2a9c1e-8d4b-4b6a-9e1f-0a1b2c3d4e5f/tracking',
      ];

      it('form posts redirect (303) only to allowed paths, else /profile', async () => {
        const email = await makeAccount(db, site, 'next');
        for (const next of [...rejected, ...allowed]) {
          const b = new TestBrowser(server.url);
          const token = await b.csrfToken('/login');
          const res = await b.postForm('/_post/auth/login', {
            _token: token,
            email,
            password: PASSWORD,
            next,
          });
          expect(res.status, next).to.equal(303);
          expect(res.headers.get('location'), next).to.equal(allowed.includes(next) ? next : '/profile');
          expect(
            res.headers.getSetCookie().some((c) => c.startsWith('x=')),
            next,
          ).to.equal(false);
        }
      });

      it('JSON logins get the same decision as `redirect`', async () => {
        const email = await makeAccount(db, site, 'next-json');
        for (const next of [...rejected, ...allowed]) {
          const res = await new TestBrowser(server.url).postJson('/_post/auth/login', {
            email,
            password: PASSWORD,
            next,
          });
          expect(res.json.redirect, next).to.equal(allowed.includes(next) ? next : '/profile');
        }
      });
    });

    it('form errors re-render the login page with 422, the email and never the password', async () => {
      const email = await makeAccount(db, site, 'form-login');
      const b = new TestBrowser(server.url);
      const token = await b.csrfToken('/login');
      const res = await b.postForm('/_post/auth/login', {
        _token: token,
        email,
        password: 'wrong-password-xyz',
        next: '/cart',
      });
      expect(res.status).to.equal(422);
      expect(res.headers.get('content-type')).to.include('text/html');
      expect(res.headers.get('cache-control')).to.include('no-store');
      expect(res.text).to.include(email);
      expect(res.text).to.include('The email or password is incorrect.');
      expect(res.text).not.to.include('wrong-password-xyz');
    });

    describe('rate limits', () => {
      it('limits failures per email with 429 and Retry-After, even for the right password', async () => {
        const email = await makeAccount(db, site, 'limited');
        const b = new TestBrowser(server.url);
        const token = await b.csrfToken('/');
        for (let i = 0; i < 5; i++) {
          expect(
            (await b.postJson('/_post/auth/login', { email, password: `wrong-password-${i}` }, token)).status,
          ).to.equal(401);
        }
        const limited = await b.postJson('/_post/auth/login', { email, password: PASSWORD }, token);
        expect(limited.status).to.equal(429);
        expect(limited.json.error.code).to.equal('rate_limited');
        const retryAfter = Number(limited.headers.get('retry-after'));
        expect(retryAfter).to.be.within(1, 15 * 60);
        // The same email in other letter case is the same counter.
        expect(
          (await b.postJson('/_post/auth/login', { email: email.toUpperCase(), password: PASSWORD }, token))
            .status,
        ).to.equal(429);
        // The form gets the login page with 429 and Retry-After.
        const form = await b.postForm('/_post/auth/login', { _token: token, email, password: PASSWORD });
        expect(form.status).to.equal(429);
        expect(form.headers.get('retry-after')).to.match(/^\d+$/);
        // Counters live in the database (shared by every process).
        expect(Number((await db('rate_limits').count({ n: '*' }).first())!.n)).to.be.greaterThan(0);
      });

      it('a success resets the email counter', async () => {
        const email = await makeAccount(db, site, 'reset');
        const b = new TestBrowser(server.url);
        let token = await b.csrfToken('/');
        for (let round = 0; round < 2; round++) {
          for (let i = 0; i < 4; i++)
            expect(
              (await b.postJson('/_post/auth/login', { email, password: 'wrong-password-1' }, token)).status,
            ).to.equal(401);
          const ok = await b.postJson('/_post/auth/login', { email, password: PASSWORD }, token);
          expect(ok.status, `round ${round}`).to.equal(200);
          token = (await b.postJson('/_post/auth/logout', {}, ok.json.csrf_token)).json.csrf_token;
        }
      });

      it('limits failures per client address across emails', async () => {
        const b = new TestBrowser(server.url);
        const token = await b.csrfToken('/');
        for (let i = 0; i < 20; i++) {
          expect(
            (
              await b.postJson(
                '/_post/auth/login',
                { email: `spray-${i}@example.test`, password: PASSWORD },
                token,
              )
            ).status,
          ).to.equal(401);
        }
        const res = await b.postJson(
          '/_post/auth/login',
          { email: 'spray-last@example.test', password: PASSWORD },
          token,
        );
        expect(res.status).to.equal(429);
        expect(Number(res.headers.get('retry-after'))).to.be.greaterThan(0);
      });
    });
  });

  describe('POST /_post/auth/logout', () => {
    it('ends the session and its cart; the old cookie is a guest afterwards; CSRF rotates', async () => {
      const email = await makeAccount(db, site, 'logout');
      const b = await signIn(server.url, email);
      const before = new Map(b.cookies);
      const accountId = (await db('accounts').where({ email }).first('id')).id;
      const sid = (await db('sessions').where({ account_id: accountId }).first('id')).id;
      await db('carts').insert({
        id: newId(),
        site_id: site.id,
        session_id: sid,
        created_at: dbNow(),
        updated_at: dbNow(),
      });
      const token = await b.csrfToken('/');
      const res = await b.postJson('/_post/auth/logout', {}, token);
      expect(res.status).to.equal(200);
      expect(res.json.ok).to.equal(true);
      expect(res.json.csrf_token).to.be.a('string').and.not.equal(token);
      expect(b.cookies.has('sf_session')).to.equal(false);
      expect(await db('sessions').where({ id: sid }).first()).to.equal(undefined);
      expect(await db('carts').where({ session_id: sid }).first()).to.equal(undefined);
      expect((await whoAmI(withCookiesOf(before, server.url))).status).to.equal(401);
      expect((await whoAmI(b)).status).to.equal(401);
      const profile = await withCookiesOf(before, server.url).get('/profile');
      expect(profile.status).to.equal(200);
      expect(profile.text).to.include('/login?next=');
    });

    it('as a form post answers 303 to /login', async () => {
      const b = await signIn(server.url, await makeAccount(db, site, 'logout-form'));
      const token = await b.csrfToken('/');
      const res = await b.postForm('/_post/auth/logout', { _token: token });
      expect(res.status).to.equal(303);
      expect(res.headers.get('location')).to.equal('/login');
      expect((await whoAmI(b)).status).to.equal(401);
    });
  });

  describe('profile', () => {
    it('JSON update changes display_name and phone only, ignoring email, id and other keys', async () => {
      const email = await makeAccount(db, site, 'profile');
      const b = await signIn(server.url, email);
      const accountId = (await db('accounts').where({ email }).first('id')).id;
      const res = await b.postJson('/_post/profile/update', {
        display_name: '  New Name  ',
        phone: '+1 (555) 010-0000',
        email: 'hijack@example.test',
        id: newId(),
        membership: { status: 'active' },
        provider: 'evil',
        password_hash: 'x',
      });
      expect(res.status, res.text).to.equal(200);
      expect(res.json).to.deep.equal({
        ok: true,
        profile: { display_name: 'New Name', phone: '+1 (555) 010-0000' },
      });
      const row = await db('accounts')
        .where({ id: accountId })
        .first('email', 'display_name', 'phone', 'password_hash');
      expect(row).to.include({ email, display_name: 'New Name', phone: '+1 (555) 010-0000' });
      expect(row.password_hash).to.match(/^\$2[aby]\$/);
      const get = await whoAmI(b);
      expect(get.status).to.equal(200);
      expect(get.json).to.deep.equal({ display_name: 'New Name', email, phone: '+1 (555) 010-0000' });
      expect(get.headers.get('cache-control')).to.include('no-store');
    });

    it('rejects invalid values with 422 naming the fields; phone may be emptied', async () => {
      const b = await signIn(server.url, await makeAccount(db, site, 'profile-bad'));
      const token = await b.csrfToken('/');
      const bad = await b.postJson(
        '/_post/profile/update',
        { display_name: '😀'.repeat(161), phone: '1'.repeat(33) },
        token,
      );
      expect(bad.status).to.equal(422);
      expect(bad.json.error.fields).to.have.keys('display_name', 'phone');
      expect(
        (await b.postJson('/_post/profile/update', { display_name: 'x', phone: 'call me' }, token)).status,
      ).to.equal(422);
      const ok = await b.postJson(
        '/_post/profile/update',
        { display_name: '😀'.repeat(160), phone: '' },
        token,
      );
      expect(ok.status).to.equal(200);
      expect(ok.json.profile).to.deep.equal({ display_name: '😀'.repeat(160), phone: '' });
    });

    it('form posts answer 303 /profile?saved=1, and re-render the profile page with 422 on errors', async () => {
      const b = await signIn(server.url, await makeAccount(db, site, 'profile-form'));
      const token = await b.csrfToken('/profile');
      const ok = await b.postForm('/_post/profile/update', {
        _token: token,
        display_name: 'Form Name',
        phone: '123',
      });
      expect(ok.status).to.equal(303);
      expect(ok.headers.get('location')).to.equal('/profile?saved=1');
      const page = await b.get('/profile?saved=1');
      expect(page.text).to.include('Form Name');
      const bad = await b.postForm('/_post/profile/update', {
        _token: token,
        display_name: '',
        phone: '12ab',
      });
      expect(bad.status).to.equal(422);
      expect(bad.headers.get('content-type')).to.include('text/html');
      expect(bad.text).to.include('12ab');
    });

    it('guests get 401 not_authenticated (JSON, and GET); a guest form post is sent to /login', async () => {
      const guest = new TestBrowser(server.url);
      const res = await guest.postJson('/_post/profile/update', { display_name: 'x' });
      expect(res.status).to.equal(401);
      expect(res.json.error.code).to.equal('not_authenticated');
      expect((await whoAmI(guest)).status).to.equal(401);
      const token = await guest.csrfToken('/');
      const form = await guest.postForm('/_post/profile/update', { _token: token, display_name: 'x' });
      expect(form.status).to.equal(303);
      expect(form.headers.get('location')).to.equal('/login?next=%2Fprofile');
    });
  });

  describe('who is signed in', () => {
    it('a blocked account or membership is a guest at once, and cannot sign in again until unblocked', async () => {
      const email = await makeAccount(db, site, 'blocked');
      const b = await signIn(server.url, email);
      const cookies = new Map(b.cookies);
      expect((await whoAmI(b)).status).to.equal(200);
      await blockAccount(db, site.id, email);
      expect((await whoAmI(withCookiesOf(cookies, server.url))).status).to.equal(401);
      const page = await withCookiesOf(cookies, server.url).get('/profile');
      expect(page.status).to.equal(200);
      expect(page.text).to.include('/login?next=');
      expect(
        (await new TestBrowser(server.url).postJson('/_post/auth/login', { email, password: PASSWORD }))
          .status,
      ).to.equal(401);
      await unblockAccount(db, site.id, email);
      const again = await signIn(server.url, email);
      // A membership blocked without touching the account (or its sessions) also yields a guest.
      const accountId = (await db('accounts').where({ email }).first('id')).id;
      await db('memberships').where({ account_id: accountId }).update({ status: 'blocked' });
      expect((await whoAmI(again)).status).to.equal(401);
      await db('memberships').where({ account_id: accountId }).update({ status: 'active' });
      expect((await whoAmI(again)).status).to.equal(200);
    });

    it('a session cookie of one site is a guest on another site', async () => {
      const other = await addSite(db, { host: `other-${Date.now()}.example` });
      const email = await makeAccount(db, site, 'cross');
      const b = await signIn(server.url, email);
      expect((await requestAsHost(b, other.host!, 'GET', '/_post/profile/update')).status).to.equal(401);
      const page = await requestAsHost(b, other.host!, 'GET', '/profile', {
        headers: { accept: 'text/html' },
      });
      expect(page.status).to.equal(200);
      expect(page.text).to.include('/login?next=');
      expect(page.text).not.to.include(email);
      // Accounts belong to one site: the same credentials do not sign in on the other one.
      const token = await b.csrfToken('/');
      const login = await requestAsHost(b, other.host!, 'POST', '/_post/auth/login', {
        body: JSON.stringify({ email, password: PASSWORD }),
        headers: { 'content-type': 'application/json', 'x-csrf-token': token },
      });
      expect(login.status).to.equal(401);
      // Still signed in on its own site.
      expect((await whoAmI(b)).status).to.equal(200);
    });

    it('an expired session is a guest', async () => {
      const email = await makeAccount(db, site, 'expired');
      const b = await signIn(server.url, email);
      const accountId = (await db('accounts').where({ email }).first('id')).id;
      await db('sessions').where({ account_id: accountId }).update({ expires_at: '2000-01-01 00:00:00.000' });
      expect((await whoAmI(b)).status).to.equal(401);
    });

    it('a database failure while resolving auth is a 5xx render error, never a guest page', async () => {
      const b = await signIn(server.url, await makeAccount(db, site, 'dbfail'));
      const write = process.stderr.write.bind(process.stderr);
      process.stderr.write = (() => true) as typeof process.stderr.write; // the server logs the failure
      try {
        await db.schema.renameTable('memberships', 'memberships_unavailable');
        const page = await b.get('/profile', { accept: 'text/html' });
        expect(page.status).to.equal(500);
        expect(page.text).not.to.include('/login?next=');
        expect((await whoAmI(b)).status).to.equal(500);
        await db.schema.renameTable('memberships_unavailable', 'memberships');
        await db.schema.renameTable('sessions', 'sessions_unavailable');
        const noSessions = await b.get('/profile', { accept: 'text/html' });
        expect(noSessions.status).to.equal(500);
        expect(noSessions.text).not.to.include('/login?next=');
      } finally {
        process.stderr.write = write;
        if (await db.schema.hasTable('memberships_unavailable'))
          await db.schema.renameTable('memberships_unavailable', 'memberships');
        if (await db.schema.hasTable('sessions_unavailable'))
          await db.schema.renameTable('sessions_unavailable', 'sessions');
      }
      expect((await whoAmI(b)).status).to.equal(200);
    });
  });
});
