import { expect } from 'chai';
import { lintFiles, spans } from '../helpers.js';

describe('check-theme rule parser-blocking-script', () => {
  it('reports <script src> in <head> (or a partial included there) without defer/async/module, fixed with defer', () => {
    const layout = [
      '<html><head>',
      '<script src="{{asset "js/a.js"}}"></script>',
      '{{> head-scripts}}',
      '</head><body><script src="{{asset "js/a.js"}}"></script></body></html>',
    ].join('\n');
    const findings = lintFiles('parser-blocking-script', {
      'layouts/base.hbs': layout,
      'partials/head-scripts.hbs': '<script src="/vendor.js" ></script>',
      'pages/index.hbs': '<p>x</p>',
    });
    expect(findings.map((f) => `${f.file}:${spans([f])[0]}`)).to.deep.equal([
      'layouts/base.hbs:2:1-2:35',
      'partials/head-scripts.hbs:1:1-1:27',
    ]);
    expect(findings[0].message).to.equal(
      '<script src> in <head> blocks the page until it is downloaded and run: add defer (or async)',
    );
    expect(findings[0].fix!.edits).to.deep.equal([{ start: 46, end: 46, text: ' defer' }]);
    expect(findings[1].fix!.edits[0].text).to.equal('defer');
  });

  it('accepts defer, async, modules, inline and non-JavaScript scripts, and scripts in <body>', () => {
    const layout = [
      '<html><head>',
      '<script src="/a.js" defer></script><script src="/b.js" async></script><script type="module" src="/c.js"></script>',
      '<script type="application/ld+json">{}</script><script src="/d.js" {{#if x}}defer{{/if}}></script>',
      '</head><body><script src="/e.js"></script></body></html>',
    ].join('\n');
    expect(lintFiles('parser-blocking-script', { 'layouts/base.hbs': layout })).to.deep.equal([]);
  });
});
