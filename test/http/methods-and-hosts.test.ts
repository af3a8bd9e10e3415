// Methods a page route does not take (405 with Allow), and host names written with the root's
// trailing dot (the same site as without it).
import { expect } from 'chai';
import { TestBrowser } from '../helpers/browser.js';
import { prepareDatabase, startTestServer, tempSqliteUrl, type TestServer } from '../helpers/server.js';
import { addSite } from '../../runtime/sites/store.js';
import { rawRequest } from '../helpers/raw-http.js';

describe('http/methods and hosts', () => {
  let server: TestServer;
  let cleanup: () => void;

  before(async () => {
    const tmp = tempSqliteUrl();
    cleanup = tmp.cleanup;
    await prepareDatabase(tmp.url);
    server = await startTestServer(tmp.url);
    await addSite(server.db, { host: 'b.example.test', name: 'Site Bee Test' });
  });
  after(async () => {
    await server.close();
    cleanup();
  });

  it('answers PUT, DELETE, PATCH and OPTIONS on page routes with 405 and Allow: GET, HEAD', async () => {
    const browser = new TestBrowser(server.url);
    for (const [method, path] of [
      ['PUT', '/products'],
      ['DELETE', '/cart'],
      ['PATCH', '/products/anything'],
      ['OPTIONS', '/'],
      ['POST', '/login'],
    ]) {
      const res = await browser.request(method, path);
      expect(res.status, `${method} ${path}`).to.equal(405);
      expect(res.headers.get('allow'), `${method} ${path}`).to.equal('GET, HEAD');
      expect(res.json.error.code).to.equal('method_not_allowed');
    }
  });

  it('still answers 404 for other methods on paths that are no page', async () => {
    const res = await new TestBrowser(server.url).request('PUT', '/no-such-page');
    expect(res.status).to.equal(404);
  });

  it('serves a host written with a trailing dot as the same site', async () => {
    const port = Number(new URL(server.url).port);
    const plain = await rawRequest(port, '/', { headers: { host: 'b.example.test' } });
    const dotted = await rawRequest(port, '/', { headers: { host: 'B.Example.Test.' } });
    expect(plain.body).to.include('Site Bee Test');
    expect(dotted.status).to.equal(200);
    expect(dotted.body).to.include('Site Bee Test');
    const other = await rawRequest(port, '/', { headers: { host: 'c.example.test.' } });
    expect(other.body).not.to.include('Site Bee Test'); // the default site
  });
});
