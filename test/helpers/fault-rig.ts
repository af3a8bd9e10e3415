// The set-up of the database fault tests (test/faults): a fresh MariaDB database behind a TCP proxy
// the test can cut, a server on the proxy, and a signed-in account. It registers the hooks that
// put the database back after every test (a failed test must not leave the next one without it),
// replay a failed test's stderr, and tear everything down.
import { randomBytes } from 'node:crypto';
import { createDb, type Db } from '../../runtime/db.js';
import { findSiteByHostExact, type Site } from '../../runtime/sites/store.js';
import type { TestBrowser } from './browser.js';
import { makeAccount, signIn } from './commerce.js';
import { freshMysqlDatabase, mysqlUrlForTests } from './mariadb.js';
import { prepareDatabase, startTestServer, type TestServer } from './server.js';
import { captureStderr, type StderrCapture } from './stderr.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';

/** What the fault tests work with; filled in by the rig's `before` hook. */
export interface FaultRig {
  /** A connection that bypasses the proxy: the test's own view of the database. */
  directDb: Db;
  site: Site;
  proxy: TcpProxy;
  server: TestServer;
  email: string;
  displayName: string;
  /** Signed in as `email`, with `token` its CSRF token. */
  user: TestBrowser;
  token: string;
  /** The running test's stderr, captured (replayed if the test fails). */
  stderr: StderrCapture;
}

/** Registers the rig's hooks in the calling describe block (call it first there) and returns the rig. */
export function useFaultRig(
  name: string,
  serverOptions: NonNullable<Parameters<typeof startTestServer>[1]>,
): FaultRig {
  const rig = {} as FaultRig;

  before(async function () {
    this.timeout(120000);
    const mysql = await mysqlUrlForTests();
    if (!mysql) return this.skip();
    const url = await freshMysqlDatabase(mysql.url, `sf_faults_${name}_${randomBytes(4).toString('hex')}`);
    await prepareDatabase(url);
    rig.directDb = createDb(url);
    rig.site = (await findSiteByHostExact(rig.directDb, undefined))!;
    rig.email = await makeAccount(rig.directDb, rig.site, name);
    rig.displayName = (
      (await rig.directDb('accounts').where({ email: rig.email }).first('display_name')) as {
        display_name: string;
      }
    ).display_name;
    const target = new URL(url);
    rig.proxy = await startTcpProxy(target.hostname, Number(target.port || 3306));
    rig.server = await startTestServer(rig.proxy.rewrite(url), serverOptions);
    rig.user = await signIn(rig.server.url, rig.email);
    rig.token = await rig.user.csrfToken('/');
  });

  after(async function () {
    this.timeout(30000);
    await rig.proxy?.restore().catch(() => undefined);
    await rig.server?.close();
    await rig.proxy?.close();
    await rig.directDb?.destroy();
  });

  beforeEach(() => {
    rig.stderr = captureStderr();
  });
  afterEach(async function () {
    this.timeout(30000);
    rig.stderr.stop({ replay: this.currentTest?.state === 'failed' });
    await rig.proxy?.restore();
  });

  return rig;
}
