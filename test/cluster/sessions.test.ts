// Sessions on a 3-node Galera cluster with one serve process per node: a session is a row of the
// replicated `sessions` table, so a login through one process is signed in on every other one, a
// logout through another ends it everywhere, and blocking the account through yet another node
// (the CLI, on a node other than the ones that served the session) makes every process answer as a
// guest for its cookies at once.
import { expect } from 'chai';
import { TestBrowser, type TestResponse } from '../helpers/browser.js';
import { makeAccount, PASSWORD } from '../helpers/commerce.js';
import { storefront, useCluster, type ServeProcess } from './harness.js';

/** GET /_post/profile/update through `p` with the browser's cookies: 200 {email} signed in, 401 guest. */
function whoAmI(b: TestBrowser, p: ServeProcess): Promise<TestResponse> {
  return b.get(`${p.url}/_post/profile/update`);
}

/** A browser signed in through process `p` (JSON login). */
async function signInThrough(p: ServeProcess, email: string): Promise<TestBrowser> {
  const b = new TestBrowser(p.url);
  const res = await b.postJson(`${p.url}/_post/auth/login`, { email, password: PASSWORD });
  expect(res.status, res.text).to.equal(200);
  return b;
}

/** A browser that holds a copy of `cookies` (an old cookie kept after it was replaced). */
function withCookies(cookies: Map<string, string>, p: ServeProcess): TestBrowser {
  const b = new TestBrowser(p.url);
  for (const [k, v] of cookies) b.cookies.set(k, v);
  return b;
}

describe('cluster: sessions across serve processes on different Galera nodes', function () {
  this.timeout(120000);
  const cluster = useCluster();

  it('a login through one process is signed in on the others; a logout through another ends it everywhere', async () => {
    const { serve, db, site } = cluster();
    // The account is written through node 2, the login goes through process 1 (node 1).
    const email = await makeAccount(db[1], site, 'cluster-login');
    const account = (await db[1]('accounts')
      .where({ site_id: site.id, email })
      .first('id', 'display_name')) as {
      id: string;
      display_name: string;
    };
    const b = await signInThrough(serve[0], email);
    const cookies = new Map(b.cookies);
    for (const p of serve) {
      const me = await whoAmI(b, p);
      expect(me.status, `process ${p.index}: ${me.text}`).to.equal(200);
      expect(me.json.email, `process ${p.index}`).to.equal(email);
      const page = await b.get(`${p.url}/profile`);
      expect(page.status, `process ${p.index}`).to.equal(200);
      expect(page.text, `process ${p.index}`).to.include(account.display_name);
    }
    // The session row is on every node.
    for (const [i, node] of db.entries())
      expect(
        await node('sessions').where({ account_id: account.id }).select('id'),
        `node ${i + 1}`,
      ).to.have.length(1);

    // A logout through process 3: the old cookie is a guest on every process.
    const token = await b.csrfToken(`${serve[2].url}/`);
    const out = await b.postJson(`${serve[2].url}/_post/auth/logout`, {}, token);
    expect(out.status, out.text).to.equal(200);
    for (const p of serve) {
      expect((await whoAmI(withCookies(cookies, p), p)).status, `process ${p.index}`).to.equal(401);
      expect((await whoAmI(b, p)).status, `process ${p.index}`).to.equal(401);
    }
  });

  it('blocking an account through another node ends its sessions on every process', async () => {
    const { serve, db, site, galera } = cluster();
    const email = await makeAccount(db[0], site, 'cluster-block');
    // Two browsers, signed in through processes 1 and 2 (nodes 1 and 2).
    const browsers = [await signInThrough(serve[0], email), await signInThrough(serve[1], email)];
    for (const b of browsers)
      for (const p of serve) expect((await whoAmI(b, p)).status, `process ${p.index}`).to.equal(200);

    // `storefront accounts block` through node 3, which served neither session.
    const blocked = await storefront(['accounts', 'block', email, '--database', galera.urls[2]]);
    expect(blocked.code, blocked.stderr).to.equal(0);

    for (const [i, b] of browsers.entries()) {
      for (const p of serve) {
        const me = await whoAmI(b, p);
        expect(me.status, `browser ${i + 1} on process ${p.index}: ${me.text}`).to.equal(401);
        const page = await b.get(`${p.url}/profile`);
        expect(page.status, `browser ${i + 1} on process ${p.index}`).to.equal(200);
        expect(page.text, `browser ${i + 1} on process ${p.index}`).to.include('/login?next=');
      }
    }
    const accountId = (
      (await db[0]('accounts').where({ site_id: site.id, email }).first('id')) as { id: string }
    ).id;
    for (const [i, node] of db.entries())
      expect(
        await node('sessions').where({ account_id: accountId }),
        `sessions on node ${i + 1}`,
      ).to.deep.equal([]);
    // Nor can it sign in again through any process, until it is unblocked (through node 1).
    for (const p of serve) {
      const b = new TestBrowser(p.url);
      const res = await b.postJson(`${p.url}/_post/auth/login`, { email, password: PASSWORD });
      expect(res.status, `process ${p.index}: ${res.text}`).to.equal(401);
    }
    const unblocked = await storefront(['accounts', 'unblock', email, '--database', galera.urls[0]]);
    expect(unblocked.code, unblocked.stderr).to.equal(0);
    const again = await signInThrough(serve[2], email);
    for (const p of serve) expect((await whoAmI(again, p)).status, `process ${p.index}`).to.equal(200);
  });
});
