// SIGTERM during load, against the real CLI (`node bin/storefront serve`, built into dist/ by the
// pretest step), on SQLite and MySQL. Requests the server has accepted when the signal arrives
// complete with 200 (some held open deterministically: their headers were answered with
// 100 Continue, their bodies are sent only after the signal); new connections are refused from then
// on; the process exits 0 by itself once they are done, well within its grace period.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { TestBrowser } from '../helpers/browser.js';
import { prepareDatabase, TEST_SECRET } from '../helpers/server.js';
import { forEachEngine } from '../helpers/engines.js';
import { availableVariants } from '../helpers/commerce.js';
import { createDb } from '../../runtime/db.js';
import { findSiteByHostExact } from '../../runtime/sites/store.js';

const CLI = fileURLToPath(new URL('../../bin/storefront', import.meta.url));
const BUILT = fileURLToPath(new URL('../../dist/bin/cli.js', import.meta.url));
const LOAD = 120; // concurrent page requests, each on its own connection
const HELD = 6; // requests held in flight across the signal

interface Served {
  child: ChildProcess;
  url: string;
  /** Request log lines (JSON) the server wrote to stdout. */
  log: Array<{ request_id: string; path: string; status: number }>;
  stderr: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `storefront serve` on a free port and resolves once it prints its URL. */
function serve(databaseUrl: string): Promise<Served> {
  const env: NodeJS.ProcessEnv = { ...process.env, STOREFRONT_SECRET: TEST_SECRET, NO_COLOR: '1' };
  delete env.DATABASE_URL;
  delete env.PORT;
  delete env.HOST;
  const child = spawn(
    process.execPath,
    [CLI, 'serve', '--database', databaseUrl, '--port', '0', '--host', '127.0.0.1'],
    {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const log: Served['log'] = [];
  const stderr: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let pending = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) if (line.startsWith('{')) log.push(JSON.parse(line) as Served['log'][number]);
  });
  return new Promise((resolve, reject) => {
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr.push(chunk);
      const m = /storefront serve: (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr.join(''));
      if (m) resolve({ child, url: m[1], log, stderr, exited });
    });
    void exited.then(({ code }) =>
      reject(new Error(`storefront serve exited (${code}) before listening: ${stderr.join('')}`)),
    );
  });
}

/** A GET on a connection of its own; resolves with the status or the connection error's code. */
function get(
  url: string,
  path: string,
  requestId: string,
): Promise<{ id: string; status?: number; error?: string }> {
  return new Promise((resolve) => {
    const req = request(`${url}${path}`, { agent: false, headers: { 'x-request-id': requestId } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ id: requestId, status: res.statusCode }));
      res.on('error', (err: NodeJS.ErrnoException) =>
        resolve({ id: requestId, error: err.code ?? err.message }),
      );
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ id: requestId, error: err.code ?? err.message }),
    );
    req.end();
  });
}

/** Resolves true when a new TCP connection is refused, false when it is accepted. */
function refused(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(u.port), u.hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

/** A POST whose headers are sent now (answered with 100 Continue: accepted) and whose body later. */
async function holdRequest(
  url: string,
  path: string,
  headers: Record<string, string>,
  body: string,
  requestId: string,
) {
  const u = new URL(url);
  const socket: Socket = connect(Number(u.port), u.hostname);
  let received = '';
  const ended = new Promise<void>((resolve) => {
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
  });
  const continued = new Promise<void>((resolve) =>
    socket.on('data', (d: Buffer) => {
      received += d.toString('utf8');
      if (received.startsWith('HTTP/1.1 100')) resolve();
    }),
  );
  await new Promise((resolve) => socket.once('connect', resolve));
  const lines = [
    `POST ${path} HTTP/1.1`,
    `Host: ${u.host}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Expect: 100-continue',
    'Connection: close',
    `X-Request-Id: ${requestId}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  await continued;
  return {
    /** Sends the body and resolves with the final status and body of the answer. */
    async finish(): Promise<{ status: number; body: string }> {
      socket.write(body);
      await ended;
      const final = received.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(final)?.[1] ?? 0);
      return { status, body: final.slice(final.indexOf('\r\n\r\n') + 4) };
    },
  };
}

forEachEngine('faults/sigterm', (engineCtx) => {
  let served: Served | null = null;

  before(async function () {
    this.timeout(120000);
    if (!existsSync(BUILT))
      throw new Error('dist/ is missing: run `npm run build` (npm test does it in pretest)');
    await prepareDatabase(engineCtx.url());
  });
  after(() => {
    if (served && served.child.exitCode === null && served.child.signalCode === null)
      served.child.kill('SIGKILL');
  });

  it('finishes accepted requests with 200, refuses new connections, and exits 0 on SIGTERM', async function () {
    this.timeout(90000);
    const db = createDb(engineCtx.url());
    let variantId: string;
    try {
      const site = (await findSiteByHostExact(db, undefined))!;
      variantId = (await availableVariants(db, site.id, 1))[0].id;
    } finally {
      await db.destroy();
    }
    served = await serve(engineCtx.url());
    const { child, url, log } = served;

    // Held requests: a cart/add each, from a browser with a session cookie and CSRF token.
    const browser = new TestBrowser(url);
    const token = await browser.csrfToken('/products');
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const held = [];
    for (let i = 0; i < HELD; i++) {
      held.push(
        await holdRequest(
          url,
          '/_post/cart/add',
          { 'X-CSRF-Token': token, Cookie: cookie },
          JSON.stringify({ variant_id: variantId, quantity: 1 }),
          `held-${i}-request`,
        ),
      );
    }

    // A burst of page requests; the signal goes out as soon as the first one is answered.
    let signalled = false;
    let loadResults!: Promise<Array<{ id: string; status?: number; error?: string }>>;
    const firstAnswer = new Promise<void>((resolve) => {
      const load = Array.from({ length: LOAD }, (_, i) =>
        get(
          url,
          i % 3 === 0 ? '/' : `/products?page=${1 + (i % 4)}`,
          `load-${String(i).padStart(4, '0')}`,
        ).then((r) => {
          resolve();
          return r;
        }),
      );
      loadResults = Promise.all(load);
    });
    await firstAnswer;
    child.kill('SIGTERM');
    signalled = true;

    // From now on new connections are refused, while the process waits for what it accepted.
    while (!(await refused(url))) await new Promise((r) => setTimeout(r, 20));
    for (let i = 0; i < 5; i++)
      expect(await refused(url), 'a new connection after the signal').to.equal(true);
    expect(child.exitCode, 'the process waits for the requests it accepted').to.equal(null);

    // The held requests complete normally (the database is still open for them).
    for (const h of held) {
      const res = await h.finish();
      expect(res.status, res.body).to.equal(200);
      expect(JSON.parse(res.body).Items[0]).to.include({ variant_id: variantId });
    }

    const results = await loadResults;
    const { code, signal } = await served.exited;
    expect(signalled).to.equal(true);
    expect({ code, signal }, served.stderr.join('')).to.deep.equal({ code: 0, signal: null });

    // Every request the server accepted (it logged it) was answered 200, and the client got that
    // answer; the others never reached the app (their connection was refused or closed unanswered).
    const logged = new Map(log.map((l) => [l.request_id, l.status]));
    for (const [id, status] of logged) expect(status, `server status of ${id}`).to.equal(200);
    for (let i = 0; i < HELD; i++) expect(logged.get(`held-${i}-request`)).to.equal(200);
    const answered = results.filter((r) => r.status !== undefined);
    for (const r of answered) expect(r.status, r.id).to.equal(200);
    for (const r of results) {
      if (logged.has(r.id))
        expect(r.status, `${r.id} was accepted but the client got ${r.error}`).to.equal(200);
      else expect(r.error, `${r.id} answered without reaching the app`).to.be.a('string');
    }
    expect(answered.length, 'some of the load was served').to.be.at.least(1);
    process.stdout.write(
      `      load: ${answered.length} answered 200, ${results.length - answered.length} not accepted (${[...new Set(results.filter((r) => r.error).map((r) => r.error))].join(', ') || '-'})\n`,
    );
  });
});
