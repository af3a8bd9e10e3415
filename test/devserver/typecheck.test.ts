// Typed templates in `storefront dev`: the type checker's findings are warnings in the terminal
// (at start and after a save) and in the browser (a `warnings` message, the dismissible panel),
// and the page still renders.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import type { DevServer } from '../../devserver/start.js';
import { warningLines, type TypeWarning } from '../../devserver/typecheck.js';
import { TestBrowser } from '../helpers/browser.js';
import { startTestDev, tempTheme, WsProbe } from './helpers.js';

/** The `warnings` message a browser gets right after hello (it may already be there). */
function warningsOnConnect(probe: WsProbe): Promise<Record<string, unknown>> {
  const got = probe.messages.find((m) => m.type === 'warnings');
  return got ? Promise.resolve(got) : probe.next((m) => m.type === 'warnings');
}

describe('devserver: type warnings (typed templates)', function () {
  this.timeout(30000);
  let tmp: ReturnType<typeof tempTheme>;
  let dev: DevServer;
  let terminal: string[];
  let index: string;

  before(async () => {
    tmp = tempTheme();
    index = join(tmp.theme, 'pages', 'index.hbs');
    writeFileSync(index, `<p>{{cart.itme_count}}</p>\n${readFileSync(index, 'utf8')}`);
    terminal = [];
    dev = await startTestDev({
      themeDir: tmp.theme,
      log: (t) => terminal.push(t),
    });
  });
  after(async () => {
    await dev?.close();
    tmp?.cleanup();
  });

  it('prints the warnings at start and still renders the page', async () => {
    const out = terminal.join('');
    expect(out).to.include('the theme has 1 type warning(s); pages still render');
    expect(out).to.include(
      '⚠ pages/index.hbs:1:6 unknown-field: `itme_count` is not a field of `cart` (cart.json); did you mean `item_count`?',
    );
    const res = await new TestBrowser(dev.url).get('/');
    expect(res.status).to.equal(200);
    expect(res.text).to.include('/__storefront/client.js');
  });

  it('sends the warnings to a browser on connect, with their ranges', async () => {
    const probe = await WsProbe.open(dev.url);
    try {
      const msg = await warningsOnConnect(probe);
      expect(msg.warnings).to.deep.equal([
        {
          rule: 'unknown-field',
          file: 'pages/index.hbs',
          line: 1,
          column: 6,
          endLine: 1,
          endColumn: 21,
          message: '`itme_count` is not a field of `cart` (cart.json); did you mean `item_count`?',
        },
      ]);
    } finally {
      probe.close();
    }
  });

  it('re-checks on save: new warnings go to the terminal and the browsers, fixed ones leave', async () => {
    const probe = await WsProbe.open(dev.url);
    try {
      await warningsOnConnect(probe);
      terminal.length = 0;
      const original = readFileSync(index, 'utf8');
      let handled = dev.nextChange();
      let update = probe.next((m) => m.type === 'warnings');
      writeFileSync(index, original.replace('{{cart.itme_count}}', '{{cart.item_count}} {{urlencode cart}}'));
      const msg = await update;
      await handled;
      expect(
        (msg.warnings as TypeWarning[]).map((w) => `${w.rule} ${w.file}:${w.line}:${w.column}`),
      ).to.deep.equal(['helper-argument-type pages/index.hbs:1:36']);
      expect(terminal.join('')).to.include('⚠ pages/index.hbs:1:36 helper-argument-type: `urlencode` takes');
      expect((await new TestBrowser(dev.url).get('/')).status).to.equal(200);

      handled = dev.nextChange();
      update = probe.next((m) => m.type === 'warnings');
      writeFileSync(index, original.replace('<p>{{cart.itme_count}}</p>\n', ''));
      expect((await update).warnings).to.deep.equal([]);
      const outcome = await handled;
      expect(outcome.messages.map((m) => m.type)).to.include.members(['warnings', 'reload']);
    } finally {
      probe.close();
    }
  });

  it('lists at most 20 warnings in the terminal, then how many more', () => {
    const w: TypeWarning = {
      rule: 'undefined-variable',
      file: 'pages/a.hbs',
      line: 1,
      column: 3,
      endLine: 1,
      endColumn: 6,
      message: 'm',
    };
    const lines = warningLines(Array.from({ length: 22 }, () => w));
    expect(lines).to.have.length(21);
    expect(lines[0]).to.equal('  ⚠ pages/a.hbs:1:3 undefined-variable: m');
    expect(lines[20]).to.include('… and 2 more');
  });
});
