import { expect } from 'chai';
import { titleFromName } from '../../../../../runtime/theme/lint/rules/page-title.js';
import { lintFiles, spans } from '../helpers.js';

const layout = {
  'layouts/base.hbs':
    '<html><head><title>{{title}}</title></head><body>{{#block "content"}}{{/block}}</body></html>',
};

describe('check-theme rule page-title', () => {
  it('reports pages (404 too) that set no title, at {{#extends}}, with {{set title}} from the file name as the fix', () => {
    const findings = lintFiles('page-title', {
      ...layout,
      'pages/about-us.hbs':
        '{{!-- About --}}\n{{#extends "layouts/base"}}\n  {{#block "content"}}<h1>About</h1>{{/block}}\n{{/extends}}',
      'pages/404.hbs': '{{#extends "layouts/base"}}{{#block "content"}}x{{/block}}{{/extends}}',
      'pages/products/show.hbs': '{{#extends "layouts/base"}}{{#block "content"}}x{{/block}}{{/extends}}',
      'pages/plain.hbs': '<p>no layout, no title</p><svg><title>An icon</title></svg>',
      'pages/late.hbs':
        '{{#extends "layouts/base"}}{{#block "content"}}{{set title="Late"}}{{/block}}{{/extends}}',
    });
    expect(findings.map((f) => `${f.file}:${spans([f])[0]}`)).to.deep.equal([
      'pages/404.hbs:1:1-1:28',
      'pages/about-us.hbs:2:1-2:28',
      'pages/late.hbs:1:48-1:68',
      'pages/plain.hbs:1:1-1:1',
      'pages/products/show.hbs:1:1-1:28',
    ]);
    expect(findings.map((f) => f.fixable)).to.deep.equal([true, true, false, false, false]);
    expect(findings[1].message).to.equal(
      'pages/about-us.hbs sets no title, so the browser tab shows only the shop\'s name: add {{set title="About us"}} after {{#extends …}}',
    );
    expect(findings[1].fix!.edits).to.deep.equal([
      { start: 44, end: 44, text: '\n  {{set title="About us"}}' },
    ]);
    expect(findings[0].fix!.edits[0].text).to.equal('\n{{set title="Page not found"}}');
    expect(findings[2].message).to.match(/inside \{\{#block\}\} comes too late/);
    expect(findings[4].message).to.include('{{set title=product.name}}');
  });

  it('accepts {{set title}} before the blocks (also inside {{#with}} or a partial) and a page with its own <title>', () => {
    const files = {
      ...layout,
      'pages/index.hbs':
        '{{#extends "layouts/base"}}{{set title="Home"}}{{#block "content"}}x{{/block}}{{/extends}}',
      'pages/products/show.hbs':
        '{{#extends "layouts/base"}}{{#with (products.find slug=request.params.slug) as |p|}}{{set title=p.name}}{{/with}}{{#block "content"}}x{{/block}}{{/extends}}',
      'pages/cart.hbs': '{{#extends "layouts/base"}}{{> seo}}{{#block "content"}}x{{/block}}{{/extends}}',
      'partials/seo.hbs': '{{set title="Cart" description="Your cart"}}',
      'pages/standalone.hbs': '<html><head><title>Standalone</title></head></html>',
    };
    expect(lintFiles('page-title', files)).to.deep.equal([]);
  });

  it('makes titles from page names', () => {
    expect(
      ['index', 'about-us', 'help/index', 'my-orders/index', '404', 'legal/terms_of_use'].map(titleFromName),
    ).to.deep.equal(['Home', 'About us', 'Help', 'My orders', 'Page not found', 'Terms of use']);
  });
});
