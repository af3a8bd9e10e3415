// The quote fingerprint: canonical JSON, HMAC over lines/address/totals, verification across keys.
import { expect } from 'chai';
import {
  canonicalJson,
  fingerprintPayload,
  quoteFingerprint,
  sha256Hex,
  verifyFingerprint,
  type FingerprintInput,
} from '../../../runtime/checkout/fingerprint.js';

const INPUT: FingerprintInput = {
  siteId: '00000000-0000-4000-8000-000000000001',
  currency: 'EUR',
  lines: [
    { variantId: 'bbbbbbbb-0000-4000-8000-000000000000', quantity: 2, unitPrice: 1090 },
    { variantId: 'aaaaaaaa-0000-4000-8000-000000000000', quantity: 1, unitPrice: 500 },
  ],
  address: {
    name: 'A',
    line1: 'B',
    line2: '',
    city: 'C',
    region: '',
    postal_code: '1',
    country: 'DE',
    phone: '',
  },
  totals: { subtotal: 2680, shipping: 495, tax: 635, discount: 0, total: 3810 },
};

describe('runtime/checkout/fingerprint', () => {
  it('canonicalJson sorts keys recursively and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' }, u: undefined })).to.equal(
      '{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson({ a: 1, b: 2 })).to.equal(canonicalJson({ b: 2, a: 1 }));
    expect(() => canonicalJson({ n: Number.NaN })).to.throw(TypeError);
  });

  it('is 64 hex characters, stable, and independent of line order', () => {
    const fp = quoteFingerprint('key-1', INPUT);
    expect(fp).to.match(/^[0-9a-f]{64}$/);
    expect(quoteFingerprint('key-1', { ...INPUT, lines: [...INPUT.lines].reverse() })).to.equal(fp);
    expect(sha256Hex('abc')).to.equal('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('changes with every covered value', () => {
    const fp = quoteFingerprint('key-1', INPUT);
    const variants: FingerprintInput[] = [
      { ...INPUT, lines: [{ ...INPUT.lines[0], quantity: 3 }, INPUT.lines[1]] },
      { ...INPUT, lines: [{ ...INPUT.lines[0], unitPrice: 1091 }, INPUT.lines[1]] },
      { ...INPUT, lines: [INPUT.lines[0]] },
      { ...INPUT, address: { ...INPUT.address, postal_code: '2' } },
      { ...INPUT, totals: { ...INPUT.totals, tax: 636 } },
      { ...INPUT, currency: 'USD' },
      { ...INPUT, siteId: '00000000-0000-4000-8000-000000000002' },
    ];
    for (const v of variants) expect(quoteFingerprint('key-1', v), fingerprintPayload(v)).not.to.equal(fp);
    expect(quoteFingerprint('key-2', INPUT)).not.to.equal(fp);
  });

  it('verifies with any current key and rejects everything else', () => {
    const old = quoteFingerprint('old-key', INPUT);
    expect(verifyFingerprint(['new-key', 'old-key'], INPUT, old)).to.equal(true);
    expect(verifyFingerprint(['new-key'], INPUT, old)).to.equal(false);
    expect(verifyFingerprint(['old-key'], { ...INPUT, currency: 'USD' }, old)).to.equal(false);
    for (const bad of [undefined, null, 42, '', old.toUpperCase(), old.slice(1), `${old}00`])
      expect(verifyFingerprint(['old-key'], INPUT, bad)).to.equal(false);
  });
});
