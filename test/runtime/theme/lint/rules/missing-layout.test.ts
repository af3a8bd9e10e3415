import { expect } from 'chai';
import { lintFiles, where } from '../helpers.js';

describe('check-theme rule missing-layout', () => {
  it('reports an {{#extends}} of a missing layout', () => {
    expect(
      where(lintFiles('missing-layout', { 'pages/index.hbs': '{{#extends "layouts/main"}}{{/extends}}' })),
    ).to.deep.equal(['pages/index.hbs:1']);
  });

  it('accepts an existing layout', () => {
    const files = {
      'pages/index.hbs': '{{#extends "layouts/main"}}{{#block "content"}}x{{/block}}{{/extends}}',
      'layouts/main.hbs': '{{#block "content"}}{{/block}}',
    };
    expect(lintFiles('missing-layout', files)).to.deep.equal([]);
  });
});
