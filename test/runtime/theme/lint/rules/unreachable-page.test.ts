import { expect } from 'chai';
import { lintFiles, spans } from '../helpers.js';

describe('check-theme rule unreachable-page', () => {
  it('reports page files no route serves, as the whole file (1:1); a bad name is page-name’s', () => {
    const findings = lintFiles('unreachable-page', {
      'pages/index.hbs': '<p>home</p>',
      'pages/_header.hbs': '<header></header>',
      'pages/partials/card.hbs': '<li></li>',
      'pages/About_Us.hbs': '<p>about</p>',
      'pages/products/sale.hbs': '<p>sale</p>',
      'pages/faq.hbs': '<p>faq</p>',
      'pages/faq/index.hbs': '<p>faq</p>',
    });
    expect(findings.map((f) => `${f.file}:${spans([f])[0]}`)).to.deep.equal([
      'pages/_header.hbs:1:1-1:1',
      'pages/faq/index.hbs:1:1-1:1',
      'pages/partials/card.hbs:1:1-1:1',
      'pages/products/sale.hbs:1:1-1:1',
    ]);
    const byFile = Object.fromEntries(findings.map((f) => [f.file, f.message]));
    expect(byFile['pages/_header.hbs']).to.include('files and folders starting with _ are not routed');
    expect(byFile['pages/partials/card.hbs']).to.include('files in a partials/ folder');
    expect(byFile['pages/products/sale.hbs']).to.equal(
      'pages/products/sale.hbs would be served at /products/sale, but the contract route /products/:slug answers that path with pages/products/show.hbs: choose another path',
    );
    expect(byFile['pages/faq/index.hbs']).to.include('pages/faq.hbs are both served at /faq');
  });

  it('accepts the contract pages, 404 and custom pages', () => {
    expect(
      lintFiles('unreachable-page', {
        'pages/index.hbs': '',
        'pages/404.hbs': '',
        'pages/products/show.hbs': '',
        'pages/my-orders/tracking.hbs': '',
        'pages/about-us.hbs': '',
        'pages/help/shipping-2024.hbs': '',
        'pages/legal/index.hbs': '',
      }),
    ).to.deep.equal([]);
  });
});
