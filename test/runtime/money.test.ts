import { expect } from 'chai';
import { MAX_ORDER_AMOUNT_MINOR, money } from '../../runtime/money.js';

describe('runtime/money', () => {
  it('formats minor units with the currency’s own number of digits', () => {
    expect(money(1234, 'GBP', 'en-GB')).to.deep.equal({ amount: 1234, currency: 'GBP', formatted: '£12.34' });
    expect(money(1234, 'JPY', 'en-GB').formatted).to.equal('JP¥1,234');
    expect(money(1234, 'KWD', 'en-GB').formatted.replace(/\s/g, ' ')).to.equal('KWD 1.234'); // ICU puts a no-break space here
    expect(money(0, 'EUR').formatted).to.equal('€0.00');
  });

  it('uses the right minor-unit digits for a currency also after it was used (cached)', () => {
    for (let i = 0; i < 2; i++) {
      expect(money(150, 'EUR').formatted).to.equal('€1.50');
      expect(money(150, 'JPY', 'en-GB').formatted).to.equal('JP¥150');
      expect(money(1500, 'BHD').formatted.replace(/\s/g, ' ')).to.equal('BHD 1.500');
    }
  });

  it('keeps currencies apart when they are interleaved', () => {
    expect(
      [money(500, 'USD', 'en-GB'), money(500, 'JPY', 'en-GB'), money(500, 'USD', 'en-GB')].map(
        (m) => m.formatted,
      ),
    ).to.deep.equal(['US$5.00', 'JP¥500', 'US$5.00']);
  });

  it('formats for a locale: fr "12,50 €", de "12,50 €", en "€12.50" (the default), en-US "$", en-GB "US$"', () => {
    const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
    expect(plain(money(1250, 'EUR', 'fr').formatted)).to.equal('12,50 €');
    expect(plain(money(123456, 'EUR', 'fr').formatted)).to.equal('1 234,56 €');
    expect(plain(money(1250, 'EUR', 'de').formatted)).to.equal('12,50 €');
    expect(money(1250, 'EUR').formatted).to.equal('€12.50');
    expect(money(1250, 'USD', 'en-US').formatted).to.equal('$12.50');
    expect(money(1250, 'USD', 'en-GB').formatted).to.equal('US$12.50');
    expect(plain(money(1250, 'BRL', 'pt-BR').formatted)).to.equal('R$ 12,50');
    // The same currency in two locales, interleaved: each keeps its own cached formatter.
    expect([money(100, 'EUR', 'fr'), money(100, 'EUR', 'en')].map((m) => plain(m.formatted))).to.deep.equal([
      '1,00 €',
      '€1.00',
    ]);
  });

  it('has a maximum order amount that is exact in a double and fits a signed 64-bit column many times over', () => {
    expect(MAX_ORDER_AMOUNT_MINOR).to.equal(10 ** 12);
    // Doubled (goods plus 100% tax) and times 999 it is still an exact integer, far below BIGINT.
    expect(Number.isSafeInteger(MAX_ORDER_AMOUNT_MINOR * 999 * 2)).to.equal(true);
    expect(BigInt(MAX_ORDER_AMOUNT_MINOR) * 999n * 2n < 2n ** 63n - 1n).to.equal(true);
    expect(money(MAX_ORDER_AMOUNT_MINOR, 'EUR').formatted).to.equal('€10,000,000,000.00');
  });
});
