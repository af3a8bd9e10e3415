import { expect } from 'chai';
import { lintPage, where } from '../helpers.js';

describe('check-theme rule unknown-helper', () => {
  it('reports helpers the theme language does not have', () => {
    const findings = lintPage('unknown-helper', '\n{{money cart.total_price}}');
    expect(where(findings)).to.deep.equal(['pages/index.hbs:2']);
    expect(findings[0].message).to.include('"money"').and.include('urlencode');
  });

  it('accepts the theme helpers', () => {
    expect(
      lintPage(
        'unknown-helper',
        '{{urlencode request.path}} {{#each cart.items}}{{#if (eq quantity 1)}}one{{/if}}{{/each}}',
      ),
    ).to.deep.equal([]);
  });
});
