// The login `next` allowlist: exact same-origin path shapes, everything else → /profile.
import { expect } from 'chai';
import { isAllowedNext, safeNext } from '../../runtime/next-url.js';

describe('runtime/next-url', () => {
  it('keeps every allowed path shape', () => {
    for (const path of [
      '/profile',
      '/products',
      '/products/linen-shirt',
      '/products/Tee_2.0',
      '/cart',
      '/checkout',
      '/my-orders',
      '/my-orders/3f2a9c1e-8d4b-4b6a-9e1f-0a1b2c3d4e5f',
      '/my-orders/3f2a9c1e-8d4b-4b6a-9e1f-0a1b2c3d4e5f/tracking',
      '/my-orders/ABCDEF/tracking',
    ]) {
      expect(safeNext(path), path).to.equal(path);
    }
  });

  it('falls back to /profile for foreign origins, schemes and slash tricks', () => {
    for (const value of [
      'https://evil.example',
      'https://evil.example/profile',
      'http://127.0.0.1/profile',
      '//evil.example',
      '//evil.example/profile',
      '/\\evil.example',
      '\\\\evil.example',
      '\\/evil.example',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' /profile',
      'profile',
      '',
      '/',
    ]) {
      expect(safeNext(value), value).to.equal('/profile');
      expect(isAllowedNext(value), value).to.equal(false);
    }
  });

  it('rejects CR/LF and encoded tricks', () => {
    for (const value of [
      '/profile\r\nSet-Cookie:x',
      '/profile\nx',
      '/profile%0d%0aSet-Cookie:x',
      '/profile%0D%0ASet-Cookie:x',
      '/%2F%2Fevil.example',
      '/%5Cevil.example',
      '/products/%2e%2e/admin',
      '/products/../admin',
      '/products/./x',
      '/my-orders/../../etc',
      '/products/a/b',
      '/profile?x=1',
      '/profile#frag',
      '/profile/',
      '/my-orders/xyz',
      '/my-orders/abc/tracking/extra',
      '/cart\u0000',
      '/cart\t',
    ]) {
      expect(safeNext(value), JSON.stringify(value)).to.equal('/profile');
    }
  });

  it('rejects unlisted paths and non-strings', () => {
    for (const value of [
      '/admin',
      '/login',
      '/register',
      '/tracking',
      '/_post/auth/logout',
      '/products-x',
      '/profiles',
      '/cart2',
    ]) {
      expect(safeNext(value), value).to.equal('/profile');
    }
    for (const value of [undefined, null, 42, ['/cart'], { path: '/cart' }])
      expect(safeNext(value)).to.equal('/profile');
    expect(safeNext(`/products/${'a'.repeat(300)}`)).to.equal('/profile');
  });
});
