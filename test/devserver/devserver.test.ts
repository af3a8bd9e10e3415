// `storefront dev` on a temp copy of a theme: live reload, CSS hot swap, the error overlay,
// schema violations, fixture re-seeding, personas, and that `serve` has none of it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import type { DevServer } from '../../devserver/start.js';
import { copyDemoFixtures } from '../helpers/fixtures.js';
import { TestBrowser } from '../helpers/browser.js';
import { fastHashesInSuite, insertBefore, startTestDev, tempTheme, themeFacts, WsProbe } from './helpers.js';

describe('devserver (storefront dev)', function () {
  this.timeout(30000);
  fastHashesInSuite();
  let tmp: ReturnType<typeof tempTheme>;
  let dev: DevServer;
  let fixtures: string;
  let terminal: string[];
  let probe: WsProbe;

  before(async () => {
    tmp = tempTheme();
    fixtures = copyDemoFixtures(tmp.root);
    terminal = [];
    dev = await startTestDev({
      themeDir: tmp.theme,
      fixturesFile: fixtures,
      log: (t) => terminal.push(t),
    });
  });
  after(async () => {
    await dev?.close();
    tmp?.cleanup();
  });
  beforeEach(async () => {
    terminal.length = 0;
    probe = await WsProbe.open(dev.url);
  });
  afterEach(function () {
    probe.close();
    if (process.env.DEBUG_DEV && this.currentTest?.state === 'failed')
      process.stderr.write(terminal.join(''));
  });

  it('prints a ready banner with the URL and injects the client (external script and stylesheet) into pages', async () => {
    expect(dev.url).to.match(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await new TestBrowser(dev.url).get('/');
    expect(res.status).to.equal(200);
    expect(res.text).to.include('<script src="/__storefront/client.js" defer></script>');
    expect(res.text).to.include('<link rel="stylesheet" href="/__storefront/client.css">');
    const client = await new TestBrowser(dev.url).get('/__storefront/client.js');
    expect(client.status).to.equal(200);
    expect(client.headers.get('content-type')).to.include('javascript');
    expect(client.text).to.include('/livereload');
  });

  it('sends {"v":1,"type":"reload"} after a template edit, and serves the edited template next', async () => {
    const { layout } = themeFacts(tmp.theme);
    const handled = dev.nextChange();
    const reload = probe.next((m) => m.type === 'reload');
    insertBefore(layout, '</body>', '<p data-test="edited-once">edited</p>');
    const msg = await reload;
    expect(msg.v).to.equal(1);
    await handled;
    const res = await new TestBrowser(dev.url).get('/');
    expect(res.status).to.equal(200);
    expect(res.text).to.include('data-test="edited-once"');
  });

  it('numbers builds: a page rendered before a handled change is told to reload when it connects', async () => {
    const { layout } = themeFacts(tmp.theme);
    const page = await new TestBrowser(dev.url).get('/');
    const build = Number(/<meta name="storefront-dev-build" content="(\d+)">/.exec(page.text)?.[1]);
    expect(build).to.be.a('number');
    // current page: no answer
    probe.ws.send(JSON.stringify({ v: 1, type: 'hello', build }));
    // a change is pending when a stale page connects: the answer comes once it is handled
    const late = await WsProbe.open(dev.url);
    try {
      const handled = dev.nextChange();
      insertBefore(layout, '</body>', '<p data-test="numbered">n</p>');
      await new Promise((r) => setTimeout(r, 5));
      late.ws.send(JSON.stringify({ v: 1, type: 'hello', build }));
      const answer = await late.next((m) => m.type === 'reload');
      await handled;
      expect(answer.build).to.equal(build + 1);
      await new Promise((r) => setTimeout(r, 150));
      expect(
        late.messages.filter((m) => m.type === 'reload'),
        'one reload only',
      ).to.have.length(1);
      const fresh = await new TestBrowser(dev.url).get('/');
      expect(fresh.text).to.include(`<meta name="storefront-dev-build" content="${build + 1}">`);
    } finally {
      late.close();
    }
    const stale = await WsProbe.open(dev.url);
    try {
      stale.ws.send(JSON.stringify({ v: 1, type: 'hello', build }));
      const msg = await stale.next((m) => m.type === 'reload');
      expect(msg.reason).to.equal('stale page');
    } finally {
      stale.close();
    }
    expect(probe.messages.filter((m) => m.reason === 'stale page')).to.deep.equal([]);
  });

  it('answers a form post without its CSRF token with the overlay naming the form and the rule', async () => {
    const browser = new TestBrowser(dev.url);
    const res = await browser.request('POST', '/_post/cart/add', {
      body: 'variant_id=x&quantity=1',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html',
        referer: `${dev.url}/products/some-product`,
      },
    });
    expect(res.status).to.equal(403);
    expect(res.headers.get('content-type')).to.include('text/html');
    expect(res.text).to.include('/_post/cart/add');
    expect(res.text).to.include('/products/some-product');
    expect(res.text).to.include('csrf-token-missing');
    const json = await browser.postJson('/_post/cart/add', { variant_id: 'x' }, null); // a script's call stays JSON
    expect(json.status).to.equal(403);
    expect(json.json.error.code).to.equal('csrf_rejected');
  });

  it('lists the theme errors (file:line message) in the start banner', async () => {
    const broken = tempTheme();
    const out: string[] = [];
    writeFileSync(join(broken.theme, 'pages', 'broken-banner.hbs'), '<p>\n{{#if x}}never closed\n');
    const other = await startTestDev({
      themeDir: broken.theme,
      fixturesFile: fixtures,
      log: (t) => out.push(t),
    });
    try {
      const text = out.join('');
      expect(text).to.match(/the theme has \d+ error\(s\)/);
      expect(text).to.match(/\n {4}pages\/broken-banner\.hbs:\d+\S* \S/);
    } finally {
      await other.close();
      broken.cleanup();
    }
  });

  it('gives one reload for a burst of saves of the same file', async () => {
    const { layout } = themeFacts(tmp.theme);
    const handled = dev.nextChange();
    const original = readFileSync(layout, 'utf8');
    writeFileSync(layout, '');
    writeFileSync(layout, original.slice(0, 10));
    writeFileSync(layout, original.replace('</body>', '<p data-test="burst">b</p></body>'));
    const outcome = await handled;
    expect(outcome.messages.filter((m) => m.type === 'reload')).to.have.length(1);
    await new Promise((r) => setTimeout(r, 150));
    expect(probe.messages.filter((m) => m.type === 'reload')).to.have.length(1);
    expect((await new TestBrowser(dev.url).get('/')).text).to.include('data-test="burst"');
  });

  it('sends {"type":"css"} with the new hashed path after a stylesheet edit, without a reload', async () => {
    const { css } = themeFacts(tmp.theme);
    const before = await new TestBrowser(dev.url).get('/');
    const oldHref = new RegExp(`/assets/${css.replace(/\.css$/, '')}\\.[0-9a-f]+\\.css`).exec(
      before.text,
    )![0];
    const handled = dev.nextChange();
    const cssMsg = probe.next((m) => m.type === 'css');
    writeFileSync(
      join(tmp.theme, 'assets', css),
      `${readFileSync(join(tmp.theme, 'assets', css), 'utf8')}\n.dev-test-rule{color:rgb(1,2,3)}\n`,
    );
    const msg = await cssMsg;
    const outcome = await handled;
    expect(msg).to.include({ v: 1, type: 'css', logical: css });
    expect(msg.path)
      .to.be.a('string')
      .and.to.match(/^\/assets\/.+\.[0-9a-f]+\.css$/);
    expect(msg.path).not.to.equal(oldHref);
    expect(outcome.messages.map((m) => m.type)).to.deep.equal(['css']);
    const served = await new TestBrowser(dev.url).get(msg.path as string);
    expect(served.status).to.equal(200);
    expect(served.text).to.include('.dev-test-rule{color:rgb(1,2,3)}');
    expect((await new TestBrowser(dev.url).get('/')).text).to.include(msg.path as string);
  });

  it('shows an overlay (500) naming the file and line of a broken template, and recovers after the fix', async () => {
    const file = join(tmp.theme, 'pages', 'index.hbs');
    const original = readFileSync(file, 'utf8');
    const lines = original.split('\n');
    const brokenLine = Math.min(2, lines.length); // 1-based line that gets the error
    lines.splice(brokenLine - 1, 0, '{{#if auth.check}}<b>unclosed{{/each}}'); // a mismatched block: reported at this line
    let handled = dev.nextChange();
    writeFileSync(file, lines.join('\n'));
    await handled;
    const res = await new TestBrowser(dev.url).get('/');
    expect(res.status).to.equal(500);
    expect(res.headers.get('content-type')).to.include('text/html');
    expect(res.text).to.include('pages/index.hbs');
    expect(res.text).to.match(/class="sf-line sf-marked"/);
    expect(res.text).to.include('&lt;b&gt;unclosed'); // the code frame, escaped
    expect(res.text).not.to.include('<b>unclosed');
    expect(res.text).to.include('/__storefront/client.js'); // so the page reloads itself after the fix
    expect(terminal.join('')).to.include('pages/index.hbs:');
    expect(terminal.join('').match(/✖/g)).to.have.length(1); // one block, even though the page was also rendered

    // the server stays up for other pages
    expect((await new TestBrowser(dev.url).get('/products')).status).to.equal(200);

    handled = dev.nextChange();
    const reload = probe.next((m) => m.type === 'reload');
    writeFileSync(file, original);
    await reload;
    await handled;
    const fixed = await new TestBrowser(dev.url).get('/');
    expect(fixed.status).to.equal(200);
  });

  it('names the line of a render error in the overlay', async () => {
    const file = join(tmp.theme, 'pages', 'index.hbs');
    const original = readFileSync(file, 'utf8');
    let handled = dev.nextChange();
    writeFileSync(file, original.replace(/(\{\{#extends "[^"]+"\}\})/, '$1\n{{> no-such-partial}}'));
    await handled;
    const res = await new TestBrowser(dev.url).get('/');
    expect(res.status).to.equal(500);
    expect(res.text).to.include('no-such-partial');
    const extendsLine = original.split('\n').findIndex((l) => l.includes('{{#extends')) + 1;
    expect(res.text).to.include(`pages/index.hbs:${extendsLine + 1}`);
    handled = dev.nextChange();
    writeFileSync(file, original);
    await handled;
    expect((await new TestBrowser(dev.url).get('/')).status).to.equal(200);
  });

  it('reports a template object that violates its JSON Schema with the data call file:line and the JSON path', async () => {
    const browser = new TestBrowser(dev.url);
    const list = await browser.get('/products');
    const slug = /href="\/products\/([a-z0-9-]+)"/.exec(list.text)![1];
    // A value the fixture schema would refuse cannot come from fixtures: a data bug puts it there.
    const product = (await dev.deps.db('products').where({ slug }).first('id', 'name')) as {
      id: string;
      name: string;
    };
    await dev.deps.db('products').where({ id: product.id }).update({ name: '' });
    try {
      const res = await browser.get(`/products/${slug}`);
      expect(res.status).to.equal(500);
      expect(res.text).to.include('schema_violation');
      expect(res.text).to.include('Data path: <code>/name</code>');
      expect(res.text).to.match(/pages\/products\/show\.hbs:\d+/);
      expect(terminal.join('')).to.include('data path: /name');
    } finally {
      await dev.deps.db('products').where({ id: product.id }).update({ name: product.name });
    }
    expect((await browser.get(`/products/${slug}`)).status).to.equal(200);
  });

  it('keeps the last good data on a bad fixture file and reports file + JSON pointer; re-seeds a good one', async () => {
    const data = JSON.parse(readFileSync(fixtures, 'utf8')) as {
      products: Array<{ name: string; variants: Array<{ price: number }> }>;
    };
    const firstName = data.products[0].name;
    data.products[1].variants[0].price = -5;
    let handled = dev.nextChange();
    const errorMsg = probe.next((m) => m.type === 'error');
    writeFileSync(fixtures, JSON.stringify(data, null, 2));
    const msg = await errorMsg;
    await handled;
    const report = msg.error as { file: string; dataPath: string; message: string };
    expect(report.file).to.equal(fixtures);
    expect(report.dataPath).to.equal('/products/1/variants/0/price');
    expect(terminal.join('')).to.include('/products/1/variants/0/price');
    const still = await new TestBrowser(dev.url).get('/products');
    expect(still.status).to.equal(200);
    expect(still.text).to.include(firstName.replace(/&/g, '&amp;'));

    // a browser that connects now still learns about the error
    const late = await WsProbe.open(dev.url);
    expect(late.messages.some((m) => m.type === 'error')).to.equal(true);
    late.close();

    data.products[1].variants[0].price = 1234;
    data.products[0].name = 'Renamed by the fixtures test';
    handled = dev.nextChange();
    const reload = probe.next((m) => m.type === 'reload');
    writeFileSync(fixtures, JSON.stringify(data, null, 2));
    await reload;
    await handled;
    const fresh = await new TestBrowser(dev.url).get('/products');
    expect(fresh.text).to.include('Renamed by the fixtures test');
    expect(fresh.text).not.to.include(`>${firstName}<`);
  });

  it('switches personas without a password, changing auth on the next render; POSTs need the CSRF token', async () => {
    const { layout } = themeFacts(tmp.theme);
    const handled = dev.nextChange();
    insertBefore(layout, '</head>', '<meta name="test-auth" content="{{auth.check}}|{{auth.user.email}}">');
    await handled;
    const browser = new TestBrowser(dev.url);
    const authOf = async () =>
      /<meta name="test-auth" content="([^"]*)">/.exec((await browser.get('/')).text)![1];
    expect(await authOf()).to.equal('false|');

    const list = await browser.get('/__storefront/personas');
    expect(list.status).to.equal(200);
    const personas = list.json.personas as Array<{ email: string; kind: string }>;
    expect(personas.map((p) => p.kind)).to.include.members(['with-orders', 'no-orders', 'blocked']);
    const withOrders = personas.find((p) => p.kind === 'with-orders')!.email;
    const blocked = personas.find((p) => p.kind === 'blocked')!.email;

    const rejected = await browser.postJson('/__storefront/personas/switch', { persona: withOrders }, null);
    expect(rejected.status).to.equal(403);
    expect(rejected.json.error.code).to.equal('csrf_rejected');
    expect(await authOf()).to.equal('false|');

    const switched = await browser.postJson(
      '/__storefront/personas/switch',
      { persona: withOrders },
      list.json.csrf_token,
    );
    expect(switched.status).to.equal(200);
    expect(await authOf()).to.equal(`true|${withOrders}`);

    const token = (await browser.get('/__storefront/personas')).json.csrf_token as string;
    await browser.postJson('/__storefront/personas/switch', { persona: blocked }, token);
    expect(await authOf()).to.equal('false|'); // a blocked account never yields a user

    const token2 = (await browser.get('/__storefront/personas')).json.csrf_token as string;
    await browser.postJson('/__storefront/personas/switch', { persona: 'guest' }, token2);
    expect(await authOf()).to.equal('false|');
  });

  it('puts the cart into the states empty, with lines, and with an unavailable line', async () => {
    const browser = new TestBrowser(dev.url);
    const token = (await browser.get('/__storefront/personas')).json.csrf_token as string;
    const lines = async () => (await browser.get('/__storefront/personas')).json.cart.lines as number;

    const set = await browser.postJson('/__storefront/personas/cart', { state: 'lines' }, token);
    expect(set.status).to.equal(200);
    expect(await lines()).to.equal(2);

    await browser.postJson('/__storefront/personas/cart', { state: 'unavailable' }, token);
    expect(await lines()).to.equal(2);
    const available = (await dev.deps
      .db('cart_lines as l')
      .join('variants as v', 'v.id', 'l.variant_id')
      .select('v.available')) as Array<{ available: number | boolean }>;
    expect(available.some((r) => !r.available)).to.equal(true);

    await browser.postJson('/__storefront/personas/cart', { state: 'empty' }, token);
    expect(await lines()).to.equal(0);

    const bad = await browser.postJson('/__storefront/personas/cart', { state: 'full' }, token);
    expect(bad.status).to.equal(400);
  });

  it('forwards browser console errors to the terminal', async () => {
    probe.ws.send(
      JSON.stringify({
        v: 1,
        type: 'console',
        level: 'uncaught',
        message: 'TypeError: x is undefined',
        source: '/assets/js/theme.js',
        line: 12,
        column: 3,
        page: '/cart',
      }),
    );
    for (let i = 0; i < 50 && !terminal.join('').includes('x is undefined'); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(terminal.join('')).to.include(
      'browser uncaught on /cart: TypeError: x is undefined (/assets/js/theme.js:12:3)',
    );
  });

  it('answers unknown /__storefront/ paths with 404 and refuses WebSockets from other origins', async () => {
    expect((await new TestBrowser(dev.url).get('/__storefront/nope')).status).to.equal(404);
    const { default: WebSocket } = await import('ws');
    const ws = new WebSocket(`${dev.url.replace('http', 'ws')}/__storefront/livereload`, {
      headers: { origin: 'https://evil.example' },
    });
    const outcome = await new Promise<string>((resolve) => {
      ws.on('open', () => resolve('open'));
      ws.on('error', () => resolve('refused'));
      ws.on('unexpected-response', () => resolve('refused'));
    });
    ws.terminate();
    expect(outcome).to.equal('refused');
  });
});
