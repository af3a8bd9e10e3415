import { expect } from 'chai';
import { lintPage, spans } from '../helpers.js';

describe('check-theme rule helper-argument-type', () => {
  it('reports an argument whose type the helper does not take, at the argument', () => {
    const findings = lintPage(
      'helper-argument-type',
      '{{#with (products.find slug=request.params.slug) as |product|}}\n{{date product.name}}\n{{/with}}',
    );
    expect(spans(findings)).to.deep.equal(['2:8-2:20']);
    expect(findings[0]).to.include({ severity: 'error', rule: 'helper-argument-type' });
    expect(findings[0].message).to.include('`date` takes a date-time string');
  });

  it('accepts arguments of the declared types, and values of unknown type', () => {
    expect(
      lintPage(
        'helper-argument-type',
        '{{date auth.user.membership.joined_at}} {{urlencode request.path}} {{#if (gt cart.item_count 0)}}x{{/if}}',
      ),
    ).to.deep.equal([]);
  });
});
