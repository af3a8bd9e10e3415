// 1,000 random and hostile requests across every /_post endpoint, on SQLite and MySQL: wrong types,
// nulls, arrays for objects, 1 MB strings, 10,000 levels of nesting, __proto__/constructor/
// prototype keys, broken JSON, wrong content types and encodings, 5 MB bodies, lone surrogates,
// NUL bytes and 4-byte emoji at the length limits. Mostly with a valid session and CSRF token (so
// the payloads reach the handlers), some without. No answer may be a 5xx or a dropped connection,
// every 4xx is {error:{code,message}} (a plain HTML form post may get its page re-rendered), the
// CSRF check fails closed, and afterwards the server is healthy and Object.prototype is untouched.
//
// The run is deterministic for a seed: STOREFRONT_FUZZ_SEED=<n> reproduces a failure (the seed is
// printed), STOREFRONT_FUZZ_CASES=<n> changes the number of requests.
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { expect } from 'chai';
import { postRoutes } from '../../runtime/http/post-routes.js';
import { findSiteByHostExact, type Site } from '../../runtime/sites/store.js';
import { TestBrowser, type TestResponse } from '../helpers/browser.js';
import { prepareDatabase, startTestServer, type TestServer } from '../helpers/server.js';
import { forEachEngine } from '../helpers/engines.js';
import {
  ADDRESS,
  availableVariants,
  makeAccount,
  PASSWORD,
  signIn,
  unavailableVariant,
} from '../helpers/commerce.js';
import { PayloadGenerator, Rng, type FuzzRequest } from '../helpers/fuzz.js';
import { captureStderr, type StderrCapture } from '../helpers/stderr.js';

const SEED = process.env.STOREFRONT_FUZZ_SEED ? Number(process.env.STOREFRONT_FUZZ_SEED) : 0x5f0a2026;
const CASES = Number(process.env.STOREFRONT_FUZZ_CASES ?? 1000);

/** Every method+path the /_post router answers, read from the router itself (new endpoints are fuzzed too). */
function postEndpoints(server: TestServer): Array<{ method: string; path: string }> {
  const out: Array<{ method: string; path: string }> = [];
  for (const layer of postRoutes(server.deps).stack as Array<{ path: string; methods: string[] }>) {
    if (layer.path.includes('*') || !layer.methods.length) continue; // middleware and the catch-all
    for (const method of layer.methods) if (method !== 'HEAD') out.push({ method, path: layer.path });
  }
  return out;
}

interface Failure {
  index: number;
  client: string;
  method: string;
  path: string;
  kind: string;
  preview: string;
  problem: string;
}

forEachEngine('faults/post-fuzz', (engineCtx) => {
  let server: TestServer;
  let site: Site;
  let email: string;
  let variantIds: string[];
  let stderr: StderrCapture;

  before(async function () {
    this.timeout(120000);
    const url = engineCtx.url();
    await prepareDatabase(url);
    server = await startTestServer(url);
    site = (await findSiteByHostExact(server.db, undefined))!;
    email = await makeAccount(server.db, site, 'fuzz');
    variantIds = [
      ...(await availableVariants(server.db, site.id, 3)).map((v) => v.id),
      (await unavailableVariant(server.db, site.id)).id,
    ];
  });
  after(async () => {
    await server?.close();
  });

  it(`answers ${CASES} random and hostile /_post requests with no 5xx, JSON 4xx errors, and stays healthy (seed ${SEED})`, async function () {
    this.timeout(600000);
    process.stdout.write(
      `      fuzz seed ${SEED} (${engineCtx.engine}); reproduce with STOREFRONT_FUZZ_SEED=${SEED}\n`,
    );
    const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
    const rng = new Rng(SEED);
    let fingerprint: string | null = null;
    const gen = new PayloadGenerator(rng, {
      email,
      password: PASSWORD,
      variantIds,
      fingerprint: () => fingerprint,
    });
    const endpoints = postEndpoints(server);
    const paths = endpoints.map((e) => `${e.method} ${e.path}`);
    // The router's endpoints are the contract's (read from post-routes, so a new one is fuzzed too).
    for (const expected of [
      'POST /_post/auth/register',
      'POST /_post/auth/login',
      'POST /_post/auth/logout',
      'POST /_post/profile/update',
      'GET /_post/profile/update',
      'POST /_post/cart/get',
      'POST /_post/cart/add',
      'POST /_post/cart/update',
      'POST /_post/cart/remove',
      'POST /_post/checkout/quote',
      'POST /_post/checkout/place-order',
    ])
      expect(paths).to.include(expected);

    // The clients: a signed-in user and a guest with a cart (both with a valid token), a visitor
    // with cookies but a wrong or missing token, and a brand-new visitor with nothing at all.
    let user = await signIn(server.url, email);
    let userToken = await user.csrfToken('/');
    const guest = new TestBrowser(server.url);
    let guestToken = await guest.csrfToken('/');
    expect(
      (await guest.postJson('/_post/cart/add', { variant_id: variantIds[0], quantity: 1 }, guestToken))
        .status,
    ).to.equal(200);
    const quote = await guest.postJson('/_post/checkout/quote', { shipping_address: ADDRESS }, guestToken);
    expect(quote.status, quote.text).to.equal(200);
    fingerprint = quote.json.Fingerprint as string;
    const noToken = new TestBrowser(server.url);
    await noToken.csrfToken('/'); // has the secret cookie, will send a wrong token or none

    const failures: Failure[] = [];
    const counts = new Map<string, number>();
    const statuses = new Map<string, number>();
    stderr = captureStderr();
    try {
      for (let index = 0; index < CASES; index++) {
        const endpoint = rng.chance(0.03)
          ? {
              method: 'POST',
              path: rng.pick(['/_post/nope', '/_post/', '/_post/cart', '/_post/cart/add/extra']),
            }
          : rng.pick(endpoints);
        const client = rng.weighted({ user: 55, guest: 25, noToken: 12, fresh: 8 });
        const otherMethod = rng.chance(0.03) ? rng.pick(['PUT', 'PATCH', 'DELETE', 'OPTIONS', 'GET']) : null;
        const req: FuzzRequest =
          endpoint.method === 'GET' || otherMethod === 'GET'
            ? { kind: 'get', method: 'GET', headers: {}, preview: '(no body)', form: false }
            : gen.request(endpoint.path);
        const method = otherMethod ?? endpoint.method;
        const headers = { ...req.headers };
        const browser =
          client === 'user'
            ? user
            : client === 'guest'
              ? guest
              : client === 'noToken'
                ? noToken
                : new TestBrowser(server.url);
        if (client === 'user') headers['x-csrf-token'] = userToken;
        if (client === 'guest') headers['x-csrf-token'] = guestToken;
        if (client === 'noToken' && rng.chance(0.5))
          headers['x-csrf-token'] = rng.pick([
            '',
            'x',
            'a.b',
            'a.b.c',
            `${userToken}x`,
            'A'.repeat(5000),
            guestToken.split('.').reverse().join('.'),
          ]);
        counts.set(req.kind, (counts.get(req.kind) ?? 0) + 1);

        const fail = (problem: string) =>
          failures.push({
            index,
            client,
            method,
            path: endpoint.path,
            kind: req.kind,
            preview: req.preview.slice(0, 300),
            problem,
          });
        let res: TestResponse;
        try {
          res = await browser.request(method, endpoint.path, {
            body: method === 'GET' || method === 'HEAD' ? undefined : req.body,
            headers,
          });
        } catch (err) {
          const e = err as Error & { cause?: { code?: string; message?: string } };
          fail(`no HTTP answer: ${e.message} ${e.cause?.code ?? ''} ${e.cause?.message ?? ''}`);
          continue;
        }
        const type = res.headers.get('content-type') ?? '';
        const code = res.json?.error?.code;
        statuses.set(
          `${res.status}${typeof code === 'string' ? ` ${code}` : ''}`,
          (statuses.get(`${res.status}${typeof code === 'string' ? ` ${code}` : ''}`) ?? 0) + 1,
        );
        if (res.status >= 500) fail(`status ${res.status}: ${res.text.slice(0, 300)}`);
        else if (res.status >= 400) {
          const htmlFormPage = req.form && type.startsWith('text/html') && res.status !== 403;
          if (!htmlFormPage) {
            const err = res.json?.error;
            if (
              !type.startsWith('application/json') ||
              typeof err?.code !== 'string' ||
              typeof err?.message !== 'string' ||
              !err.code ||
              !err.message
            )
              fail(`status ${res.status} without {error:{code,message}}: ${type} ${res.text.slice(0, 300)}`);
          }
        }
        if (
          res.status >= 400 &&
          /\bat [^\n]*\.(js|ts):\d+|node_modules|ER_[A-Z_]{3,}|SQLITE_[A-Z]+|knex|mysql|better-sqlite/.test(
            res.text,
          )
        )
          fail(`internals in the answer: ${res.text.slice(0, 300)}`);
        // CSRF fails closed: without a valid token nothing state-changing succeeds.
        if (
          (client === 'noToken' || client === 'fresh') &&
          !['GET', 'OPTIONS'].includes(method) &&
          res.status < 400
        )
          fail(`status ${res.status} without a valid CSRF token`);
        if (res.status < 300 && method === 'POST' && !type.startsWith('application/json'))
          fail(`2xx POST answer is ${type}, not JSON`);

        // Keep the clients usable: follow token rotations, sign the user in again after a logout.
        const rotated = res.json?.csrf_token;
        if (typeof rotated === 'string' && client === 'user') userToken = rotated;
        if (typeof rotated === 'string' && client === 'guest') guestToken = rotated;
        if (endpoint.path === '/_post/auth/logout' && res.status < 400 && client === 'user') {
          await server.db('rate_limits').delete(); // the fuzzed logins used up this address's sign-in budget
          user = await signIn(server.url, email);
          userToken = await user.csrfToken('/');
        }
        // A sign-in by form post rotates the secret without a csrf_token in the body: read a page.
        const secretRotated = res.headers.getSetCookie().some((c) => c.startsWith('sf_csrf='));
        if (secretRotated && client === 'user' && typeof rotated !== 'string')
          userToken = await user.csrfToken('/');
        if (secretRotated && client === 'guest' && typeof rotated !== 'string')
          guestToken = await guest.csrfToken('/');
        if (failures.length >= 25) break;
      }
    } finally {
      stderr.stop({ replay: failures.length > 0 });
    }
    process.stdout.write(`      request kinds: ${[...counts].map(([k, n]) => `${k} ${n}`).join(', ')}\n`);
    process.stdout.write(
      `      answers: ${[...statuses]
        .sort()
        .map(([k, n]) => `${k}: ${n}`)
        .join(', ')}\n`,
    );

    const report = failures
      .map(
        (f) => `#${f.index} ${f.client} ${f.method} ${f.path} [${f.kind}] ${f.preview}\n    → ${f.problem}`,
      )
      .join('\n');
    expect(failures, `seed ${SEED}: ${failures.length} failing requests\n${report}`).to.deep.equal([]);
    expect(stderr.errorLogs(), 'no request failed on the server side').to.deep.equal([]);

    // Nothing reached Object.prototype.
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).to.deep.equal(prototypeKeys);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    expect(({} as Record<string, unknown>).isAdmin).to.equal(undefined);

    // The server is healthy: ready, and a new visitor can still add to a cart and get a quote.
    expect((await fetch(`${server.url}/readyz`)).status).to.equal(200);
    const fresh = new TestBrowser(server.url);
    const token = await fresh.csrfToken('/');
    const add = await fresh.postJson('/_post/cart/add', { variant_id: variantIds[1], quantity: 2 }, token);
    expect(add.status, add.text).to.equal(200);
    expect(add.json.Items).to.have.length(1);
    expect(add.json.Items[0]).to.include({ variant_id: variantIds[1], quantity: 2 });
    const q = await fresh.postJson('/_post/checkout/quote', { shipping_address: ADDRESS }, token);
    expect(q.status, q.text).to.equal(200);
    // The signed-in user still is.
    const profile = await user.get('/profile');
    expect(profile.status).to.equal(200);
    expect(profile.text).to.include(email);
  });

  // A body the parser gives up on (over the limit while streaming, or a gzip bomb) must not leave
  // the keep-alive connection stuck in the middle of it: the requests that follow on the same
  // connection are answered (before the fix they hung until the keep-alive timeout reset them).
  for (const shape of [
    'a chunked 5 MB body',
    'a gzip body that inflates past the limit',
    'a 5 MB body with Content-Length',
  ] as const) {
    it(`keeps the connection usable after rejecting ${shape}`, async function () {
      this.timeout(60000);
      const browser = new TestBrowser(server.url);
      const token = await browser.csrfToken('/');
      const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const u = new URL(server.url);
      const head = (extra: string) =>
        `POST /_post/cart/get HTTP/1.1\r\nHost: ${u.host}\r\nContent-Type: application/json\r\nX-CSRF-Token: ${token}\r\nCookie: ${cookie}\r\n${extra}\r\n`;
      const socket = connect(Number(u.port), u.hostname);
      let received = '';
      socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
      const closed = new Promise<Error | null>((resolve) => {
        socket.once('error', (err) => resolve(err));
        socket.once('close', () => resolve(null));
      });
      await new Promise((resolve) => socket.once('connect', resolve));
      const chunk = 'n'.repeat(64 * 1024);
      if (shape === 'a chunked 5 MB body') {
        socket.write(head('Transfer-Encoding: chunked\r\n'));
        socket.write('a\r\n{"note":"n\r\n');
        for (let i = 0; i < 80; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
        socket.write('2\r\n"}\r\n0\r\n\r\n');
      } else if (shape === 'a gzip body that inflates past the limit') {
        const body = gzipSync(Buffer.from(`{"note":"${randomBytes(3 * 1024 * 1024).toString('base64')}"}`));
        socket.write(head(`Content-Encoding: gzip\r\nContent-Length: ${body.length}\r\n`));
        socket.write(body);
      } else {
        const body = `{"note":"${chunk.repeat(80)}"}`;
        socket.write(head(`Content-Length: ${body.length}\r\n`));
        socket.write(body);
      }
      socket.write(`${head('Content-Length: 2\r\n')}{}`);
      socket.write(`GET /healthz HTTP/1.1\r\nHost: ${u.host}\r\nConnection: close\r\n\r\n`);
      const error = await closed;
      expect(error, 'the server reset the connection').to.equal(null);
      expect([...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]))).to.deep.equal([
        413, 200, 200,
      ]);
      expect(received).to.include('"code":"payload_too_large"');
      expect(received).to.include('"Items":[]');
      expect(received).to.include('"status":"ok"');
    });
  }
});
