// ctx.ip, ctx.protocol and ctx.host behind 0, 1 and 2 trusted proxies, on a real listening Koa app.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { request } from 'node:http';
import { expect } from 'chai';
import Koa from 'koa';
import { applyProxyTrust, trustedEntry } from '../../../runtime/http/proxy-trust.js';

interface Seen {
  ip: string;
  protocol: string;
  secure: boolean;
  host: string;
}

function get(port: number, headers: Record<string, string>): Promise<Seen> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c));
      res.on('end', () => resolve(JSON.parse(body) as Seen));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('runtime/http/proxy-trust', () => {
  const servers: Server[] = [];
  async function serve(hops: number): Promise<number> {
    const app = new Koa();
    applyProxyTrust(app, hops);
    app.use((ctx) => {
      ctx.body = { ip: ctx.ip, protocol: ctx.protocol, secure: ctx.secure, host: ctx.host };
    });
    const server = app.listen(0, '127.0.0.1');
    servers.push(server);
    await new Promise((r) => server.once('listening', r));
    return (server.address() as AddressInfo).port;
  }
  after(() => servers.forEach((s) => s.close()));

  it('picks the entry the outermost trusted proxy wrote, counted from the right', () => {
    expect(trustedEntry('198.51.100.7, 192.0.2.77', 1)).to.equal('192.0.2.77');
    expect(trustedEntry('203.0.113.9, 10.0.0.1, 10.0.0.2', 2)).to.equal('10.0.0.1');
    expect(trustedEntry('10.0.0.2', 3)).to.equal('10.0.0.2');
    expect(trustedEntry(' , ', 1)).to.equal(null);
    expect(trustedEntry('https', 0)).to.equal(null);
  });

  it('without trusted proxies ignores X-Forwarded-* entirely', async () => {
    const port = await serve(0);
    const seen = await get(port, {
      'x-forwarded-for': '198.51.100.1',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
      host: 'shop.example',
    });
    expect(seen).to.deep.equal({ ip: '127.0.0.1', protocol: 'http', secure: false, host: 'shop.example' });
  });

  it('with one proxy, the client-written left entries of X-Forwarded-For never count', async () => {
    const port = await serve(1);
    for (let i = 0; i < 3; i++) {
      const seen = await get(port, { 'x-forwarded-for': `198.51.100.${i}, 192.0.2.77` });
      expect(seen.ip).to.equal('192.0.2.77');
    }
  });

  it('with one proxy, a client-written X-Forwarded-Proto before the proxy’s own is ignored', async () => {
    const port = await serve(1);
    expect((await get(port, { 'x-forwarded-proto': 'https, http' })).secure).to.equal(false);
    expect((await get(port, { 'x-forwarded-proto': 'http, https' })).secure).to.equal(true);
    expect((await get(port, { 'x-forwarded-proto': 'HTTPS' })).protocol).to.equal('https');
    expect((await get(port, { 'x-forwarded-proto': 'ftp' })).protocol).to.equal('http');
  });

  it('with two proxies, the client is what the outer one appended', async () => {
    const port = await serve(2);
    const seen = await get(port, {
      'x-forwarded-for': '203.0.113.9, 198.51.100.20, 10.0.0.2',
      'x-forwarded-proto': 'http, https, http',
    });
    expect(seen.ip).to.equal('198.51.100.20');
    expect(seen.protocol).to.equal('https');
  });

  it('takes the site host from Host, never from X-Forwarded-Host', async () => {
    const port = await serve(1);
    const seen = await get(port, { host: 'b.example.test', 'x-forwarded-host': 'evil.example' });
    expect(seen.host).to.equal('b.example.test');
  });
});
