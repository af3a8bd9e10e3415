// `storefront init` and the absence of every dev feature from `serve`.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { initTheme, InitError } from '../../devserver/init.js';
import { main } from '../../bin/cli.js';
import { TestBrowser } from '../helpers/browser.js';
import { prepareDatabase, startTestServer, tempSqliteUrl, type TestServer } from '../helpers/server.js';
import { fastHashesInSuite, sourceTheme } from './helpers.js';

describe('devserver/init (storefront init)', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'storefront-init-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('copies a theme into a new folder', () => {
    const target = join(dir, 'my-theme');
    const result = initTheme(target, sourceTheme());
    expect(result.files).to.be.greaterThan(2);
    expect(existsSync(join(target, 'pages', 'index.hbs'))).to.equal(true);
  });

  it('accepts an existing empty folder', () => {
    const target = join(dir, 'empty');
    mkdirSync(target);
    initTheme(target, sourceTheme());
    expect(existsSync(join(target, 'pages', 'index.hbs'))).to.equal(true);
  });

  it('refuses a non-empty folder and copies nothing', () => {
    const target = join(dir, 'busy');
    mkdirSync(target);
    writeFileSync(join(target, 'notes.txt'), 'mine');
    expect(() => initTheme(target, sourceTheme())).to.throw(InitError, /not empty/);
    expect(existsSync(join(target, 'pages'))).to.equal(false);
  });

  it('exits 1 with a one-line error from the CLI for a non-empty folder', async () => {
    const target = join(dir, 'busy');
    mkdirSync(target);
    writeFileSync(join(target, 'notes.txt'), 'mine');
    const errors: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => {
      errors.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    let code: number;
    try {
      code = await main(['node', 'storefront', 'init', target]);
    } finally {
      process.stderr.write = write;
    }
    expect(code).to.equal(1);
    expect(errors.join('')).to.match(/^storefront: .*not empty.*\n$/);
    expect(errors.join('').split('\n').filter(Boolean)).to.have.length(1);
  });
});

describe('serve has no dev features', function () {
  this.timeout(30000);
  let server: TestServer;
  let cleanup: () => void;
  fastHashesInSuite();

  before(async () => {
    const tmp = tempSqliteUrl();
    cleanup = tmp.cleanup;
    await prepareDatabase(tmp.url);
    server = await startTestServer(tmp.url, { themeDir: sourceTheme(), mode: 'serve' });
  });
  after(async () => {
    await server.close();
    cleanup();
  });

  it('answers /__storefront/ paths with 404 and injects no client', async () => {
    const browser = new TestBrowser(server.url);
    for (const path of ['/__storefront/client.js', '/__storefront/client.css', '/__storefront/personas']) {
      expect((await browser.get(path)).status, path).to.equal(404);
    }
    const token = await browser.csrfToken('/').catch(() => null);
    const post = await browser.postJson('/__storefront/personas/switch', { persona: 'guest' }, token);
    expect(post.status).to.equal(404);
    const home = await browser.get('/');
    expect(home.text).not.to.include('/__storefront/');
  });

  it('refuses a WebSocket upgrade on the live-reload path', async () => {
    const { default: WebSocket } = await import('ws');
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/__storefront/livereload`);
    const outcome = await new Promise<string>((resolve) => {
      ws.on('open', () => resolve('open'));
      ws.on('error', () => resolve('refused'));
      ws.on('unexpected-response', () => resolve('refused'));
    });
    ws.terminate();
    expect(outcome).to.equal('refused');
  });
});
