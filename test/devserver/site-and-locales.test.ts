// `storefront dev` shows the fixtures' site name, and reloads pages when a translation file is saved.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import type { DevServer } from '../../devserver/start.js';
import { defaultFixturesFile } from '../../runtime/paths.js';
import { TestBrowser } from '../helpers/browser.js';
import { fastHashesInSuite, insertBefore, startTestDev, tempTheme, themeFacts, WsProbe } from './helpers.js';

describe('devserver: site name and translations', function () {
  this.timeout(30000);
  fastHashesInSuite();
  let tmp: ReturnType<typeof tempTheme>;
  let dev: DevServer;
  let terminal: string[];

  before(async () => {
    tmp = tempTheme();
    terminal = [];
    dev = await startTestDev({
      themeDir: tmp.theme,
      fixturesFile: defaultFixturesFile, // read, never written here
      log: (t) => terminal.push(t),
    });
  });
  after(async () => {
    await dev?.close();
    tmp?.cleanup();
  });

  it('renders the site name of the fixtures ("Fernhill Supply Co."), not the default site’s', async () => {
    const res = await new TestBrowser(dev.url).get('/');
    expect(res.status).to.equal(200);
    expect(res.text).to.match(/<title>[^<]*Fernhill Supply Co\.<\/title>/);
    expect(res.text).not.to.match(/<title>[^<]*\bStorefront<\/title>/);
  });

  it('reloads the page when a locale file is added or saved, and warns about a key no file has', async () => {
    const probe = await WsProbe.open(dev.url);
    try {
      const { layout } = themeFacts(tmp.theme);
      let handled = dev.nextChange();
      insertBefore(layout, '</body>', '<p data-test="t">{{t "demo.hello" name=site.name}}</p>');
      await handled;
      let res = await new TestBrowser(dev.url).get('/');
      expect(res.text).to.include('<p data-test="t">demo.hello</p>');
      expect(terminal.join('')).to.match(
        /translation "demo\.hello" is in no locale file for en: the key itself is shown/,
      );

      mkdirSync(join(tmp.theme, 'locales'), { recursive: true });
      handled = dev.nextChange();
      let reload = probe.next((m) => m.type === 'reload');
      writeFileSync(
        join(tmp.theme, 'locales', 'en.default.json'),
        '{"demo": {"hello": "Welcome to {name}"}}',
      );
      await reload;
      await handled;
      res = await new TestBrowser(dev.url).get('/');
      expect(res.text).to.include('<p data-test="t">Welcome to Fernhill Supply Co.</p>');

      handled = dev.nextChange();
      reload = probe.next((m) => m.type === 'reload');
      writeFileSync(join(tmp.theme, 'locales', 'en.default.json'), '{"demo": {"hello": "Hi from {name}"}}');
      await reload;
      await handled;
      res = await new TestBrowser(dev.url).get('/');
      expect(res.text).to.include('<p data-test="t">Hi from Fernhill Supply Co.</p>');

      terminal.length = 0;
      handled = dev.nextChange();
      writeFileSync(join(tmp.theme, 'locales', 'en.default.json'), '{"demo": ');
      await handled;
      // The same block as a broken template's: title, file:line:column, message.
      const printed = terminal.join('');
      expect(printed).to.include('Invalid locale file');
      expect(printed).to.match(/locales\/en\.default\.json:1:\d+/);
      expect(printed).to.include('invalid JSON in locales/en.default.json');
    } finally {
      probe.close();
    }
  });
});
