import { expect } from 'chai';
import { lintPage, where } from '../helpers.js';

describe('check-theme rule unresolvable-data-call', () => {
  it('reports calls whose arguments cannot be resolved before the render, and unknown calls', () => {
    expect(
      where(
        lintPage(
          'unresolvable-data-call',
          '{{#each items}}\n{{#with (products.find slug=slug) as |p|}}{{p.name}}{{/with}}{{/each}}',
        ),
      ),
    ).to.deep.equal(['pages/index.hbs:2']);
    expect(
      lintPage('unresolvable-data-call', '{{#with (products.search q="x") as |r|}}{{/with}}')[0].message,
    ).to.include('unknown data call products.search');
  });

  it('accepts literal and request arguments', () => {
    expect(
      lintPage(
        'unresolvable-data-call',
        '{{#with (products.paginate limit=12 page=request.query.page) as |p|}}{{/with}}{{#with (products.find slug=request.params.slug) as |x|}}{{/with}}',
      ),
    ).to.deep.equal([]);
  });
});
