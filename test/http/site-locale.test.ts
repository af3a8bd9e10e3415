// A site's locale over a real server: {{t}} picks its translation file, money and {{date}} follow it,
// and another site on the same server keeps its own locale (catalog cache on, shared per site).
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { forEachEngine } from '../helpers/engines.js';
import { rawRequest } from '../helpers/raw-http.js';
import { prepareDatabase, startTestServer, type TestServer } from '../helpers/server.js';
import { addSite, findSiteByHostExact, updateSite } from '../../runtime/sites/store.js';

const MINI = new URL('../fixtures/themes/mini', import.meta.url).pathname;

forEachEngine('http/site locale', ({ url }) => {
  let server: TestServer;
  let dir: string;
  const get = async (path: string, host: string) => {
    const res = await rawRequest(Number(new URL(server.url).port), path, { headers: { host } });
    return res.body.replace(/[\u00a0\u202f]/g, ' ');
  };

  before(async function () {
    this.timeout(60000);
    dir = mkdtempSync(join(tmpdir(), 'sf-locale-theme-'));
    cpSync(MINI, dir, { recursive: true });
    mkdirSync(join(dir, 'locales'));
    writeFileSync(
      join(dir, 'locales', 'en.default.json'),
      JSON.stringify({
        hello: 'Welcome to {shop}',
        items: { one: '{count} product', other: '{count} products' },
      }),
    );
    writeFileSync(join(dir, 'locales', 'fr.json'), JSON.stringify({ hello: 'Bienvenue chez {shop}' }));
    writeFileSync(
      join(dir, 'pages', 'hello.hbs'),
      '<p id="t">{{t "hello" shop=site.name}}</p><p id="n">{{t "items" count=2}}</p><p id="d">{{date "2026-11-22T10:00:00Z"}}</p><p id="l">{{site.locale}}</p>',
    );
    await prepareDatabase(url());
    server = await startTestServer(url(), { themeDir: dir, catalogCacheMs: 2000 });
    const site = (await findSiteByHostExact(server.db, undefined))!;
    await updateSite(server.db, site.id, { locale: 'fr' });
    await addSite(server.db, { host: 'en.example.test', name: 'English Shop', locale: 'en-GB' });
  });
  after(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('renders translations, plurals, dates and site.locale in the site’s locale', async () => {
    const fr = await get('/hello', 'shop.example.test');
    expect(fr).to.include('<p id="t">Bienvenue chez Fernhill Supply Co.</p>');
    expect(fr).to.include('<p id="n">2 products</p>'); // missing in fr: the default locale's text
    expect(fr).to.include('<p id="d">22 nov. 2026</p>');
    expect(fr).to.include('<p id="l">fr</p>');
    const en = await get('/hello', 'en.example.test');
    expect(en).to.include('<p id="t">Welcome to English Shop</p>');
    expect(en).to.include('<p id="d">22 Nov 2026</p>');
    expect(en).to.include('<p id="l">en-GB</p>');
  });

  it('formats catalog prices for each site, also when the catalog is cached', async () => {
    const fr = await get('/products', 'shop.example.test');
    expect(fr).to.match(/\d+,\d\d €<\/li>/);
    expect(fr).not.to.match(/€\d/);
    const again = await get('/products', 'shop.example.test');
    expect(again).to.match(/\d+,\d\d €<\/li>/);
  });
});
