import { expect } from 'chai';
import { lintFiles, spans } from '../helpers.js';

describe('check-theme rule unknown-route-link', () => {
  const pages = {
    'pages/about.hbs': '<p>about</p>',
    'pages/help/index.hbs': '<p>help</p>',
    'pages/_draft.hbs': '<p>never routed</p>',
  };

  it('reports links to local paths that nothing serves, at the href', () => {
    const src =
      '<a href="/abuot">a</a>\n<p><a class="x" href="/_draft?x=1">d</a> <a href="/products/a/b">p</a></p>';
    const findings = lintFiles('unknown-route-link', { ...pages, 'pages/index.hbs': src });
    expect(findings.map((f) => `${f.file}:${spans([f])[0]}`)).to.deep.equal([
      'pages/index.hbs:1:4-1:17',
      'pages/index.hbs:2:17-2:35',
      'pages/index.hbs:2:45-2:65',
    ]);
    expect(findings[0].message).to.equal(
      'link to /abuot: no route or page serves it, so it is a 404; fix the link or create pages/abuot.hbs',
    );
    expect(findings[0].severity).to.equal('warning');
  });

  it('accepts contract routes, custom pages, server paths and what it cannot know', () => {
    const src = [
      '<a href="/">h</a><a href="/products?page=2">p</a><a href="/products/moka-pot">m</a><a href="/my-orders/abc/tracking">t</a>',
      '<a href="/about">a</a><a href="/about/">a</a><a href="/help#faq">h</a><a href="/healthz">ok</a>',
      '<a href="/products/{{slug}}">x</a><a href="{{url}}">x</a><a href="#main">x</a><a href="https://example.com/x">x</a><a href="relative">x</a>',
      '<a href="/_post/auth/logout">x</a><a href="/assets/x.css">x</a><a href="/__storefront/personas">x</a><a href="/login?next=/nowhere">x</a>',
    ].join('\n');
    expect(lintFiles('unknown-route-link', { ...pages, 'pages/index.hbs': src })).to.deep.equal([]);
  });
});
