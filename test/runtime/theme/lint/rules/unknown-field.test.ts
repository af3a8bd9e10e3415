import { expect } from 'chai';
import { lintFiles, lintPage, spans, where } from '../helpers.js';

describe('check-theme rule unknown-field', () => {
  it('reports a field the schema does not have, at the path, with the closest field', () => {
    const findings = lintPage(
      'unknown-field',
      '{{#with (products.find slug=request.params.slug) as |product|}}\n  <p>{{product.descripton}}</p>\n{{/with}}',
    );
    expect(spans(findings)).to.deep.equal(['2:8-2:26']);
    expect(findings[0]).to.include({ severity: 'error', rule: 'unknown-field' });
    expect(findings[0].message).to.include('did you mean `description`?');
  });

  it('checks partials against their call sites, and honours the disable comment', () => {
    const files = {
      'pages/index.hbs': '{{#each cart.items}}{{> line}}{{/each}}',
      'partials/line.hbs':
        '{{product_name}}\n{{prodct_name}}\n{{!-- check-theme-disable-next-line unknown-field --}}\n{{qty}}',
    };
    expect(where(lintFiles('unknown-field', files))).to.deep.equal(['partials/line.hbs:2']);
  });

  it('accepts the fields the schemas declare', () => {
    expect(
      lintPage('unknown-field', '{{cart.item_count}} {{#each cart.items}}{{line_total.formatted}}{{/each}}'),
    ).to.deep.equal([]);
  });
});
