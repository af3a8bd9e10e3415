import { expect } from 'chai';
import Keygrip from 'keygrip';
import { CookieKeys } from '../../../runtime/http/cookie-keys.js';

const OLD = 'an-old-key-that-is-long-enough-for-us-000';
const NEW = 'the-current-key-that-is-long-enough-for-111';

describe('http/cookie-keys', () => {
  it('signs and checks exactly as keygrip does, with the first key signing', () => {
    const keys = new CookieKeys([NEW, OLD]);
    const grip = new Keygrip([NEW, OLD]);
    const data = 'sf_csrf=abc';
    expect(keys.sign(data)).to.equal(grip.sign(data));
    expect(keys.index(data, grip.sign(data))).to.equal(0);
    expect(keys.index(data, new Keygrip([OLD]).sign(data))).to.equal(1);
    expect(keys.verify(data, 'forged')).to.equal(false);
    expect(keys.index('sf_csrf=abd', grip.sign(data))).to.equal(-1);
  });

  it('answers the same for a signature it has proven before, and still refuses others', () => {
    const keys = new CookieKeys([NEW]);
    const signature = new Keygrip([NEW]).sign('sf_session=x');
    for (let i = 0; i < 3; i++) expect(keys.verify('sf_session=x', signature)).to.equal(true);
    // A proven signature does not vouch for other data, nor other data's signature for it.
    expect(keys.verify('sf_session=y', signature)).to.equal(false);
    expect(keys.verify('sf_session=x', `${signature.slice(0, -1)}A`)).to.equal(false);
  });

  it('keeps a proven signature valid only under the keys that proved it', () => {
    const signature = new Keygrip([OLD]).sign('sf_csrf=abc');
    expect(new CookieKeys([OLD]).verify('sf_csrf=abc', signature)).to.equal(true);
    expect(new CookieKeys([NEW]).verify('sf_csrf=abc', signature)).to.equal(false);
  });

  it('remembers only proven pairs, and at most its limit of them', () => {
    const keys = new CookieKeys([NEW], 3);
    const grip = new Keygrip([NEW]);
    expect(keys.verify('c=x', 'forged')).to.equal(false);
    expect(keys.remembered).to.equal(0);
    for (let i = 0; i < 5; i++) expect(keys.verify(`c=${i}`, grip.sign(`c=${i}`))).to.equal(true);
    expect(keys.remembered).to.equal(3);
    // the first pair left the memory and is checked again, with the same answer
    expect(keys.verify('c=0', grip.sign('c=0'))).to.equal(true);
    expect(keys.verify('c=0', grip.sign('c=1'))).to.equal(false);
  });
});
