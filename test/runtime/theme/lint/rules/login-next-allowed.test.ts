import { expect } from 'chai';
import { lintPage, where } from '../helpers.js';

describe('check-theme rule login-next-allowed', () => {
  it('reports literal next values outside the allowlist', () => {
    const src = [
      '<a href="/login?next=https://evil.example">a</a>',
      '<a href="/login?next=%2F%2Fevil.example">b</a>',
      '<a href="/login?next=/admin">c</a>',
      '<form method="post" action="/_post/auth/login"><input type="hidden" name="next" value="/settings"></form>',
    ].join('\n');
    expect(where(lintPage('login-next-allowed', src))).to.deep.equal([
      'pages/index.hbs:1',
      'pages/index.hbs:2',
      'pages/index.hbs:3',
      'pages/index.hbs:4',
    ]);
  });

  it('accepts allowed paths and next={{urlencode request.path}}', () => {
    const src = [
      '<a href="/login?next={{urlencode request.path}}">a</a>',
      '<a href="/login?next=%2Fmy-orders%2F3f2a-9c">b</a>',
      '<a href="/login?next=/products/blue-shirt">c</a>',
      '<a href="/login">d</a>',
    ].join('\n');
    expect(lintPage('login-next-allowed', src)).to.deep.equal([]);
  });
});
