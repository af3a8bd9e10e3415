// The error middleware on a real listening Koa server: which thrown errors become which answers.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { expect } from 'chai';
import Koa from 'koa';
import { errorHandler, isDatabaseUnavailable, plainHtmlError } from '../../../runtime/http/error-handler.js';
import { HttpError } from '../../../runtime/errors.js';
import type { AppState } from '../../../runtime/http/state.js';

const THROWN: Record<string, () => unknown> = {
  '/http-error': () => new HttpError('rate_limited', undefined, { retryAfter: 7 }),
  '/refused': () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' }),
  '/pool-timeout': () =>
    Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' }),
  '/deadlock': () =>
    Object.assign(new Error('Deadlock: wsrep aborted transaction'), { errno: 1213, sqlState: '40001' }),
  '/bug': () => new TypeError("Cannot read properties of undefined (reading 'id')"),
};

describe('runtime/http/error-handler', () => {
  let server: Server;
  let base: string;
  const originalWrite = process.stderr.write.bind(process.stderr);

  before(async () => {
    const app = new Koa<AppState>();
    app.use(errorHandler(plainHtmlError));
    app.use((ctx) => {
      const make = THROWN[ctx.path.replace(/^\/_post/, '')];
      if (!make) ctx.body = 'ok';
      else throw make();
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.stderr.write = (() => true) as typeof process.stderr.write; // the handler logs each failure
  });
  after(() => {
    process.stderr.write = originalWrite;
    server.close();
  });

  async function json(path: string): Promise<{
    status: number;
    body: { error: { code: string; message: string } };
    retryAfter: string | null;
  }> {
    const res = await fetch(`${base}/_post${path}`, { method: 'POST' });
    return {
      status: res.status,
      body: (await res.json()) as never,
      retryAfter: res.headers.get('retry-after'),
    };
  }

  it('answers an HttpError with its status, code and Retry-After', async () => {
    const res = await json('/http-error');
    expect(res.status).to.equal(429);
    expect(res.body.error.code).to.equal('rate_limited');
    expect(res.retryAfter).to.equal('7');
  });

  for (const path of ['/refused', '/pool-timeout', '/deadlock']) {
    it(`answers ${path.slice(1)} with 503 service_unavailable and Retry-After, no internals`, async () => {
      const res = await json(path);
      expect(res.status).to.equal(503);
      expect(res.body.error.code).to.equal('service_unavailable');
      expect(res.retryAfter).to.equal('5');
      expect(JSON.stringify(res.body)).not.to.match(/ECONN|Knex|wsrep|3306/);
    });
  }

  it('answers a bug with 500 internal_error and no stack trace, as JSON and as an HTML page', async () => {
    const res = await json('/bug');
    expect(res.status).to.equal(500);
    expect(res.body.error.code).to.equal('internal_error');
    const page = await fetch(`${base}/bug`, { headers: { accept: 'text/html' } });
    expect(page.status).to.equal(500);
    expect(await page.text()).not.to.match(/TypeError|at \w+ \(/);
  });

  it('recognises an unreachable database inside an aggregate error (mysql2 tries several addresses)', () => {
    const inner = Object.assign(new Error('connect ECONNREFUSED ::1:3306'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new AggregateError([new Error('other'), inner]))).to.equal(true);
    expect(isDatabaseUnavailable(new Error('syntax error'))).to.equal(false);
    expect(isDatabaseUnavailable(null)).to.equal(false);
  });
});
