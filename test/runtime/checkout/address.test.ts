// Shipping address validation: required and optional fields, lengths, patterns, ISO 3166-1 codes.
import { expect } from 'chai';
import { ADDRESS_FIELDS, validateAddress } from '../../../runtime/checkout/address.js';
import { COUNTRY_CODES } from '../../../runtime/checkout/country-codes.js';

const VALID = {
  name: 'Ada Lovelace',
  line1: '12 St James Square',
  city: 'London',
  postal_code: 'SW1Y 4JH',
  country: 'GB',
};

function errorsOf(value: unknown): Record<string, string> {
  const result = validateAddress(value);
  expect(result, 'expected errors').to.have.property('errors');
  return (result as { errors: Record<string, string> }).errors;
}

describe('runtime/checkout/address', () => {
  it('ships the 249 officially assigned ISO 3166-1 alpha-2 codes', () => {
    expect(COUNTRY_CODES.size).to.equal(249);
    for (const code of ['DE', 'GB', 'US', 'FR', 'JP', 'AX', 'BQ', 'SS', 'ZW'])
      expect(COUNTRY_CODES.has(code), code).to.equal(true);
    for (const code of ['UK', 'EU', 'XK', 'ZZ', 'AA']) expect(COUNTRY_CODES.has(code), code).to.equal(false);
    for (const code of COUNTRY_CODES) expect(code).to.match(/^[A-Z]{2}$/);
  });

  it('accepts a minimal address, trims values, upper-cases the country and fills optional fields', () => {
    const result = validateAddress({ ...VALID, name: '  Ada Lovelace ', country: 'gb', extra: 'dropped' });
    expect(result).to.deep.equal({
      address: {
        name: 'Ada Lovelace',
        line1: '12 St James Square',
        line2: '',
        city: 'London',
        region: '',
        postal_code: 'SW1Y 4JH',
        country: 'GB',
        phone: '',
      },
    });
    expect(Object.keys((result as { address: object }).address)).to.deep.equal(ADDRESS_FIELDS);
  });

  it('accepts the optional fields', () => {
    const result = validateAddress({
      ...VALID,
      line2: 'Flat 3',
      region: 'Greater London',
      phone: '+44 (20) 7946-0000',
    });
    expect(result).to.have.property('address');
  });

  it('names every missing required field at once', () => {
    expect(errorsOf({})).to.have.all.keys('name', 'line1', 'city', 'postal_code', 'country');
    expect(errorsOf({ ...VALID, name: '   ', city: null })).to.have.all.keys('name', 'city');
  });

  it('rejects a missing or non-object shipping_address', () => {
    for (const value of [undefined, null, 'London', 42, [VALID]])
      expect(errorsOf(value)).to.have.all.keys('shipping_address');
  });

  it('rejects non-text values, control characters and overlong values', () => {
    expect(errorsOf({ ...VALID, name: 42 })).to.deep.equal({ name: 'must be text' });
    expect(errorsOf({ ...VALID, line1: 'a\nb' })).to.have.all.keys('line1');
    expect(errorsOf({ ...VALID, city: 'x'.repeat(121) })).to.have.all.keys('city');
    expect(errorsOf({ ...VALID, name: 'x'.repeat(161) })).to.have.all.keys('name');
    expect(validateAddress({ ...VALID, name: 'é'.repeat(160) })).to.have.property('address');
    expect(errorsOf({ ...VALID, line2: 'x'.repeat(201), region: 'y'.repeat(121) })).to.have.all.keys(
      'line2',
      'region',
    );
  });

  it('checks the country against the ISO list', () => {
    expect(errorsOf({ ...VALID, country: 'UK' })).to.have.all.keys('country');
    expect(errorsOf({ ...VALID, country: 'DEU' })).to.have.all.keys('country');
    expect(errorsOf({ ...VALID, country: 'Germany' })).to.have.all.keys('country');
    expect(validateAddress({ ...VALID, country: ' de ' })).to.have.nested.property('address.country', 'DE');
  });

  it('checks postal codes and phone numbers', () => {
    expect(errorsOf({ ...VALID, postal_code: '<script>' })).to.have.all.keys('postal_code');
    expect(errorsOf({ ...VALID, postal_code: '1'.repeat(17) })).to.have.all.keys('postal_code');
    expect(errorsOf({ ...VALID, phone: 'call me' })).to.have.all.keys('phone');
    expect(errorsOf({ ...VALID, phone: '()-' })).to.have.all.keys('phone');
    expect(errorsOf({ ...VALID, phone: '1'.repeat(33) })).to.have.all.keys('phone');
    expect(validateAddress({ ...VALID, phone: '030 1234-5678' })).to.have.property('address');
  });
});
