// The dev client in a real browser (Chromium through playwright-core): CSS hot swap without a
// reload, scroll kept across a reload, console errors in the terminal, the persona toolbar, and
// no CSP violation. Skipped when no Chromium is installed (CHROMIUM_PATH or /usr/bin/chromium…).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import type { DevServer } from '../../devserver/start.js';
import { copyDemoFixtures } from '../helpers/fixtures.js';
import { chromiumPath } from '../helpers/chromium.js';
import { fastHashesInSuite, insertBefore, startTestDev, tempTheme, themeFacts } from './helpers.js';

describe('devserver client in a browser', function () {
  this.timeout(60000);
  fastHashesInSuite();
  const executablePath = chromiumPath();
  let tmp: ReturnType<typeof tempTheme>;
  let dev: DevServer;
  let browser: Browser;
  let page: Page;
  let terminal: string[];
  let cspViolations: string[];
  let fixtures: string;

  before(async function () {
    if (!executablePath) this.skip();
    tmp = tempTheme();
    const { layout, css } = themeFacts(tmp.theme);
    // a tall page, so that there is a scroll position to keep
    insertBefore(
      layout,
      '</body>',
      '<div class="dev-test-tall">tall</div><p id="dev-test-bottom">bottom</p>',
    );
    writeFileSync(
      join(tmp.theme, 'assets', css),
      `${readFileSync(join(tmp.theme, 'assets', css), 'utf8')}\n.dev-test-tall{height:4000px}\n`,
    );
    fixtures = copyDemoFixtures(tmp.root);
    terminal = [];
    dev = await startTestDev({
      themeDir: tmp.theme,
      fixturesFile: fixtures,
      log: (t) => terminal.push(t),
    });
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  });
  after(async () => {
    await browser?.close();
    await dev?.close();
    tmp?.cleanup();
  });
  beforeEach(async () => {
    page = await browser.newPage();
    cspViolations = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) cspViolations.push(m.text());
    });
    await page.goto(`${dev.url}/`);
    await page.waitForSelector('.sf-dev-toolbar');
    await page.waitForFunction(
      () => (window as unknown as { __storefrontDev?: boolean }).__storefrontDev === true,
    );
  });
  afterEach(async () => {
    expect(cspViolations, 'CSP violations').to.deep.equal([]);
    await page.close();
  });

  it('swaps a changed stylesheet without reloading the page', async () => {
    const { css } = themeFacts(tmp.theme);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const before = await page.$eval('link[rel="stylesheet"][href^="/assets/"]', (l) =>
      l.getAttribute('href'),
    );
    const handled = dev.nextChange();
    writeFileSync(
      join(tmp.theme, 'assets', css),
      `${readFileSync(join(tmp.theme, 'assets', css), 'utf8')}\nbody{outline:3px solid rgb(9, 8, 7)}\n`,
    );
    await handled;
    await page.waitForFunction(() => getComputedStyle(document.body).outlineColor === 'rgb(9, 8, 7)');
    const after = await page.$eval('link[rel="stylesheet"][href^="/assets/"]', (l) => l.getAttribute('href'));
    expect(after).not.to.equal(before);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).to.equal(42);
  });

  it('reloads after a template edit and keeps the scroll position', async () => {
    const { layout } = themeFacts(tmp.theme);
    await page.evaluate(() => window.scrollTo(0, 1500));
    const navigated = page.waitForEvent('load');
    insertBefore(layout, '</body>', '<p id="dev-test-reloaded">reloaded</p>');
    await navigated;
    await page.waitForSelector('#dev-test-reloaded');
    await page.waitForFunction(() => Math.abs(window.scrollY - 1500) < 5);
  });

  it('forwards console.error and uncaught errors to the terminal', async () => {
    await page.evaluate(() => console.error('dev-test console boom'));
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('dev-test uncaught boom');
      }),
    );
    for (let i = 0; i < 100 && !terminal.join('').includes('dev-test uncaught boom'); i++)
      await new Promise((r) => setTimeout(r, 20));
    const out = terminal.join('');
    expect(out).to.include('browser console.error on /: dev-test console boom');
    expect(out).to.include('dev-test uncaught boom');
  });

  it('reports a CSP violation of the page (inline script in the layout) to the terminal and in the panel', async () => {
    const { layout } = themeFacts(tmp.theme);
    const original = readFileSync(layout, 'utf8');
    try {
      const navigated = page.waitForEvent('load');
      insertBefore(layout, '</body>', '<script>window.devTestInline = 1</script>');
      await navigated;
      await page.waitForSelector('.sf-dev-panel[data-sf-kind="csp"]');
      const text = await page.$eval('.sf-dev-panel', (p) => p.textContent ?? '');
      expect(text).to.include('Content Security Policy violation');
      expect(text).to.include('blocked inline code (script-src');
      for (let i = 0; i < 100 && !terminal.join('').includes('browser CSP on /'); i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(terminal.join('')).to.match(/browser CSP on \/: blocked inline code \(script-src/);
    } finally {
      const restored = page.waitForEvent('load');
      writeFileSync(layout, original);
      await restored;
      cspViolations.length = 0; // the ones this test caused on purpose
    }
  });

  it('switches persona from the toolbar', async () => {
    const options = await page.$$eval('.sf-dev-persona option', (os) =>
      os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? '' })),
    );
    const target = options.find((o) => o.value !== 'guest' && !o.text.includes('blocked'))!.value;
    const navigated = page.waitForEvent('load');
    await page.selectOption('.sf-dev-persona', target);
    await navigated;
    await page.waitForSelector('.sf-dev-toolbar');
    expect(await page.$eval('.sf-dev-persona', (s) => (s as HTMLSelectElement).value)).to.equal(target);
    expect(await page.$eval('.sf-dev-status', (s) => s.textContent)).to.equal('auth.check = true');
  });

  it("keeps its cart count in step with the theme's AJAX cart changes", async () => {
    const slug = (JSON.parse(readFileSync(fixtures, 'utf8')) as { products: Array<{ slug: string }> })
      .products[0].slug;
    await page.goto(`${dev.url}/products/${slug}`);
    await page.waitForSelector('.sf-dev-cart-count');
    const before = Number(await page.$eval('.sf-dev-cart-count', (c) => c.textContent));
    await page.click('form[data-add-to-cart] button[type="submit"]');
    await page.waitForFunction(
      (n) => Number(document.querySelector('.sf-dev-cart-count')?.textContent) === n,
      before + 1,
    );
  });

  it('does not cover the page on a 390 px wide screen', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await phone.goto(`${dev.url}/`);
      await phone.waitForSelector('.sf-dev-toolbar');
      expect(await phone.$eval('.sf-dev-toolbar', (b) => b.classList.contains('sf-collapsed'))).to.equal(
        true,
      );
      for (const open of [false, true]) {
        if (open) await phone.click('.sf-dev-toggle');
        await phone.waitForTimeout(50); // the toolbar's new size reaches its spacer
        await phone.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const [content, bar] = await phone.evaluate(() => [
          document.querySelector('#dev-test-bottom')!.getBoundingClientRect().bottom,
          document.querySelector('.sf-dev-toolbar')!.getBoundingClientRect().top,
        ]);
        expect(content, `last content vs toolbar (${open ? 'open' : 'collapsed'})`).to.be.at.most(bar);
      }
    } finally {
      await phone.close();
    }
  });

  it('shows a bad fixture file in a panel, and reloads once it is fixed', async () => {
    const good = readFileSync(fixtures, 'utf8');
    const data = JSON.parse(good) as { products: Array<{ slug: string }> };
    data.products[0].slug = 'Not A Slug';
    writeFileSync(fixtures, JSON.stringify(data));
    await page.waitForSelector('.sf-dev-panel');
    const text = await page.$eval('.sf-dev-panel', (p) => p.textContent ?? '');
    expect(text).to.include('/products/0/slug');
    expect(text).to.include('fixtures.json');
    const navigated = page.waitForEvent('load');
    writeFileSync(fixtures, good);
    await navigated;
    await page.waitForSelector('.sf-dev-toolbar');
    expect(await page.$('.sf-dev-panel')).to.equal(null);
  });

  it('reconnects after the dev server restarts on the same port', async () => {
    const port = dev.port;
    await dev.close();
    dev = await startTestDev({
      themeDir: tmp.theme,
      fixturesFile: fixtures,
      port,
      log: (t) => terminal.push(t),
    });
    // the client reconnects with backoff and reloads itself to pick up what changed meanwhile
    await page.waitForEvent('load', { timeout: 15000 });
    await page.waitForSelector('.sf-dev-toolbar');
  });
});
