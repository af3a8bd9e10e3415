// The database goes silent (MySQL only: SQLite has no network). A TCP proxy between the app and
// MariaDB keeps every socket open but forwards nothing: the pool's warm connections, and the new
// ones, which never get the server's greeting. Before the deadline (--db-timeout-ms), 7 of 14
// private-page requests were still waiting after 90 s. Now every request answers 503 with
// Retry-After shortly after the deadline, the pool is not left with stuck connections, /readyz
// says 503, and when the proxy forwards again the same server serves 200s by itself.
import { expect } from 'chai';
import type { Db } from '../../runtime/db.js';
import { queryDeadlinesMissed } from '../../runtime/metrics.js';
import { startMetricsServer, type MetricsServer } from '../../runtime/metrics-server.js';
import { seriesValue } from '../helpers/metrics.js';
import { TestBrowser } from '../helpers/browser.js';
import type { TestServer } from '../helpers/server.js';
import { useFaultRig } from '../helpers/fault-rig.js';
import { describeMysql } from '../helpers/engines.js';
import type { TcpProxy } from '../helpers/tcp-proxy.js';
import { ADDRESS, availableVariants, idempotencyKey } from '../helpers/commerce.js';

/** The deadline the server runs with: small, so that the test is quick. */
const DEADLINE_MS = 1000;
/** The promise is 503 within deadline + 1 s; machines are noisy, so the hard bound is looser. */
const HARD_BOUND_MS = DEADLINE_MS + 5000;
/** A request still open this long has hung: the client gives up and the test fails. */
const CLIENT_TIMEOUT_MS = DEADLINE_MS + 15000;

const PRIVATE_PAGES = [
  '/profile',
  '/my-orders',
  '/cart',
  '/checkout',
  '/',
  '/my-orders?page=2',
  '/tracking?number=NOPE',
];

interface Answer {
  label: string;
  status: number;
  retryAfter: string | null;
  contentType: string;
  text: string;
  ms: number;
}

describeMysql('faults/database black hole', function () {
  let directDb: Db;
  let proxy: TcpProxy;
  let server: TestServer;
  let user: TestBrowser;
  let token: string;
  let displayName: string;
  let variantId: string;
  let metrics: MetricsServer;

  const rig = useFaultRig('blackhole', { flags: { dbTimeoutMs: DEADLINE_MS } });
  before(async function () {
    ({ directDb, proxy, server, user, token, displayName } = rig);
    expect(server.deps.config.dbTimeoutMs).to.equal(DEADLINE_MS);
    variantId = (await availableVariants(directDb, rig.site.id, 1))[0].id;
    metrics = await startMetricsServer('127.0.0.1', 0);
  });
  after(async () => {
    await metrics?.close();
  });

  const pool = () =>
    (server.db.client as { pool: { numUsed(): number; numFree(): number; numPendingAcquires(): number } })
      .pool;

  /** Prometheus text from a /metrics listener, as an operator's scraper reads it. */
  const scrape = async () => (await fetch(metrics.url)).text();

  const missedSoFar = async () => (await queryDeadlinesMissed.get()).values[0]?.value ?? 0;

  /** One request as the signed-in browser, with a client timeout: a hang fails the test. */
  async function send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = {
      cookie: [...user.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    if (method === 'POST')
      Object.assign(headers, { 'content-type': 'application/json', 'x-csrf-token': token });
    const label = `${method} ${path}`;
    const started = performance.now();
    let res: Response;
    let text: string;
    try {
      res = await fetch(new URL(path, server.url), {
        method,
        headers,
        body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
      });
      text = await res.text();
    } catch (err) {
      throw new Error(`${label} hung: no answer after ${CLIENT_TIMEOUT_MS} ms (${(err as Error).name})`);
    }
    return {
      label,
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      contentType: res.headers.get('content-type') ?? '',
      text,
      ms: performance.now() - started,
    };
  }

  /** 7 private pages and 7 /_post endpoints of the signed-in user, all at once. */
  function burst(): Promise<Answer[]> {
    const posts: Array<[string, unknown]> = [
      ['/_post/cart/get', {}],
      ['/_post/cart/add', { variant_id: variantId, quantity: 1 }],
      ['/_post/cart/update', { variant_id: variantId, quantity: 2 }],
      ['/_post/cart/remove', { variant_id: variantId }],
      ['/_post/checkout/quote', { shipping_address: ADDRESS }],
      ['/_post/profile/update', { display_name: 'Changed in the dark', phone: '' }],
      [
        '/_post/checkout/place-order',
        {
          idempotency_key: idempotencyKey(),
          quote_fingerprint: 'a'.repeat(64),
          shipping_address: ADDRESS,
          note: '',
        },
      ],
    ];
    return Promise.all([
      ...PRIVATE_PAGES.map((path) => send('GET', path)),
      ...posts.map(([path, body]) => send('POST', path, body)),
    ]);
  }

  /** A 503 with Retry-After, the error page or the JSON error, within the hard bound. */
  function expectUnavailable(answers: Answer[]): void {
    for (const a of answers) {
      expect(a.status, `${a.label}: ${a.text.slice(0, 200)}`).to.equal(503);
      expect(a.retryAfter, a.label).to.match(/^[1-9]\d*$/);
      expect(a.ms, a.label).to.be.below(HARD_BOUND_MS);
      if (a.label.startsWith('POST')) {
        expect(a.contentType, a.label).to.match(/^application\/json/);
        expect(JSON.parse(a.text).error.code, a.label).to.equal('service_unavailable');
      } else {
        expect(a.contentType, a.label).to.match(/^text\/html/);
        expect(a.text, a.label).to.not.include(displayName); // never a page built without the database
      }
    }
  }

  /** The slowest answer, for the report line. */
  const slowest = (answers: Answer[]) => Math.max(...answers.map((a) => a.ms));

  /** Until the pool holds no connection and nobody waits for one (bounded by the test timeout). */
  async function poolSettles(): Promise<void> {
    while (pool().numUsed() > 0 || pool().numPendingAcquires() > 0)
      await new Promise((r) => setTimeout(r, 50));
  }

  /** Retries a private page until it is served again; returns how long that took. */
  async function recovers(): Promise<number> {
    const started = performance.now();
    for (;;) {
      const a = await send('GET', '/profile');
      if (a.status === 200) return performance.now() - started;
      expect(a.status, a.text.slice(0, 200)).to.equal(503);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async function expectHealthy(): Promise<void> {
    for (const path of PRIVATE_PAGES) {
      const a = await send('GET', path);
      expect(a.status, `${path}: ${a.text.slice(0, 300)}`).to.equal(200);
      expect(a.text, path).to.include(displayName);
    }
    const cart = await send('POST', '/_post/cart/get');
    expect(cart.status, cart.text).to.equal(200);
  }

  it('serves the signed-in user through the proxy, with warm pool connections to black-hole', async function () {
    this.timeout(60000);
    await Promise.all(PRIVATE_PAGES.map((path) => send('GET', path))); // concurrent: several connections
    await expectHealthy();
    expect(proxy.accepted).to.be.greaterThan(1);
    expect(pool().numFree()).to.be.greaterThan(0);
  });

  it('while the database is silent: 14 concurrent requests all answer 503 with Retry-After, near the deadline; the pool is not left stuck', async function () {
    this.timeout(120000);
    await Promise.all(PRIVATE_PAGES.map((path) => send('GET', path))); // warm
    const warm = pool().numFree();
    expect(warm).to.be.greaterThan(0);
    const missedBefore = await missedSoFar();
    const scrapedBefore = await scrape();
    await proxy.blackhole();

    const first = await burst();
    expectUnavailable(first);
    // Every miss of the deadline (a query on a warm connection, a connection wait) was counted.
    expect(await missedSoFar()).to.be.greaterThan(missedBefore);
    // …and an operator sees it on /metrics: the deadline counter and the 503s by cause moved.
    const scrapedAfter = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      seriesValue(scrapedAfter, name, labels) - seriesValue(scrapedBefore, name, labels);
    expect(moved('storefront_db_query_deadline_missed_total')).to.be.greaterThan(0);
    expect(moved('storefront_unavailable_total', { cause: 'db_deadline' })).to.be.greaterThan(0);
    expect(
      moved('storefront_unavailable_total', { cause: 'db_deadline' }) +
        moved('storefront_unavailable_total', { cause: 'db_unavailable' }),
    ).to.equal(first.length);

    const readyStarted = performance.now();
    const readyz = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS) });
    const readyMs = performance.now() - readyStarted;
    expect(readyz.status).to.equal(503);
    expect(readyMs).to.be.below(2000 + 3000);
    expect((await fetch(`${server.url}/healthz`)).status).to.equal(200);

    // Nothing is left holding a connection or waiting for one once the answers are out.
    await poolSettles();

    // Still silent: the destroyed connections are not handed out again, and a second wave ends the same way.
    const second = await burst();
    expectUnavailable(second);
    await poolSettles();
    const missed = (await missedSoFar()) - missedBefore;

    await proxy.restore();
    const recoveryMs = await recovers();
    expect(recoveryMs).to.be.below(15000);
    await expectHealthy();
    process.stdout.write(
      `      --db-timeout-ms ${DEADLINE_MS}, ${warm} warm connections black-holed: slowest of ${first.length} ` +
        `503s after ${Math.round(slowest(first))} ms (second wave ${Math.round(slowest(second))} ms), /readyz 503 ` +
        `after ${Math.round(readyMs)} ms, ${missed} deadlines missed; 200 again ${Math.round(recoveryMs)} ms after restore\n`,
    );
  });

  it('a black hole that starts while requests are in flight: each ends as a 200 or a clean 503, none hangs', async function () {
    this.timeout(120000);
    await expectHealthy();
    const inFlight = burst();
    await new Promise((r) => setTimeout(r, 5));
    await proxy.blackhole();
    const answers = await inFlight;
    for (const a of answers) {
      expect(a.ms, a.label).to.be.below(HARD_BOUND_MS);
      // Answered with the database (a made-up quote fingerprint is a 409, a missing line a 4xx), or 503.
      if (a.status < 500) continue;
      expectUnavailable([a]);
    }
    await poolSettles();
    await proxy.restore();
    expect(await recovers()).to.be.below(15000);
    await expectHealthy();
  });
});
