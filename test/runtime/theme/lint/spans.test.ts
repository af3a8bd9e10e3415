// Findings carry a range (types.ts, Span): 1-based lines and columns, the end exclusive. Rules give
// their own ranges; the engine's errors (no end) get the mustache or Handlebars node they point at.
import { expect } from 'chai';
import { defaultEnd } from '../../../../runtime/theme/lint/spans.js';
import { lintFiles, lintPage, spans } from './helpers.js';

describe('check-theme finding ranges', () => {
  it('a tag rule covers the opening tag', () => {
    const src = '<div>\n  <form method="post" action="/_post/auth/login">\n  </form>\n</div>';
    expect(spans(lintPage('csrf-token-missing', src))).to.deep.equal(['2:3-2:50']);
    expect(spans(lintPage('external-link-rel', '<a href="/x" target="_blank">x</a>'))).to.deep.equal([
      '1:1-1:30',
    ]);
  });

  it('a text rule covers the matched words', () => {
    expect(spans(lintPage('no-users-current', '<p>{{users.current}}</p>'))).to.deep.equal(['1:6-1:19']);
    expect(spans(lintPage('auth-not-callable', '<script>\nif (auth.check()) {}\n</script>'))).to.deep.equal([
      '2:5-2:15',
    ]);
  });

  it('a Handlebars AST rule covers the node', () => {
    const src = '{{#with (orders.track number=request.params.id) as |o|}}{{o.number}}{{/with}}';
    expect(spans(lintPage('private-orders-use-find', src, 'pages/my-orders/show.hbs'))).to.deep.equal([
      '1:9-1:48',
    ]);
  });

  it('an engine error covers the mustache or the node it points at', () => {
    expect(spans(lintPage('missing-partial', '<main>\n  {{> nope}}\n</main>'))).to.deep.equal(['2:3-2:13']);
    expect(
      spans(
        lintPage(
          'missing-layout',
          '{{#extends "layouts/nope"}}\n{{#block "content"}}x{{/block}}\n{{/extends}}',
        ),
      ),
    ).to.deep.equal(['1:1-1:28']);
    expect(spans(lintPage('auth-not-callable', '{{#if (auth.check)}}x{{/if}}'))).to.deep.equal(['1:7-1:19']);
  });

  it('a missing file gets an empty range at 1:1', () => {
    const findings = lintFiles('missing-page', { 'pages/index.hbs': 'x' });
    expect(findings.length).to.be.greaterThan(0);
    expect(new Set(spans(findings))).to.deep.equal(new Set(['1:1-1:1']));
  });

  it('without an end: the mustache starting at or around the offset, else the rest of the line', () => {
    const src = 'ab {{x y}} cd  \nnext';
    expect(defaultEnd(src, 3)).to.equal(10); // {{x y}}
    expect(defaultEnd(src, 6)).to.equal(10); // inside it
    expect(defaultEnd(src, 0)).to.equal(13); // "ab {{x y}} cd", trailing blanks dropped
    expect(defaultEnd('{{unclosed\nx', 0)).to.equal(10);
    expect(defaultEnd('a\n\nb', 2)).to.equal(2); // an empty line: an empty range
  });
});
