import { expect } from 'chai';
import { lintPage, where } from '../helpers.js';

describe('check-theme rule syntax-error', () => {
  it('reports a template that does not parse, at its line', () => {
    const findings = lintPage('syntax-error', '<p>a</p>\n<p>{{auth.check()}}</p>');
    expect(where(findings)).to.deep.equal(['pages/index.hbs:2']);
    expect(findings[0].message).to.match(/^syntax error/);
  });

  it('accepts valid Handlebars', () => {
    expect(
      lintPage('syntax-error', '{{#if auth.check}}<p>{{auth.user.email}}</p>{{else}}guest{{/if}}'),
    ).to.deep.equal([]);
  });
});
