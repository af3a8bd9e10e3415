// The dev server's pure parts: the inspect hook, the overlay and terminal output, the injection.
import { expect } from 'chai';
import { createInspector } from '../../devserver/inspect.js';
import { codeFrame, describeError, escapeHtml, overlayHtml, terminalBlock } from '../../devserver/overlay.js';
import { injectClient } from '../../devserver/inject.js';
import { afterCssSwap, BuildCounter, isStale } from '../../devserver/builds.js';
import { isIgnoredName } from '../../devserver/watch.js';
import { TemplateError } from '../../runtime/theme/errors.js';
import { FixtureError } from '../../runtime/fixtures/load.js';

const GUEST = { check: false, method: null, provider: null, user: null };

describe('devserver/inspect', () => {
  const inspect = createInspector();
  const where = { file: 'pages/products/show.hbs', line: 4, label: 'products.find' };

  it('accepts valid template objects', () => {
    expect(() =>
      inspect('auth', GUEST, { file: 'pages/index.hbs', line: null, label: 'auth' }),
    ).not.to.throw();
  });

  it('throws a schema_violation TemplateError with the data call file:line and the JSON pointer', () => {
    let err: TemplateError | null = null;
    try {
      inspect('auth', { ...GUEST, check: 'no' }, { file: 'pages/index.hbs', line: null, label: 'auth' });
    } catch (e) {
      err = e as TemplateError;
    }
    expect(err).to.be.instanceOf(TemplateError);
    expect(err!.code).to.equal('schema_violation');
    expect(err!.file).to.equal('pages/index.hbs');

    const product = {
      id: 'not-a-uuid',
      slug: 'x',
      name: 'X',
      description: '',
      category: 'c',
      url: '/products/x',
      price: { amount: 1, currency: 'EUR', formatted: '€0.01' },
      available: true,
      variants: [],
      images: [],
    };
    try {
      inspect('product', product, where);
      expect.fail('no error');
    } catch (e) {
      const te = e as TemplateError;
      expect(te.code).to.equal('schema_violation');
      expect(te.where).to.equal('pages/products/show.hbs:4');
      expect(te.dataPath).to.equal('/id');
      expect(te.message).to.include('products.find');
      expect(te.message).to.include('/variants');
    }
  });

  it('skips (and warns once about) a schema that does not exist', () => {
    const warnings: string[] = [];
    const lenient = createInspector((m) => warnings.push(m));
    lenient('no-such-schema', {}, where);
    lenient('no-such-schema', {}, where);
    expect(warnings).to.have.length(1);
  });
});

describe('devserver/overlay', () => {
  it('builds a ±3 line code frame with the line marked', () => {
    const source = Array.from({ length: 10 }, (_, i) => `line ${i + 1}`).join('\n');
    const frame = codeFrame(source, 5);
    expect(frame.map((l) => l.number)).to.deep.equal([2, 3, 4, 5, 6, 7, 8]);
    expect(frame.filter((l) => l.marked).map((l) => l.number)).to.deep.equal([5]);
    expect(codeFrame(source, 1).map((l) => l.number)).to.deep.equal([1, 2, 3, 4]);
  });

  it('escapes everything it shows', () => {
    const err = new TemplateError(
      'bad <script>alert(1)</script>',
      'render_error',
      'pages/x"y.hbs',
      3,
      0,
      '/a/<b>',
    );
    const html = overlayHtml(describeError(err, '/nonexistent'), '/p?q=<i>');
    expect(html).not.to.include('<script>alert');
    expect(html).not.to.include('<i>');
    expect(html).not.to.include('<b>');
    expect(html).to.include('&lt;script&gt;');
    expect(html).not.to.match(/style=|<style|<script>/);
    expect(escapeHtml(`<&>"'`)).to.equal('&lt;&amp;&gt;&quot;&#39;');
  });

  it('prints one block per error with file:line, message and data path', () => {
    const block = terminalBlock(
      describeError(new TemplateError('m', 'schema_violation', 'pages/a.hbs', 7, 2, '/user/email'), '/x'),
    );
    expect(block).to.include('pages/a.hbs:7:3');
    expect(block).to.include('data path: /user/email');
    expect(block.match(/✖/g)).to.have.length(1);
  });

  it('describes a fixture error with its file and first pointer', () => {
    const report = describeError(
      new FixtureError('/tmp/f.json', [
        { pointer: '/products/0/name', message: 'must NOT have fewer than 1 characters' },
      ]),
      '/x',
    );
    expect(report.kind).to.equal('fixtures');
    expect(report.file).to.equal('/tmp/f.json');
    expect(report.dataPath).to.equal('/products/0/name');
  });
});

describe('devserver/inject and watch', () => {
  it('puts the client tags before </head>, once', () => {
    const html = injectClient('<html><head><title>t</title></head><body></body></html>');
    expect(html).to.match(/<script src="\/__storefront\/client\.js" defer><\/script><\/head>/);
    expect(injectClient(html)).to.equal(html);
    expect(injectClient('<p>fragment</p>')).to.include('/__storefront/client.js');
  });

  it('carries the build number in a meta tag, also into a page that already has the client (the overlay)', () => {
    const html = injectClient('<html><head></head><body></body></html>', 7);
    expect(html).to.include(
      '<meta name="storefront-dev-build" content="7"><link rel="stylesheet" href="/__storefront/client.css">',
    );
    expect(injectClient(html, 8)).to.equal(html);
    expect(html).to.match(/^<html><head><script src="\/__storefront\/csp-early\.js"><\/script>/);
    const overlay = overlayHtml(describeError(new Error('x'), '/t'), '/');
    expect(injectClient(overlay, 3)).to.include('<meta name="storefront-dev-build" content="3"><link');
    expect(injectClient('<p>x</p>')).not.to.include('storefront-dev-build');
  });

  it('ignores editor droppings and hidden files', () => {
    for (const name of [
      '/t/pages/.index.hbs.swp',
      '/t/pages/index.hbs~',
      '/t/.git',
      '/t/pages/4913',
      '/t/#index.hbs#',
    ])
      expect(isIgnoredName(name), name).to.equal(true);
    for (const name of ['/t/pages/index.hbs', '/t/assets/css/theme.css'])
      expect(isIgnoredName(name), name).to.equal(false);
  });
});

describe('devserver/builds (stale pages)', () => {
  it('counts handled changes', () => {
    const builds = new BuildCounter();
    expect(builds.current).to.equal(0);
    expect(builds.bump()).to.equal(1);
    expect(builds.current).to.equal(1);
  });

  it('calls a page stale when it was rendered from another build, never when it names none', () => {
    expect(isStale(3, 3)).to.equal(false);
    expect(isStale(2, 3)).to.equal(true);
    expect(isStale(5, 0), 'a page from a previous run of the dev server').to.equal(true);
    for (const none of [null, undefined, '3', 2.5, NaN])
      expect(isStale(none, 3), String(none)).to.equal(false);
  });

  it('moves a current page to the new build on a css swap, but keeps a stale page stale', () => {
    expect(afterCssSwap(4, 5)).to.equal(5);
    expect(afterCssSwap(5, 5)).to.equal(5); // a second stylesheet of the same change
    expect(afterCssSwap(3, 5)).to.equal(3);
    expect(afterCssSwap(null, 5)).to.equal(null);
  });
});
