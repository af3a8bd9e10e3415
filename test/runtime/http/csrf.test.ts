// CSRF tokens on a real Koa app: each response carries different token bytes (masked per response),
// every one of them verifies against its secret cookie, and nothing else does.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import Koa from 'koa';
import { Csrf, CSRF_COOKIE } from '../../../runtime/http/csrf.js';
import type { AppState } from '../../../runtime/http/state.js';

const KEYS = ['key-one-0123456789abcdef0123456789', 'key-two-0123456789abcdef0123456789'];

describe('runtime/http/csrf', () => {
  let server: Server;
  let url: string;
  let csrf: Csrf;

  before(async () => {
    csrf = new Csrf(KEYS);
    const app = new Koa<AppState>({ keys: KEYS });
    app.use(async (ctx) => {
      if (ctx.path === '/token') ctx.body = csrf.token(ctx);
      else if (ctx.path === '/rotate') ctx.body = csrf.rotate(ctx);
      else ctx.body = String(csrf.verify(ctx, ctx.get('x-csrf-token')));
    });
    server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const cookiesOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(';', 1)[0])
      .join('; ');
  const verify = async (cookie: string, token: string) =>
    (await (await fetch(`${url}/verify`, { headers: { cookie, 'x-csrf-token': token } })).text()) === 'true';

  it('mints a secret cookie on the first page and verifies tokens of later pages against it', async () => {
    const first = await fetch(`${url}/token`);
    const cookie = cookiesOf(first);
    expect(cookie).to.match(new RegExp(`^${CSRF_COOKIE}=[A-Za-z0-9_-]{43}; ${CSRF_COOKIE}\\.sig=`));
    const token1 = await first.text();
    const again = await fetch(`${url}/token`, { headers: { cookie } });
    expect(again.headers.getSetCookie()).to.deep.equal([]); // a returning visitor gets no new cookie
    const token2 = await again.text();
    expect(token2).to.not.equal(token1); // masked per response
    expect(await verify(cookie, token1)).to.equal(true);
    expect(await verify(cookie, token2)).to.equal(true);
  });

  it('rejects a token of another secret, a tampered token, a missing cookie and a forged cookie', async () => {
    const a = await fetch(`${url}/token`);
    const b = await fetch(`${url}/token`);
    const tokenA = await a.text();
    const tokenB = await b.text();
    expect(await verify(cookiesOf(a), tokenB)).to.equal(false);
    const [pad, masked] = tokenA.split('.');
    const flipped = `${pad}.${masked.slice(0, -2)}${masked.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(await verify(cookiesOf(a), flipped)).to.equal(false);
    expect(await verify('', tokenA)).to.equal(false);
    const forged = cookiesOf(a).replace(/sf_csrf=[^;]+/, `sf_csrf=${randomBytes(32).toString('base64url')}`);
    expect(await verify(forged, tokenA)).to.equal(false);
    expect(await verify(cookiesOf(a), '')).to.equal(false);
    expect(await verify(cookiesOf(a), `${tokenA}.x`)).to.equal(false);
  });

  it('stops accepting old tokens once the secret rotates', async () => {
    const first = await fetch(`${url}/token`);
    const oldToken = await first.text();
    const rotated = await fetch(`${url}/rotate`, { headers: { cookie: cookiesOf(first) } });
    const newToken = await rotated.text();
    expect(await verify(cookiesOf(rotated), newToken)).to.equal(true);
    expect(await verify(cookiesOf(rotated), oldToken)).to.equal(false);
  });

  it('accepts a token masked over the MAC of a previous key (rotation), and refuses other keys', async () => {
    const first = await fetch(`${url}/token`);
    const cookie = cookiesOf(first);
    const secret = /sf_csrf=([^;]+)/.exec(cookie)![1];
    const masked = (key: string) => {
      const mac = createHmac('sha256', key).update(`csrf.${secret}`).digest();
      const pad = randomBytes(32);
      const out = Buffer.alloc(32);
      for (let i = 0; i < 32; i++) out[i] = pad[i] ^ mac[i];
      return `${pad.toString('base64url')}.${out.toString('base64url')}`;
    };
    expect(await verify(cookie, masked(KEYS[0]))).to.equal(true);
    expect(await verify(cookie, masked(KEYS[1]))).to.equal(true);
    expect(await verify(cookie, masked('another key-0123456789abcdef0123'))).to.equal(false);
  });

  it('still accepts a token of the previous format (salt.HMAC(secret.salt)) from a page rendered before', async () => {
    const first = await fetch(`${url}/token`);
    const cookie = cookiesOf(first);
    const secret = /sf_csrf=([^;]+)/.exec(cookie)![1];
    const salt = randomBytes(12).toString('base64url');
    const mac = createHmac('sha256', KEYS[1]).update(`${secret}.${salt}`).digest('base64url');
    expect(await verify(cookie, `${salt}.${mac}`)).to.equal(true);
    const wrong = createHmac('sha256', 'another key').update(`${secret}.${salt}`).digest('base64url');
    expect(await verify(cookie, `${salt}.${wrong}`)).to.equal(false);
  });
});
