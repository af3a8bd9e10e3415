// Page routes over a real listening server: catalog pages, 404s, abort, assets, headers, query counts.
import { expect } from 'chai';
import { TestBrowser } from '../helpers/browser.js';
import { prepareDatabase, startTestServer, tempSqliteUrl, type TestServer } from '../helpers/server.js';

const MINI = new URL('../fixtures/themes/mini', import.meta.url).pathname;

describe('http/pages (mini theme, SQLite)', () => {
  let server: TestServer;
  let cleanup: () => void;
  let browser: TestBrowser;

  before(async () => {
    const tmp = tempSqliteUrl();
    cleanup = tmp.cleanup;
    await prepareDatabase(tmp.url);
    // no catalog cache: the query-count tests measure what one render costs the database
    server = await startTestServer(tmp.url, { themeDir: MINI, catalogCacheMs: 0 });
  });
  after(async () => {
    await server.close();
    cleanup();
  });
  beforeEach(() => (browser = new TestBrowser(server.url)));

  it('lists 12 products per page with next and previous links', async () => {
    const first = await browser.get('/products');
    expect(first.status).to.equal(200);
    expect(first.text.match(/class="card"/g)).to.have.length(12);
    expect(first.text).to.include('href="/products?page&#x3D;2"'); // Handlebars escapes "="; browsers decode it
    expect(first.text).not.to.include('rel="prev"');
    const second = await browser.get('/products?page=2');
    expect(second.text).to.include('rel="prev" href="/products"');
  });

  it('clamps bad page values instead of failing', async () => {
    for (const page of ['0', '-1', 'abc', '99999999999', '1e3', '%00']) {
      const res = await browser.get(`/products?page=${page}`);
      expect(res.status, page).to.equal(200);
    }
    const beyond = await browser.get('/products?page=500');
    expect(beyond.status).to.equal(200);
    expect(beyond.text).not.to.include('class="card"');
  });

  it('runs a fixed number of queries for a listing, whatever its size (no N+1)', async () => {
    server.queries.length = 0;
    await browser.get('/products');
    const listing = server.queries.length;
    expect(listing).to.be.at.most(4); // site, page, count, variants of the page
    server.queries.length = 0;
    await browser.get('/products?page=3');
    expect(server.queries.length).to.be.at.most(listing);
  });

  it('shows a product with its variants and 404s an unknown slug through abort', async () => {
    const list = await browser.get('/products');
    const slug = /href="\/products\/([^"]+)"/.exec(list.text)![1];
    const show = await browser.get(`/products/${slug}`);
    expect(show.status).to.equal(200);
    expect(show.text).to.match(/data-variant-id="[0-9a-f-]{36}"/);
    const missing = await browser.get('/products/no-such-product');
    expect(missing.status).to.equal(404);
    expect(missing.text).to.include('<h1>Page not found</h1>');
    const weird = await browser.get('/products/%E0%A4%A');
    expect(weird.status).to.equal(404);
  });

  it('answers unknown paths with the theme 404 page', async () => {
    const res = await browser.get('/no/such/page');
    expect(res.status).to.equal(404);
    expect(res.text).to.include('<h1>Page not found</h1>');
  });

  it('serves hashed assets immutably and 404s unknown or stale ones', async () => {
    const page = await browser.get('/');
    const href = /href="(\/assets\/css\/a\.[0-9a-f]{10}\.css)"/.exec(page.text)![1];
    const css = await browser.get(href);
    expect(css.status).to.equal(200);
    expect(css.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
    expect(css.headers.get('content-type')).to.include('text/css');
    expect((await browser.get('/assets/css/a.0000000000.css')).status).to.equal(404);
    expect((await browser.get('/assets/css/a.css')).status).to.equal(404);
    expect((await browser.get('/assets/../package.json')).status).to.equal(404);
  });

  it('sends private, no-store and Vary: Cookie on session-dependent HTML, plus security headers', async () => {
    const res = await browser.get('/');
    expect(res.headers.get('cache-control')).to.equal('private, no-store');
    expect(res.headers.get('vary')).to.match(/cookie/i);
    expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(res.headers.get('referrer-policy')).to.equal('strict-origin-when-cross-origin');
    expect(res.headers.get('content-security-policy')).to.include("frame-ancestors 'none'");
  });

  it('ignores an `auth` value sent in the query or body', async () => {
    const res = await browser.get('/?auth[check]=true&auth[user][display_name]=Mallory');
    expect(res.text).to.include('<p class="who">guest</p>');
    expect(res.text).not.to.include('Mallory');
  });

  it('writes nothing to the database for a visitor who only reads pages', async () => {
    server.queries.length = 0;
    await browser.get('/');
    await browser.get('/products');
    expect(server.queries.filter((q) => /^\s*(insert|update|delete|replace)/i.test(q))).to.deep.equal([]);
    const rows = (await server.db('sessions').count({ n: '*' }).first()) as { n: number };
    expect(Number(rows.n)).to.equal(0);
  });

  it('answers /healthz and /readyz', async () => {
    expect((await browser.get('/healthz')).json).to.deep.equal({ status: 'ok' });
    expect((await browser.get('/readyz')).json).to.deep.equal({ status: 'ready' });
  });
});
