import { expect } from 'chai';
import { lintFiles, lintPage, spans } from '../helpers.js';

describe('check-theme rule undefined-variable', () => {
  it('reports a root name nothing defines, at the path, with the closest name', () => {
    const findings = lintPage('undefined-variable', '<p>{{cartt.item_count}}</p>');
    expect(spans(findings)).to.deep.equal(['1:6-1:22']);
    expect(findings[0]).to.include({ severity: 'error', rule: 'undefined-variable' });
    expect(findings[0].message).to.include('did you mean `cart`?');
  });

  it('knows {{set}} names in layouts and block parameters in scope', () => {
    expect(
      lintFiles('undefined-variable', {
        'layouts/base.hbs': '<title>{{title}}</title>{{#block "content"}}{{/block}}',
        'pages/index.hbs':
          '{{#extends "layouts/base"}}{{set title="Home"}}{{#block "content"}}{{#each cart.items as |line|}}{{line.url}}{{/each}}{{/block}}{{/extends}}',
      }),
    ).to.deep.equal([]);
  });
});
