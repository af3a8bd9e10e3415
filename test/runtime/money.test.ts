import { expect } from 'chai';
import { money } from '../../runtime/money.js';

describe('runtime/money', () => {
  it('formats minor units with the currency’s own number of digits', () => {
    expect(money(1234, 'GBP')).to.deep.equal({ amount: 1234, currency: 'GBP', formatted: '£12.34' });
    expect(money(1234, 'JPY').formatted).to.equal('JP¥1,234');
    expect(money(1234, 'KWD').formatted.replace(/\s/g, ' ')).to.equal('KWD 1.234'); // ICU puts a no-break space here
    expect(money(0, 'EUR').formatted).to.equal('€0.00');
  });

  it('uses the right minor-unit digits for a currency also after it was used (cached)', () => {
    for (let i = 0; i < 2; i++) {
      expect(money(150, 'EUR').formatted).to.equal('€1.50');
      expect(money(150, 'JPY').formatted).to.equal('JP¥150');
      expect(money(1500, 'BHD').formatted.replace(/\s/g, ' ')).to.equal('BHD 1.500');
    }
  });

  it('keeps currencies apart when they are interleaved', () => {
    expect([money(500, 'USD'), money(500, 'JPY'), money(500, 'USD')].map((m) => m.formatted)).to.deep.equal([
      'US$5.00',
      'JP¥500',
      'US$5.00',
    ]);
  });
});
