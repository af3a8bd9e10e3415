import { expect } from 'chai';
import { lintPage, where } from '../helpers.js';

describe('check-theme rule auth-not-callable', () => {
  it('reports auth called as a function in text, <script> and Handlebars', () => {
    const findings = lintPage(
      'auth-not-callable',
      [
        '<p>auth.check()</p>',
        '<script>if (auth.check ()) go();</script>',
        '{{#if (auth.check)}}x{{/if}}',
        '{{auth.user "x"}}',
      ].join('\n'),
    );
    expect(where(findings)).to.deep.equal([
      'pages/index.hbs:1',
      'pages/index.hbs:2',
      'pages/index.hbs:3',
      'pages/index.hbs:4',
    ]);
    expect(findings[0].message).to.include('{{#if auth.check}}');
  });

  it('accepts auth used as data, and ignores Handlebars comments', () => {
    const src =
      '{{#if auth.check}}{{auth.user.display_name}}{{/if}}\n{{!-- never auth.check() --}}\n<p>oauth.check()</p>';
    expect(lintPage('auth-not-callable', src)).to.deep.equal([]);
  });
});
