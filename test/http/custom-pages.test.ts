// Custom pages: any pages/**/*.hbs no contract route claims is served at its path; contract routes
// win; `_` files, partials and names outside [a-z0-9-] are never routed.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import { TestBrowser } from '../helpers/browser.js';
import { prepareDatabase, startTestServer, tempSqliteUrl, type TestServer } from '../helpers/server.js';
import { starterThemeDir } from '../../runtime/paths.js';

const page = (title: string) =>
  `{{#extends "layouts/base"}}{{set title="${title}"}}{{#block "content"}}<h1>${title}</h1>{{/block}}{{/extends}}\n`;

describe('http/custom pages', () => {
  let server: TestServer;
  let theme: string;
  let cleanup: () => void;

  before(async () => {
    theme = mkdtempSync(join(tmpdir(), 'storefront-custom-pages-'));
    cpSync(starterThemeDir, theme, { recursive: true });
    const files: Record<string, string> = {
      'pages/about.hbs': page('About us'),
      'pages/legal/terms.hbs': page('Terms of sale'),
      'pages/help/index.hbs': page('Help centre'),
      'pages/_draft.hbs': page('Draft'),
      'pages/Shouting.hbs': page('Shouting'),
      'pages/products/sale.hbs': page('Sale'),
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(theme, file)), { recursive: true });
      writeFileSync(join(theme, file), text);
    }
    const tmp = tempSqliteUrl();
    cleanup = tmp.cleanup;
    await prepareDatabase(tmp.url);
    server = await startTestServer(tmp.url, { themeDir: theme });
  });
  after(async () => {
    await server.close();
    cleanup();
    rmSync(theme, { recursive: true, force: true });
  });

  it('serves pages/about.hbs at /about, a nested page at its path and index.hbs at its folder', async () => {
    const browser = new TestBrowser(server.url);
    for (const [path, title] of [
      ['/about', 'About us'],
      ['/about/', 'About us'],
      ['/legal/terms', 'Terms of sale'],
      ['/help', 'Help centre'],
    ]) {
      const res = await browser.get(path);
      expect(res.status, path).to.equal(200);
      expect(res.text, path).to.include(`<h1>${title}</h1>`);
    }
  });

  it('never routes _ files, names with other characters, or the contract pages under another path', async () => {
    const browser = new TestBrowser(server.url);
    for (const path of [
      '/_draft',
      '/Shouting',
      '/shouting',
      '/index',
      '/404',
      '/products/index',
      '/help/index',
    ]) {
      expect((await browser.get(path)).status, path).to.equal(404);
    }
  });

  it('lets contract routes win: /products/sale is the product route (no such product: 404)', async () => {
    const res = await new TestBrowser(server.url).get('/products/sale');
    expect(res.status).to.equal(404);
    expect(res.text).not.to.include('<h1>Sale</h1>');
  });

  it('answers other methods on a custom page with 405', async () => {
    const res = await new TestBrowser(server.url).request('PUT', '/about');
    expect(res.status).to.equal(405);
    expect(res.headers.get('allow')).to.equal('GET, HEAD');
  });
});
