// Proxies and HTTPS over the real app: the per-address login limit behind an appending proxy,
// Secure cookies and HSTS following the request's scheme, plain HTTP on a public bind never a 5xx.
import { expect } from 'chai';
import { TestBrowser } from '../helpers/browser.js';
import { prepareDatabase, startTestServer, tempSqliteUrl, type TestServer } from '../helpers/server.js';
import type { ConfigFlags } from '../../runtime/config.js';
import { rawRequest } from '../helpers/raw-http.js';
import '../helpers/commerce.js'; // bcrypt cost 4 for tests

function setCookies(headers: Headers): string[] {
  return headers.getSetCookie();
}

describe('http/proxy and https', () => {
  let url: string;
  let cleanup: () => void;
  const servers: TestServer[] = [];

  before(async () => {
    const tmp = tempSqliteUrl();
    url = tmp.url;
    cleanup = tmp.cleanup;
    await prepareDatabase(url);
  });
  after(async () => {
    for (const s of servers) await s.close();
    cleanup();
  });

  async function start(flags: ConfigFlags): Promise<TestServer> {
    const server = await startTestServer(url, { allowHttp: false, flags });
    servers.push(server);
    return server;
  }

  describe('--trust-proxy 1 on loopback', () => {
    let server: TestServer;
    before(async () => (server = await start({ trustProxy: true })));

    it('limits sign-ins per the address the proxy appended, whatever the client wrote before it', async () => {
      const browser = new TestBrowser(server.url, { 'x-forwarded-proto': 'https' });
      const token = await browser.csrfToken('/login');
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++) {
        const res = await browser.request('POST', '/_post/auth/login', {
          body: JSON.stringify({ email: `nobody${i}@example.com`, password: 'wrong-password-1234' }),
          headers: {
            'content-type': 'application/json',
            'x-csrf-token': token,
            'x-forwarded-for': `198.51.100.${i}, 192.0.2.77`,
          },
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 20)).to.deep.equal(Array(20).fill(401));
      expect(statuses.slice(20)).to.deep.equal([429, 429]);
    });

    it('sends Secure cookies and HSTS over HTTPS through the proxy, neither over plain HTTP', async () => {
      const https = await new TestBrowser(server.url, { 'x-forwarded-proto': 'https' }).get('/login');
      expect(https.status).to.equal(200);
      expect(https.headers.get('strict-transport-security')).to.match(/max-age=\d+/);
      const secureCookies = setCookies(https.headers);
      expect(secureCookies).to.have.length.greaterThan(0);
      for (const c of secureCookies) expect(c.toLowerCase()).to.include('; secure');

      const plain = await new TestBrowser(server.url).get('/login');
      expect(plain.status).to.equal(200); // a loopback bind allows plain HTTP
      expect(plain.headers.get('strict-transport-security')).to.equal(null);
      for (const c of setCookies(plain.headers)) expect(c.toLowerCase()).not.to.include('secure');
    });
  });

  describe('a public bind without --trust-proxy or --allow-http', () => {
    let server: TestServer;
    before(async () => (server = await start({ host: '0.0.0.0' })));

    it('moves plain-HTTP pages and assets to https:// with a 308, keeping path and query', async () => {
      const browser = new TestBrowser(server.url);
      for (const method of ['GET', 'HEAD']) {
        const res = await browser.request(method, '/products?page=2');
        expect(res.status, method).to.equal(308);
        expect(res.headers.get('location')).to.equal('https://127.0.0.1/products?page=2');
      }
      const css = await browser.get('/assets/css/theme.css');
      expect(css.status).to.equal(308);
    });

    it('refuses a plain-HTTP POST with 403 https_required and writes nothing', async () => {
      const res = await new TestBrowser(server.url).request('POST', '/_post/cart/add', {
        body: JSON.stringify({ variant_id: 'x', quantity: 1 }),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).to.equal(403);
      expect(res.json.error.code).to.equal('https_required');
      expect(res.headers.getSetCookie()).to.deep.equal([]);
    });

    it('answers health checks over plain HTTP as usual', async () => {
      const browser = new TestBrowser(server.url);
      expect((await browser.get('/healthz')).status).to.equal(200);
      expect((await browser.get('/readyz')).status).to.equal(200);
    });

    it('does not believe a client that claims HTTPS without a trusted proxy', async () => {
      const res = await new TestBrowser(server.url, { 'x-forwarded-proto': 'https' }).get('/login');
      expect(res.status).to.equal(308);
    });

    it('redirects to the requested host on the default port, and answers 400 for a Host that is not a host name', async () => {
      const port = Number(new URL(server.url).port);
      const withPort = await rawRequest(port, '/cart?x=1', { headers: { host: 'shop.example:8080' } });
      expect(withPort.status).to.equal(308);
      expect(withPort.headers.location).to.equal('https://shop.example/cart?x=1');
      const bad = await rawRequest(port, '/', { headers: { host: 'evil.example/@x' } });
      expect(bad.status).to.equal(400);
      expect(bad.headers.location).to.equal(undefined);
    });
  });

  describe('a public bind behind one trusted proxy', () => {
    let server: TestServer;
    before(async () => (server = await start({ host: '0.0.0.0', trustProxy: '1' })));

    it('serves HTTPS requests with Secure cookies, and redirects what the proxy marks as plain HTTP', async () => {
      const https = await new TestBrowser(server.url, { 'x-forwarded-proto': 'https' }).get('/login');
      expect(https.status).to.equal(200);
      for (const c of setCookies(https.headers)) expect(c.toLowerCase()).to.include('; secure');
      const spoofed = await new TestBrowser(server.url, { 'x-forwarded-proto': 'https, http' }).get('/login');
      expect(spoofed.status).to.equal(308);
    });
  });
});
