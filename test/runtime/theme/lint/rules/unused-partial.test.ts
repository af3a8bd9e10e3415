import { expect } from 'chai';
import { lintFiles, spans } from '../helpers.js';

describe('check-theme rule unused-partial', () => {
  it('reports partials no other template includes, on the partial (1:1)', () => {
    const findings = lintFiles('unused-partial', {
      'pages/index.hbs': '{{> card}}{{#> frame}}x{{/frame}}',
      'partials/card.hbs': '{{> icons/cart}}',
      'partials/frame.hbs': '<div>{{> @partial-block}}</div>',
      'partials/icons/cart.hbs': '<svg></svg>',
      'partials/old-banner.hbs': '{{> old-banner}}',
      'partials/unused.hbs': '<p>never</p>',
    });
    expect(findings.map((f) => `${f.file}:${spans([f])[0]}`)).to.deep.equal([
      'partials/old-banner.hbs:1:1-1:1',
      'partials/unused.hbs:1:1-1:1',
    ]);
    expect(findings[1].message).to.equal(
      'partial unused is not included by any template ({{> unused}}): delete partials/unused.hbs, or include it where it is needed',
    );
  });

  it('honours a disable comment at the top of the partial', () => {
    const files = {
      'pages/index.hbs': '<p>x</p>',
      'partials/kept.hbs': '{{!-- check-theme-disable unused-partial --}}\n<p>kept for the next sale</p>',
    };
    expect(lintFiles('unused-partial', files)).to.deep.equal([]);
  });
});
