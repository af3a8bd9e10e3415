import { expect } from 'chai';
import { minorDigits, money } from '../../runtime/money.js';

describe('runtime/money', () => {
  it('formats minor units with the currency’s own number of digits', () => {
    expect(money(1234, 'GBP')).to.deep.equal({ amount: 1234, currency: 'GBP', formatted: '£12.34' });
    expect(money(1234, 'JPY').formatted).to.equal('JP¥1,234');
    expect(money(1234, 'KWD').formatted.replace(/\s/g, ' ')).to.equal('KWD 1.234'); // ICU puts a no-break space here
    expect(money(0, 'EUR').formatted).to.equal('€0.00');
  });

  it('knows the minor-unit digits of a currency, also after it was used (cached)', () => {
    for (let i = 0; i < 2; i++) {
      expect(minorDigits('EUR')).to.equal(2);
      expect(minorDigits('JPY')).to.equal(0);
      expect(minorDigits('BHD')).to.equal(3);
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
