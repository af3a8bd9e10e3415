import { expect } from 'chai';
import { lintPage, where } from '../helpers.js';

describe('check-theme rule private-orders-use-find', () => {
  it('reports orders.track on pages/my-orders/**', () => {
    const src = '<h1>Order</h1>\n{{#with (orders.track number=request.params.id) as |o|}}{{o.id}}{{/with}}';
    expect(where(lintPage('private-orders-use-find', src, 'pages/my-orders/show.hbs'))).to.deep.equal([
      'pages/my-orders/show.hbs:2',
    ]);
  });

  it('accepts orders.find there and orders.track on the public tracking page', () => {
    expect(
      lintPage(
        'private-orders-use-find',
        '{{#with (orders.find id=request.params.id) as |o|}}{{o.id}}{{/with}}',
        'pages/my-orders/show.hbs',
      ),
    ).to.deep.equal([]);
    expect(
      lintPage(
        'private-orders-use-find',
        '{{#with (orders.track number=request.query.number) as |o|}}{{o.id}}{{/with}}',
        'pages/tracking.hbs',
      ),
    ).to.deep.equal([]);
  });
});
