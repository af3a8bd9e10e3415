import { expect } from 'chai';
import { lintFiles, where } from '../helpers.js';

describe('check-theme rule missing-partial', () => {
  it('reports a partial that does not exist', () => {
    expect(
      where(lintFiles('missing-partial', { 'pages/index.hbs': '<h1>x</h1>\n{{> product-card}}' })),
    ).to.deep.equal(['pages/index.hbs:2']);
  });

  it('accepts an existing partial', () => {
    expect(
      lintFiles('missing-partial', {
        'pages/index.hbs': '{{> product-card}}',
        'partials/product-card.hbs': '<div></div>',
      }),
    ).to.deep.equal([]);
  });
});
