import { expect } from 'chai';
import { lintFiles, lintPage, where } from './helpers.js';

describe('check-theme inline directives', () => {
  it('disable-next-line silences the named rule (or all rules) on the next line only', () => {
    const src = [
      '{{!-- check-theme-disable-next-line logout-get --}}',
      '<a href="/logout">a</a>',
      '<a href="/logout">b</a>',
      '{{! check-theme-disable-next-line }}',
      '<a href="/logout">c</a>',
      '{{!-- check-theme-disable-next-line csrf-token-missing --}}',
      '<a href="/logout">d</a>',
    ].join('\n');
    expect(where(lintPage('logout-get', src))).to.deep.equal(['pages/index.hbs:3', 'pages/index.hbs:7']);
  });

  it('disable … enable ranges, per rule or for all rules', () => {
    const src = [
      '{{!-- check-theme-disable logout-get --}}',
      '<a href="/logout">a</a>',
      '{{!-- check-theme-enable logout-get --}}',
      '<a href="/logout">b</a>',
      '{{!-- check-theme-disable --}}',
      '<a href="/logout">c</a>',
    ].join('\n');
    expect(where(lintPage('logout-get', src))).to.deep.equal(['pages/index.hbs:4']);
  });

  it('works in theme scripts with // comments', () => {
    const js =
      "// check-theme-disable-next-line logout-get\nlocation.href = '/logout';\nlocation.href = '/logout';\n";
    expect(where(lintFiles('logout-get', { 'assets/js/a.js': js }))).to.deep.equal(['assets/js/a.js:3']);
  });
});
