import { expect } from 'chai';
import { createHandlebars } from '../../../../runtime/theme/helpers/index.js';
import { decimalAmount } from '../../../../runtime/theme/helpers/decimal.js';
import { money } from '../../../../runtime/money.js';

const hb = createHandlebars({ renderTemplate: () => '', assetUrl: (p) => `/assets/${p}` });
const render = (source: string, context: unknown) => hb.compile(source)(context);

describe('theme helper decimal', () => {
  it("writes a money object's amount in major units with its currency's digits", () => {
    expect(render('{{decimal price}}', { price: money(1250, 'EUR') })).to.equal('12.50');
    expect(render('{{decimal price}}', { price: money(5, 'EUR') })).to.equal('0.05');
    expect(render('{{decimal price}}', { price: money(1200, 'JPY') })).to.equal('1200');
    expect(render('{{decimal price}}', { price: money(1250, 'KWD') })).to.equal('1.250');
    expect(decimalAmount(-199, 'USD')).to.equal('-1.99');
    expect(decimalAmount(100_000_000_000_000, 'EUR')).to.equal('1000000000000.00');
  });

  it('writes nothing for something that is no money object', () => {
    expect(render('{{decimal price}}', {})).to.equal('');
    expect(render('{{decimal price}}', { price: { amount: 1, currency: 'NOPE' } })).to.equal('');
    expect(render('{{decimal price}}', { price: 'x' })).to.equal('');
  });
});
